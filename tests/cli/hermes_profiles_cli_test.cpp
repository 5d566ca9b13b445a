// A Hermes root with named profiles through the real `sediment` process: one import over every
// profile's queue, `inbox list --json`'s hermes object, decisions that write only their own
// profile's files, and `hermes status` counting and ageing each profile's queue.
#include "CliRun.h"
#include "FileBytes.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using clitest::Run;

namespace {

QByteArray stagedRecord(const char* id, const char* target, const char* content, double createdAt)
{
    const nlohmann::json j = {{"id", id},
                              {"subsystem", "memory"},
                              {"action", "add"},
                              {"summary", std::string("add to memory: ") + content},
                              {"origin", "background_review"},
                              {"created_at", createdAt},
                              {"payload", {{"action", "add"}, {"target", target}, {"content", content}}}};
    return QByteArray::fromStdString(j.dump(2));
}

// 2026-09-21T08:46:20.578Z: twelve days after the fixture's oldest staged write.
const QString kNow = QStringLiteral("2026-09-21T08:46:20.578Z");

} // namespace

class HermesProfilesCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir.path(), args); }
    QByteArray bytes(const QString& rel) const { return sediment::test::fileBytes(path(rel)); }

private Q_SLOTS:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
        const QString from = QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home");
        QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString src = it.next();
            const QString dst = m_dir.path() + src.mid(from.size());
            QDir().mkpath(QFileInfo(dst).absolutePath());
            QVERIFY(QFile::copy(src, dst));
        }
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/config.yaml")),
                                       "memory:\n  memory_char_limit: 800\n");
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/memories/MEMORY.md")), "Work entry.");
        // Older than anything in the root's queue: 2026-09-09T08:00:00Z and a minute later.
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/pending/memory/aa000001.json")),
                                       stagedRecord("aa000001", "memory", "Work fact one.", 1788940800.0));
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/pending/memory/1a2b3c01.json")),
                                       stagedRecord("1a2b3c01", "memory", "Work fact two.", 1788940860.0));
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/empty/config.yaml")), "");
    }

    void importCoversEveryProfileAndListsItsItemsWithTheProfile()
    {
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const auto j = r.json();
        QCOMPARE(j["imported"].size(), size_t(13));
        QCOMPARE(j["imported"][0].value("profile", ""), std::string("work"));
        QCOMPARE(j["imported"][0].value("hermes_id", ""), std::string("aa000001"));

        const Run list = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        int work = 0;
        for (const auto& item : list.json()) {
            QVERIFY(item.contains("hermes"));
            const auto& h = item["hermes"];
            QCOMPARE(h.size(), size_t(5));
            QCOMPARE(h.value("subsystem", ""), std::string("memory"));
            if (h.value("profile", "") == "work") {
                ++work;
                QCOMPARE(h.value("origin", ""), std::string("background_review"));
                QVERIFY(h.value("summary", "").starts_with("add to memory: Work fact"));
            } else {
                QCOMPARE(h.value("profile", ""), std::string("default"));
            }
        }
        QCOMPARE(work, 2);
    }

    void approvingAWorkItemWritesOnlyTheWorkProfile()
    {
        const auto j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        qint64 id = 0;
        for (const auto& w : j["imported"])
            if (w.value("profile", "") == "work" && w.value("hermes_id", "") == "1a2b3c01")
                id = w.value("inbox_id", qint64(0));
        QVERIFY(id > 0);
        const QByteArray rootBefore = bytes(QStringLiteral("memories/MEMORY.md"));
        const Run approve = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(approve.code, 0);
        QCOMPARE(bytes(QStringLiteral("profiles/work/memories/MEMORY.md")),
                 QByteArray("Work entry.\n§\nWork fact two."));
        QCOMPARE(bytes(QStringLiteral("memories/MEMORY.md")), rootBefore);
        QVERIFY(!QFile::exists(path(QStringLiteral("profiles/work/pending/memory/1a2b3c01.json"))));
        QVERIFY(QFile::exists(path(QStringLiteral("pending/memory/1a2b3c01.json"))));
    }

    void aProfilesUnreadableStoreHidesNoItemAndFailsOnlyItsOwnApproval()
    {
        // Not UTF-8: Hermes refuses every write to it, and so must Sediment, item by item.
        const QByteArray broken("Work entry.\xff\xfe");
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/memories/MEMORY.md")), broken);
        const auto j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(j["imported"].size(), size_t(13));
        const qint64 id = j["imported"][0].value("inbox_id", qint64(0)); // work's aa000001

        const Run listed = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(listed.code, 0);
        QCOMPARE(listed.json().size(), size_t(13));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("list")}).code, 0);
        const Run hermes = run({QStringLiteral("hermes"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(hermes.code, 0);
        QCOMPARE(hermes.json().size(), size_t(13));
        for (const auto& w : hermes.json())
            QCOMPARE(w.contains("store_error"), w.value("profile", "") == "work");

        const Run approve = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(approve.code, 1);
        QVERIFY2(approve.err.contains("Refusing to write MEMORY.md: the file exists on disk but could not be read "
                                      "right now"),
                 approve.err.constData());
        const auto shown =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
                .json();
        QCOMPARE(shown.value("status", ""), std::string("failed"));
        QVERIFY(shown.value("reason", "").starts_with("Refusing to write MEMORY.md:"));
        QCOMPARE(bytes(QStringLiteral("profiles/work/memories/MEMORY.md")), broken);
        QVERIFY(QFile::exists(path(QStringLiteral("profiles/work/pending/memory/aa000001.json"))));
    }

    void statusCountsAndAgesEachProfileAndSubsystem()
    {
        run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json"),
                           QStringLiteral("--now"), kNow});
        QCOMPARE(r.code, 0);
        const auto j = r.json();
        QCOMPARE(j.value("pending", 0), 13);
        QCOMPARE(j.value("oldest_created_at", ""), std::string("2026-09-09T08:00:00.000Z"));
        QCOMPARE(j["profiles"].size(), size_t(3));
        const auto& root = j["profiles"][0];
        QCOMPARE(root.value("profile", ""), std::string("default"));
        QCOMPARE(root.value("pending", 0), 11);
        QCOMPARE(root.value("oldest_age_seconds", qint64(0)), qint64(12 * 86400));
        QCOMPARE(root["subsystems"]["memory"].value("pending", 0), 11);
        QCOMPARE(root["subsystems"]["skills"].value("pending", -1), 0);
        QVERIFY(root["subsystems"]["skills"]["oldest_age_seconds"].is_null());
        const auto& empty = j["profiles"][1];
        QCOMPARE(empty.value("profile", ""), std::string("empty"));
        QCOMPARE(empty.value("pending", -1), 0);
        QVERIFY(empty["oldest_age_seconds"].is_null());
        const auto& work = j["profiles"][2];
        QCOMPARE(work.value("profile", ""), std::string("work"));
        QCOMPARE(work.value("pending", 0), 2);
        QCOMPARE(work.value("oldest_age_seconds", qint64(0)), qint64(12 * 86400 + 2780));

        const Run human = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--now"), kNow});
        QCOMPARE(human.code, 0);
        QVERIFY2(human.out.contains("default: 11 waiting (memory 11, skills 0), oldest waiting 12 days\n"),
                 human.out.constData());
        QVERIFY(human.out.contains("empty: 0 waiting (memory 0, skills 0)\n"));
        QVERIFY(human.out.contains("work: 2 waiting (memory 2, skills 0), oldest waiting 12 days\n"));
    }

    // A status bar polls before anyone opened the app: what is staged waits all the same, and
    // asking imports nothing.
    void statusCountsStagedFilesNoImportHasReadYet()
    {
        const Run before = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json"),
                                QStringLiteral("--now"), kNow});
        QCOMPARE(before.code, 0);
        auto j = before.json();
        QCOMPARE(j.value("pending", 0), 13);
        QCOMPARE(j.value("oldest_created_at", ""), std::string("2026-09-09T08:00:00.000Z"));
        QCOMPARE(j["profiles"][0]["subsystems"]["memory"].value("pending", 0), 11);
        QCOMPARE(j["profiles"][2].value("pending", 0), 2);
        QCOMPARE(j["profiles"][2].value("oldest_age_seconds", qint64(0)), qint64(12 * 86400 + 2780));
        QCOMPARE(j["records"].value("imported", -1), 0);
        const Run list = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.json().size(), size_t(0));

        // Imported, then one more staged: the imported ones are not counted twice.
        run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        const nlohmann::json skill = {{"id", "bb000001"},
                                      {"subsystem", "skills"},
                                      {"action", "delete"},
                                      {"summary", "delete 'x'"},
                                      {"origin", "foreground"},
                                      {"created_at", 1789000000.0},
                                      {"payload", {{"action", "delete"}, {"name", "x"}}}};
        sediment::test::writeFileBytes(path(QStringLiteral("profiles/work/pending/skills/bb000001.json")),
                                       QByteArray::fromStdString(skill.dump(2)));
        j = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--now"),
                 kNow})
                .json();
        QCOMPARE(j.value("pending", 0), 14);
        QCOMPARE(j["profiles"][2].value("pending", 0), 3);
        QCOMPARE(j["profiles"][2]["subsystems"]["skills"].value("pending", 0), 1);
        QCOMPARE(j["profiles"][2]["subsystems"]["skills"].value("oldest_created_at", ""),
                 std::string("2026-09-10T00:26:40.000Z"));
    }

    void decidedItemsLeaveTheCount()
    {
        const auto j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        const qint64 id = j["imported"][0].value("inbox_id", qint64(0)); // work's aa000001
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), QString::number(id),
                      QStringLiteral("--reason"), QStringLiteral("wrong")})
                     .code,
                 0);
        const auto s = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json"),
                            QStringLiteral("--now"), kNow})
                           .json();
        QCOMPARE(s["profiles"][2].value("pending", 0), 1);
        QCOMPARE(s["profiles"][2].value("oldest_created_at", ""), std::string("2026-09-09T08:01:00.000Z"));
        QVERIFY(!QFile::exists(path(QStringLiteral("profiles/work/pending/memory/aa000001.json"))));
    }
};

QTEST_GUILESS_MAIN(HermesProfilesCliTest)
#include "hermes_profiles_cli_test.moc"
