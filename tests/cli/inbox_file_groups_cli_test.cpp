// Groups of writes to one file whose store has no batch of its own (docs/user-guide.md#groups): CLAUDE.md
// appends and passage edits, settings patches. `inbox approve-group` applies them in order, each
// by its store's own code on what the one before left, writes the file once through the journal,
// all or nothing, and `inbox revert` of the first item puts the file back. Real processes.
#include "CliRun.h"
#include "HermesStaging.h"
#include "util/Json.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;
using sediment::test::readAll;
using sediment::test::writeAll;

class InboxFileGroupsCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_dir.path(), args, input);
    }

    // Proposes each op to `destination`; returns the inbox ids in order.
    std::vector<qint64> propose(const char* destination, const std::vector<Json>& ops)
    {
        QByteArray lines;
        for (const Json& op : ops)
            lines +=
                QByteArray::fromStdString(Json{{"destination", destination}, {"op", op}, {"score", 0.9}}.dump()) + '\n';
        const Run r = run({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")}, lines);
        if (r.code != 0)
            qWarning("propose: %s", r.err.constData());
        const auto answer = r.json();
        std::vector<qint64> ids;
        for (const auto& p : answer["pending"])
            ids.push_back(p.value("inbox_id", qint64(0)));
        return ids;
    }

    std::string status(qint64 id)
    {
        return run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
            .json()
            .value("status", std::string());
    }

    int auditRows(const char* action)
    {
        int n = 0;
        const auto rows = run({QStringLiteral("audit"), QStringLiteral("--json")}).json();
        for (const auto& row : rows)
            n += row.value("action", std::string()) == action;
        return n;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(run({QStringLiteral("init"), m_dir.path()}).code == 0);
        QVERIFY(writeAll(path(QStringLiteral("CLAUDE.md")), "# Rules\n\nUse tabs.\n"));
    }

    void cleanup() { QDir(m_dir.path()).removeRecursively(); }

    void appendsToClaudeMdAreOneWriteInOrder()
    {
        const auto ids = propose("claude_md", {{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Rule one."}},
                                               {{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Rule two."}},
                                               {{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Rule three."}}});
        QCOMPARE(ids.size(), std::size_t(3));
        const Json listed = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("group:target"),
                                 QStringLiteral("--json")})
                                .json();
        QCOMPARE(listed.size(), std::size_t(3));
        QCOMPARE(listed[0]["preflight"]["group"].value("target", std::string()), std::string("the end of CLAUDE.md"));

        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(ids[1])});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("3 items applied in order to CLAUDE.md"), r.out.constData());
        QCOMPARE(readAll(path(QStringLiteral("CLAUDE.md"))),
                 QByteArray("# Rules\n\nUse tabs.\n\nRule one.\n\nRule two.\n\nRule three.\n"));
        for (const qint64 id : ids)
            QCOMPARE(status(id), std::string("applied"));
        QCOMPARE(auditRows("inbox.approve"), 3);
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);

        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(ids[0])});
        QVERIFY2(back.code == 0, back.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("CLAUDE.md"))), QByteArray("# Rules\n\nUse tabs.\n"));
        for (const qint64 id : ids)
            QCOMPARE(status(id), std::string("reverted"));
    }

    // Two rewrites of one passage: the second meets the first's text, so the group refuses and
    // nothing is written; each item stays pending, to be kept or decided on its own.
    void twoRewritesOfOnePassageWriteNothing()
    {
        const auto ids =
            propose("claude_md", {{{"path", "CLAUDE.md"}, {"before", "Use tabs."}, {"after", "Use spaces."}},
                                  {{"path", "CLAUDE.md"}, {"before", "Use tabs."}, {"after", "Use two."}}});
        QCOMPARE(ids.size(), std::size_t(2));
        const QByteArray before = readAll(path(QStringLiteral("CLAUDE.md")));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(ids[0])});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("do not apply as a whole, so nothing was written: Operation 2 of 2: stale"),
                 r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("CLAUDE.md"))), before);
        for (const qint64 id : ids)
            QCOMPARE(status(id), std::string("pending"));
        QCOMPARE(auditRows("inbox.approve"), 0);
    }

    void settingsPatchesOfOneKeyApplyInOrder()
    {
        QVERIFY(writeAll(path(QStringLiteral("settings.json")), "{\"model\": \"a\", \"theme\": \"dark\"}\n"));
        const auto ids = propose("settings_json", {{{"path", "settings.json"}, {"patch", {{"model", "b"}}}},
                                                   {{"path", "settings.json"}, {"patch", {{"model", "c"}}}}});
        QCOMPARE(ids.size(), std::size_t(2));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(ids[0])});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("settings.json"))),
                 QByteArray("{\n  \"model\": \"c\",\n  \"theme\": \"dark\"\n}\n"));
        // The write is the first item's: a member alone is not reverted.
        const Run member = run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(ids[1])});
        QCOMPARE(member.code, 1);
        QVERIFY2(member.err.contains("revert that item to undo the group"), member.err.constData());
        QVERIFY(run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(ids[0])}).code == 0);
        QCOMPARE(readAll(path(QStringLiteral("settings.json"))),
                 QByteArray("{\"model\": \"a\", \"theme\": \"dark\"}\n"));
    }

    // A skill's creation and its patches are edits of one SKILL.md: applied in order as one
    // write, each item with its own audit row, and the registry told of each (created by the
    // agent, two patches) though only the last step's write reached the disk.
    void aSkillGroupIsAppliedInOrderAndRegistered()
    {
        const auto ids =
            propose("skill", {{{"name", "deploy"}, {"mode", "create"}, {"text", "Step one.\n"}},
                              {{"name", "deploy"}, {"mode", "patch"}, {"before", "one"}, {"after", "two"}},
                              {{"name", "deploy"}, {"mode", "patch"}, {"before", "two"}, {"after", "three"}}});
        QCOMPARE(ids.size(), std::size_t(3));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(ids[1])});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("skills/deploy/SKILL.md"))), QByteArray("Step three.\n"));
        for (const qint64 id : ids)
            QCOMPARE(status(id), std::string("applied"));
        const Run listed = run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        const auto skills = Json::parse(listed.out.toStdString());
        QCOMPARE(skills.size(), std::size_t(1));
        QCOMPARE(skills[0].value("created_by", std::string()), std::string("agent"));
        QCOMPARE(skills[0].value("patch_count", 0), 2);
        const Run audit = run({QStringLiteral("audit"), QStringLiteral("--json")});
        int approvals = 0;
        for (const auto& row : Json::parse(audit.out.toStdString()))
            approvals += row.value("action", std::string()) == "inbox.approve";
        QCOMPARE(approvals, 3);
        // Reverting the group puts back the file as it was before the first step: none.
        QVERIFY(run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(ids[0])}).code == 0);
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/deploy/SKILL.md"))));
    }

    // Each note is a file of its own: a note group is for keeping one, not for combining.
    void aNoteGroupIsNotCombined()
    {
        const auto ids =
            propose("brain_inbox", {{{"title", "Deploys"}, {"text", "one"}}, {{"title", "Deploys"}, {"text", "two"}}});
        QCOMPARE(ids.size(), std::size_t(2));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(ids[0])});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("cannot join a group decision"), r.err.constData());
        for (const qint64 id : ids)
            QCOMPARE(status(id), std::string("pending"));
    }
};

QTEST_GUILESS_MAIN(InboxFileGroupsCliTest)
#include "inbox_file_groups_cli_test.moc"
