// Groups from the outside (docs/user-guide.md#groups): items aimed at one target listed together by
// `inbox list group:target`; `inbox approve-group` applying them in order as one journaled
// decision, all or nothing, each item with its own audit row; `inbox keep` refusing the others as
// superseded. Real processes on Hermes-shaped homes.
#include "CliRun.h"
#include "HermesStaging.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;
using clitest::Run;

namespace {

using sediment::test::readAll;
using sediment::test::writeAll;

constexpr int kPatches = 25; // more than Hermes' 20 operations per batch call

// "b1007": a Hermes id (std::string's operator+ on a literal trips GCC 12's -Wrestrict).
std::string hid(char prefix, int n) { return QStringLiteral("%1%2").arg(QLatin1Char(prefix)).arg(n).toStdString(); }
std::string stepOf(int k, const char* tail)
{
    return QStringLiteral("Step %1%2").arg(k).arg(QLatin1String(tail)).toStdString();
}

} // namespace

class InboxGroupsCliTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::map<std::string, qint64> m_ids; // Hermes id -> inbox id

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir->path(), args); }
    QString id(const char* hermesId) { return QString::number(m_ids.at(hermesId)); }

    void stage(const std::string& id, const char* subsystem, const Json& payload, double at)
    {
        QVERIFY(sediment::test::stageHermesRecord(m_dir->path(), subsystem, fromStd(id), payload, at));
    }

    static QByteArray skillText(int done)
    {
        QByteArray body = "---\nname: deploy\ndescription: Deploy the app\n---\n\n";
        for (int k = 1; k <= kPatches; ++k)
            body += QByteArray("Step ") + QByteArray::number(k) + (k <= done ? " done.\n" : ".\n");
        return body;
    }

    Json item(const QString& inboxId)
    {
        return run({QStringLiteral("inbox"), QStringLiteral("show"), inboxId, QStringLiteral("--json")}).json();
    }
    std::string status(const char* hermesId) { return item(id(hermesId)).value("status", std::string()); }

    int pendingRecords(const char* subsystem) const
    {
        return int(QDir(path(QStringLiteral("pending/") + QLatin1String(subsystem)))
                       .entryList(QDir::Files | QDir::Hidden)
                       .size());
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_ids.clear();
        QVERIFY(writeAll(path(QStringLiteral("config.yaml")),
                         "memory:\n  write_approval: true\nskills:\n  write_approval: true\n"));
        QVERIFY(writeAll(path(QStringLiteral("memories/MEMORY.md")),
                         "First entry\n\u00a7\nThe user prefers short answers."));
        QVERIFY(writeAll(path(QStringLiteral("skills/deploy/SKILL.md")), skillText(0)));
        QVERIFY(writeAll(path(QStringLiteral("skills/other/SKILL.md")),
                         "---\nname: other\ndescription: Another skill\n---\n\nAlone.\n"));
        for (int k = 1; k <= kPatches; ++k) {
            stage(hid('b', 1000 + k), "skills",
                  Json{{"action", "patch"},
                       {"name", "deploy"},
                       {"old_string", stepOf(k, ".")},
                       {"new_string", stepOf(k, " done.")}},
                  k);
        }
        // Two rewrites of one entry: alternatives, which cannot both apply.
        for (int k = 1; k <= 2; ++k)
            stage(hid('a', 1000 + k), "memory",
                  Json{{"action", "replace"},
                       {"target", "memory"},
                       {"old_text", "short answers"},
                       {"content", k == 1 ? "The user prefers terse answers." : "The user prefers very short answers."},
                       {"matched_entry", "The user prefers short answers."}},
                  100 + k);
        // The same new rule staged twice: a group whose second write Hermes holds already.
        for (int k = 3; k <= 4; ++k)
            stage(hid('a', 1000 + k), "memory",
                  Json{{"action", "add"}, {"target", "memory"}, {"content", "Deploys run on Tuesdays."}}, 100 + k);
        stage("c1000001", "skills",
              Json{{"action", "patch"}, {"name", "other"}, {"old_string", "Alone."}, {"new_string", "Still alone."}},
              200);
        const Json imported =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(imported["imported"].size(), size_t(kPatches + 5));
        for (const Json& w : imported["imported"])
            m_ids[w.value("hermes_id", std::string())] = w.value("inbox_id", qint64(0));
    }

    void groupTargetListsEachGroupTogetherLargestFirst()
    {
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("group:target"),
                           QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json listed = r.json();
        // The lone patch of `other` is in no group.
        QCOMPARE(listed.size(), size_t(kPatches + 4));
        for (int k = 0; k < kPatches; ++k) {
            const Json& g = listed[std::size_t(k)]["preflight"]["group"];
            QCOMPARE(g.value("target", std::string()), std::string("skill 'deploy'"));
            QCOMPARE(g["items"].size(), std::size_t(kPatches));
            QCOMPARE(listed[std::size_t(k)].value("id", qint64(0)), m_ids.at(hid('b', 1001 + k)));
        }
        QCOMPARE(listed[std::size_t(kPatches)]["preflight"]["group"].value("target", std::string()),
                 std::string("MEMORY.md entry 'The user prefers short answers.'"));
        QCOMPARE(listed[std::size_t(kPatches + 2)]["preflight"]["group"].value("target", std::string()),
                 std::string("MEMORY.md entry 'Deploys run on Tuesdays.'"));
        // Outside the view, an item alone says so with a null group.
        const Json all = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).json();
        for (const Json& it : all)
            if (it.value("id", qint64(0)) == m_ids.at("c1000001"))
                QVERIFY(it["preflight"]["group"].is_null());
        // Negated, it lists the items that share their target with no other: here the lone patch.
        const Json alone = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("-group:target"),
                                QStringLiteral("--json")})
                               .json();
        QCOMPARE(alone.size(), all.size() - listed.size());
        for (const Json& it : alone)
            QVERIFY(it["preflight"]["group"].is_null());
        QVERIFY(std::ranges::any_of(alone,
                                    [&](const Json& it) { return it.value("id", qint64(0)) == m_ids.at("c1000001"); }));
        const Run bad = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("group:skill")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("unknown group:skill (use group:target)"), bad.err.constData());
    }

    void approvingAGroupAppliesEveryItemInOrderAsOneDecision()
    {
        // Any item of the group names it.
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), id("b1007")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("skills/deploy/SKILL.md"))), skillText(kPatches));
        for (int k = 1; k <= kPatches; ++k)
            QCOMPARE(status(hid('b', 1000 + k).c_str()), std::string("applied"));
        // Each record settled, none left claimed; the lone patch waits on.
        QCOMPARE(pendingRecords("skills"), 1);
        QCOMPARE(status("c1000001"), std::string("pending"));
        // One inbox.approve row per item, each naming the whole group; the chain holds.
        const Json audit = run({QStringLiteral("audit"), QStringLiteral("--json")}).json();
        int rows = 0;
        for (const Json& row : audit)
            if (row.value("action", std::string()) == "inbox.approve") {
                ++rows;
                QCOMPARE(row["details"]["group"].size(), std::size_t(kPatches));
                QCOMPARE(row["details"].value("group_target", std::string()), std::string("skill 'deploy'"));
            }
        QCOMPARE(rows, kPatches);
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
        // Decided: it is no group any more, and a second approval is refused.
        const Run again = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), id("b1001")});
        QCOMPARE(again.code, 1);
        QVERIFY2(again.err.contains("only pending or failed items can be approved"), again.err.constData());
        // A member's write is its group's: it is undone through the first item.
        const Run revert = run({QStringLiteral("inbox"), QStringLiteral("revert"), id("b1002")});
        QCOMPARE(revert.code, 1);
        QVERIFY2(revert.err.contains("revert that item to undo the group"), revert.err.constData());
    }

    void aGroupThatCannotApplyAsAWholeWritesNothing()
    {
        const QByteArray memory = readAll(path(QStringLiteral("memories/MEMORY.md")));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), id("a1001")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("the 2 items aimed at MEMORY.md entry 'The user prefers short answers.'"),
                 r.err.constData());
        QVERIFY2(r.err.contains("do not apply as a whole, so nothing was written: Operation 2 (replace): Entry changed "
                                "since it was staged"),
                 r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("memories/MEMORY.md"))), memory);
        QCOMPARE(status("a1001"), std::string("pending"));
        QCOMPARE(status("a1002"), std::string("pending"));
        QCOMPARE(pendingRecords("memory"), 4);
        // A lone item is no group.
        const Run alone = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), id("c1000001")});
        QCOMPARE(alone.code, 1);
        QVERIFY2(alone.err.contains("is the only pending item aimed at skill 'other'; approve it on its own"),
                 alone.err.constData());
    }

    void keepingOneRefusesTheOthersAsSupersededByIt()
    {
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("keep"), id("a1002")});
        QVERIFY2(r.code == 0, r.err.constData());
        const Json refused = item(id("a1001"));
        QCOMPARE(refused.value("status", std::string()), std::string("refused"));
        QCOMPARE(refused.value("refusal_code", std::string()), std::string("other"));
        QCOMPARE(fromStd(refused.value("reason", std::string())),
                 QStringLiteral("superseded by inbox item %1 (kept as the one write to MEMORY.md entry 'The user "
                                "prefers short answers.')")
                     .arg(id("a1002")));
        QCOMPARE(status("a1002"), std::string("pending"));
        // Hermes drops a refused record; the kept one waits for its own decision.
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/memory/a1001.json"))));
        QVERIFY(QFile::exists(path(QStringLiteral("pending/memory/a1002.json"))));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), id("a1002")}).code, 0);
        QVERIFY(readAll(path(QStringLiteral("memories/MEMORY.md"))).contains("The user prefers very short answers."));
    }

    void keepingAnItemThatIsNoLongerPendingSaysWhatItIs()
    {
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), id("a1002")}).code, 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("keep"), id("a1002")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("sediment: inbox item %1 is applied").arg(id("a1002")).toUtf8())
                     && r.err.contains("only pending items can be kept"),
                 r.err.constData());
        QCOMPARE(status("a1001"), std::string("pending"));
    }

    void revertingAGroupRevertsEveryItemOfIt()
    {
        const QByteArray memory = readAll(path(QStringLiteral("memories/MEMORY.md")));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), id("a1004")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QByteArray after = readAll(path(QStringLiteral("memories/MEMORY.md")));
        QCOMPARE(after.count("Deploys run on Tuesdays."), 1);
        QCOMPARE(status("a1003"), std::string("applied"));
        QCOMPARE(status("a1004"), std::string("applied"));
        const Run revert = run({QStringLiteral("inbox"), QStringLiteral("revert"), id("a1003")});
        QVERIFY2(revert.code == 0, revert.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("memories/MEMORY.md"))), memory);
        QCOMPARE(status("a1003"), std::string("reverted"));
        QCOMPARE(status("a1004"), std::string("reverted"));
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }
};

QTEST_GUILESS_MAIN(InboxGroupsCliTest)
#include "inbox_groups_cli_test.moc"
