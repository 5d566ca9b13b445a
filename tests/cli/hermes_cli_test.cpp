// `sediment hermes ...` (docs/verbs.md#hermes) run as a real process on a copy of the fixture Hermes home:
// import-pending, list, status, the config.yaml warnings, and settling through `inbox`.
#include "CliRun.h"
#include "inbox/MemoryWritePlan.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

using clitest::Run;

} // namespace

class HermesCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir.path(), args); }
    bool staged(const QString& id) const
    {
        return QFile::exists(path(QStringLiteral("pending/memory/%1.json").arg(id)));
    }
    QByteArray fileBytes(const QString& rel) const
    {
        QFile f(path(rel));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    void writeBytes(const QString& rel, const QByteArray& bytes) const
    {
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(bytes), bytes.size());
    }
    void writeConfig(const QByteArray& yaml)
    {
        QFile f(path(QStringLiteral("config.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(yaml);
    }

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
    }

    void importPendingImportsAndListsTheUnusableFile()
    {
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const Json j = r.json();
        QCOMPARE(j["imported"].size(), size_t(11));
        QCOMPARE(j["imported"][0].value("hermes_id", ""), std::string("1a2b3c01"));
        QCOMPARE(j["imported"][0].value("origin", ""), std::string("background_review"));
        QCOMPARE(j["unparseable"].size(), size_t(1));
        QCOMPARE(j["unparseable"][0].value("file", ""), std::string("bad0bad0.json"));
        QVERIFY(j["warnings"].empty());
        QVERIFY(staged(QStringLiteral("bad0bad0")));

        const Run again = run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains("0 imported, 11 waiting for a decision, 0 settled, 1 unusable"),
                 again.out.constData());
        QVERIFY(again.out.contains("cannot use pending/memory/bad0bad0.json: not valid JSON"));
    }

    void approvingThroughTheInboxRemovesTheStagedFile()
    {
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        const qint64 id = j["imported"][0].value("inbox_id", qint64(0));
        const Run approve = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(approve.code, 0);
        QVERIFY(!staged(QStringLiteral("1a2b3c01")));
        QFile mem(path(QStringLiteral("memories/MEMORY.md")));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        QVERIFY(mem.readAll().endsWith(
            "\n§\nThe CI cache key includes the compiler version; bump it after toolchain upgrades."));
    }

    void settlingRemovesOnlyTheFileItImported()
    {
        // Another file claims the id of 1a2b3c01 with another write: nobody decided it.
        QByteArray other = fileBytes(QStringLiteral("pending/memory/1a2b3c01.json"));
        other.replace("bump it after toolchain upgrades", "never bump it");
        writeBytes(QStringLiteral("pending/memory/zzzz9999.json"), other);
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(j["imported"][0].value("hermes_id", ""), std::string("1a2b3c01"));
        const qint64 id = j["imported"][0].value("inbox_id", qint64(0));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QVERIFY(!staged(QStringLiteral("1a2b3c01")));

        const Json again =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(fileBytes(QStringLiteral("pending/memory/zzzz9999.json")), other);
        QVERIFY(again["settled"].empty());
        bool reported = false;
        for (const auto& p : again["unparseable"])
            reported = reported
                       || (p.value("file", "") == "zzzz9999.json"
                           && p.value("error", "") == "id '1a2b3c01' is used by another staged file");
        QVERIFY2(reported, again.dump().c_str());
    }

    void aStagedFileEditedAfterImportIsNotRemovedBySettling()
    {
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        const qint64 id = j["imported"][0].value("inbox_id", qint64(0)); // 1a2b3c01
        QByteArray edited = fileBytes(QStringLiteral("pending/memory/1a2b3c01.json"));
        edited.replace("bump it after toolchain upgrades", "never bump it");
        writeBytes(QStringLiteral("pending/memory/1a2b3c01.json"), edited);
        const Run approve = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(approve.code, 0);
        QCOMPARE(fileBytes(QStringLiteral("pending/memory/1a2b3c01.json")), edited);

        const Json again =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(fileBytes(QStringLiteral("pending/memory/1a2b3c01.json")), edited);
        bool reported = false;
        for (const auto& p : again["unparseable"])
            reported = reported
                       || (p.value("file", "") == "1a2b3c01.json"
                           && p.value("error", "")
                                  .starts_with("id '1a2b3c01' was already decided, and it holds "
                                               "another write than the one inbox item"));
        QVERIFY2(reported, again.dump().c_str());
    }

    void pinnedWritesApplyToTheirEntryOrFailWithHermesMessage()
    {
        QVERIFY(QDir(path(QStringLiteral("pending/memory"))).removeRecursively());
        const auto stage = [&](const char* id, const char* payload) {
            QDir().mkpath(path(QStringLiteral("pending/memory")));
            QFile f(path(QStringLiteral("pending/memory/%1.json").arg(QLatin1String(id))));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("{\n  \"id\": \"") + id + "\",\n  \"subsystem\": \"memory\",\n  \"payload\": " + payload
                    + "\n}\n");
        };
        // Pinned to the Tuesday entry, which old_text alone ("the") would not single out.
        stage(
            "9e9e0001",
            R"({"action": "replace", "target": "memory", "old_text": "the", "content": "Deploys happen on Wednesdays.", "matched_entry": "Deploys happen on Tuesdays after the 10:00 standup."})");
        stage(
            "9e9e0002",
            R"({"action": "remove", "target": "memory", "old_text": "uv", "matched_entry": "Python tooling uses uv; never pip install."})");
        stage(
            "9e9e0003",
            R"({"action": "batch", "target": "memory", "operations": [{"action": "add", "content": "x"}, {"action": "remove", "old_text": "bastion"}]})");
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(j["imported"].size(), size_t(3));
        const auto approve = [&](int index) {
            const qint64 id = j["imported"][index].value("inbox_id", qint64(0));
            return run(
                {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id), QStringLiteral("--json")});
        };
        QFile mem(path(QStringLiteral("memories/MEMORY.md")));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        const QByteArray before = mem.readAll();
        mem.close();

        const Run ok = approve(0);
        QCOMPARE(ok.code, 0);
        QVERIFY(!staged(QStringLiteral("9e9e0001")));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        const QByteArray after = mem.readAll();
        mem.close();
        QCOMPARE(after, QByteArray(before).replace("Deploys happen on Tuesdays after the 10:00 standup.",
                                                   "Deploys happen on Wednesdays."));

        const Run changed = approve(1);
        QVERIFY2(changed.out.contains("Entry changed since it was staged, so this write was not applied: "
                                      "'Python tooling uses uv; never pip install.' is no longer in memory "
                                      "as reviewed. Recreate the change against the current entry or "
                                      "reject it; the pending record has been preserved."),
                 changed.out.constData());
        QVERIFY(changed.out.contains("\"failed\""));
        QVERIFY(staged(QStringLiteral("9e9e0002")));

        const Run unpinned = approve(2);
        QVERIFY2(unpinned.out.contains("This destructive pending write predates entry pinning and cannot "
                                       "be verified; nothing was applied. Reject it and recreate the "
                                       "change."),
                 unpinned.out.constData());
        QVERIFY(staged(QStringLiteral("9e9e0003")));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        QCOMPARE(mem.readAll(), after);
    }

    void listShowsEveryOperationOfABatchWithTheBudget()
    {
        run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json items = r.json();
        QCOMPARE(items.size(), size_t(11));
        const Json& batch = items[4];
        QCOMPARE(batch.value("hermes_id", ""), std::string("1a2b3c05"));
        QCOMPARE(batch["operations"].size(), size_t(3));
        QCOMPARE(batch["budget"].value("current", 0), 270);
        QCOMPARE(batch["budget"].value("limit", 0), 1500);
        QCOMPARE(batch["budget"].value("after", 0), 425);
        const Run human = run({QStringLiteral("hermes"), QStringLiteral("list")});
        QVERIFY(human.out.contains("1a2b3c05 [pending] memory background_review"));
        QVERIFY(human.out.contains("    replace 'bastion host' → The staging server"));
    }

    void listShowsWhatTheDesktopWritePlanShows()
    {
        run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        const Json items = run({QStringLiteral("hermes"), QStringLiteral("list"), QStringLiteral("--json")}).json();
        QCOMPARE(items.size(), size_t(11));
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws.has_value());
        InboxRepository inbox((*ws)->db());
        for (const Json& listed : items) {
            auto found = inbox.find(listed.value("inbox_id", qint64(0)));
            QVERIFY(found && *found);
            auto plan = MemoryWritePlan::forItem(**ws, **found);
            QVERIFY(plan && *plan);
            QVERIFY(listed["budget"] == (*plan)->budget.toJson());
            QCOMPARE(listed["operations"].size(), (*plan)->steps.size());
            for (std::size_t i = 0; i < (*plan)->steps.size(); ++i) {
                const auto& step = (*plan)->steps[i];
                const Json& op = listed["operations"][i];
                QCOMPARE(fromStd(op.value("action", std::string())), step.action);
                QCOMPARE(op.contains("content"), step.content.has_value());
                QCOMPARE(op.contains("old_text"), step.oldText.has_value());
            }
        }
    }

    void statusNamesWhereTheLimitsComeFrom()
    {
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json j = r.json();
        QCOMPARE(j.value("memory_char_limit", 0), 1500);
        QCOMPARE(j.value("memory_char_limit_from", ""), std::string("config.yaml"));
        QCOMPARE(j.value("user_char_limit", 0), 300);
        QCOMPARE(j.value("write_approval", false), true);
        QCOMPARE(j.value("staged_files", 0), 12);
        QCOMPARE(j.value("unparseable_files", 0), 1);
    }

    void onlyNamesEndingInLowerCaseJsonAreRecords()
    {
        // Hermes' glob("*.json") is case-sensitive: these are not in its queue, nor in ours.
        const QByteArray record = fileBytes(QStringLiteral("pending/memory/1a2b3c01.json"));
        writeBytes(QStringLiteral("pending/memory/a.JSON"), record);
        writeBytes(QStringLiteral("pending/memory/b.Json"), "not a record");
        const Json s = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json")}).json();
        QCOMPARE(s.value("staged_files", 0), 12);
        QCOMPARE(s.value("unparseable_files", 0), 1);
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(j["imported"].size(), size_t(11));
        QCOMPARE(j["unparseable"].size(), size_t(1));
        QCOMPARE(fileBytes(QStringLiteral("pending/memory/a.JSON")), record);
    }

    void approvalWritesTheStagedTextExactlyAsHermesWould()
    {
        QVERIFY(QDir(path(QStringLiteral("pending/memory"))).removeRecursively());
        QDir().mkpath(path(QStringLiteral("pending/memory")));
        writeConfig("memory:\n  memory_char_limit: 10000\n  write_approval: true\n");
        const auto stage = [&](const char* id, const std::string& content, double at) {
            const Json r = {{"id", id},
                            {"subsystem", "memory"},
                            {"action", "add"},
                            {"summary", "add to memory"},
                            {"origin", "foreground"},
                            {"created_at", at},
                            {"payload", {{"action", "add"}, {"target", "memory"}, {"content", content}}}};
            writeBytes(QStringLiteral("pending/memory/%1.json").arg(QLatin1String(id)),
                       QByteArray::fromStdString(r.dump(2)));
        };
        const std::string longEntry(5000, 'x');
        stage("ee000001", longEntry, 1.0);
        stage("ee000002",
              "a\x07"
              "b",
              2.0);
        stage("ee000003", "a\rb", 3.0);
        stage("ee000004", "zero\u200Bwidth", 4.0); // Hermes' invisible-character refusal
        const QByteArray before = fileBytes(QStringLiteral("memories/MEMORY.md"));
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(j["imported"].size(), size_t(4));
        for (int i = 0; i < 3; ++i) {
            const qint64 id = j["imported"][i].value("inbox_id", qint64(0));
            QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
            const Json shown =
                run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
                    .json();
            QCOMPARE(shown.value("status", ""), std::string("applied"));
            QVERIFY2(shown["sanitized"].is_null() || shown["sanitized"].empty(), shown.dump().c_str());
        }
        QCOMPARE(fileBytes(QStringLiteral("memories/MEMORY.md")), before + "\n\xC2\xA7\n"
                                                                      + QByteArray::fromStdString(longEntry)
                                                                      + "\n\xC2\xA7\na\x07"
                                                                        "b"
                                                                      + "\n\xC2\xA7\na\rb");

        const qint64 hidden = j["imported"][3].value("inbox_id", qint64(0));
        const Run refused = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(hidden)});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("Blocked: content contains invisible unicode character U+200B"),
                 refused.err.constData());
        QVERIFY(staged(QStringLiteral("ee000004")));
    }

    void aMalformedConfigYamlIsReportedAndTheDefaultsApply()
    {
        writeConfig("memory:\n  memory_char_limit: [1500\n");
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("status")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.startsWith("sediment: warning: ") && r.err.contains("malformed YAML"), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.contains("memory limit: 2200 chars (default)"));
        const Json j = run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json")}).json();
        QCOMPARE(j["warnings"].size(), size_t(1));
        QCOMPARE(j.value("user_char_limit", 0), 1375);
    }

    void badUsageIsOneLineAndExitCodeTwo()
    {
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("drain")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err,
                 QByteArray("sediment: hermes: unknown command 'drain' (accepted: import-pending, list, status)\n"));
        QVERIFY(!QFile::exists(path(QStringLiteral("sediment.db"))) || staged(QStringLiteral("1a2b3c01")));
        QCOMPARE(run({QStringLiteral("hermes")}).code, 2);
    }
};

QTEST_GUILESS_MAIN(HermesCliTest)
#include "hermes_cli_test.moc"
