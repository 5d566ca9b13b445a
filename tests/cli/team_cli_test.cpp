// Team mode through the real binary (docs/user-guide.md#team-mode): `migrate` copies a
// workspace into a PostgreSQL schema and back, exactly; reviewers are database roles with
// rights; the two-person rule; the loser of a decision is told who won. The server parts run in
// this suite's `_pg` twin, against the throw-away server ctest starts (tests/support); the
// embedded run checks what a workspace without a server answers.
#include "CliRun.h"
#include "FileBytes.h"
#include "TeamStore.h"
#include "util/Json.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <libpq-fe.h>

#include <memory>
#include <set>
#include <vector>

using namespace sediment;

namespace {

using clitest::runAsIs; // the folders here name their server themselves

void writeConfig(const QString& ws, const Json& config)
{
    test::writeFileBytes(ws + QStringLiteral("/sediment.json"), QByteArray::fromStdString(config.dump()));
}

// A login role on the test server (kept from an earlier run if there is one: a role outlives the
// schemas it was granted on), made a viewer of the workspace's schema by its owner, as the user
// guide's setup does: the right, and exactly its privileges, through the server's grant function.
QString addRole(const QString& role, const QString& schema)
{
    return test::serverExec(QStringLiteral("DO $$ BEGIN CREATE ROLE %1 LOGIN; EXCEPTION WHEN duplicate_object THEN "
                                           "NULL; END $$; SELECT %2.sediment_grant('%1', 'viewer')")
                                .arg(role, schema));
}

} // namespace

class TeamCliTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }

    qint64 propose(const QString& ws, const Json& proposal)
    {
        const auto r = runAsIs(ws, {QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                               QByteArray::fromStdString(proposal.dump()));
        const Json out = r.json();
        if (r.code != 0 || !out.is_object() || out["pending"].empty())
            return -1;
        return out["pending"][0]["inbox_id"].get<qint64>();
    }

    static Json memoryAdd(const char* text)
    {
        return Json{{"destination", "memory"}, {"op", {{"action", "add"}, {"content", text}}}, {"rationale", "r"}};
    }

    // A second reviewer's folder: the same schema on the same server, logged in as `role`.
    QString folderOf(const QString& role, const QString& schema, const Json& extra = Json::object())
    {
        const QString ws = path(QStringLiteral("as-") + role);
        Json config{{"database", toStd(*test::teamConnInfo() + QStringLiteral(" user=") + role)},
                    {"database_schema", toStd(schema)}};
        config.update(extra);
        writeConfig(ws, config);
        return ws;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void anEmbeddedWorkspaceHasNoTeam()
    {
        if (test::onServer())
            QSKIP("the embedded store's answer; this run is against the server");
        const auto r = runAsIs(path(QStringLiteral("ws")), {QStringLiteral("team")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("lives in sediment.db"), r.err.constData());
        const auto back = runAsIs(path(QStringLiteral("ws")),
                                  {QStringLiteral("migrate"), QStringLiteral("--to"), QStringLiteral("sqlite")});
        QCOMPARE(back.code, 1);
        QVERIFY2(back.err.contains("already lives in sediment.db"), back.err.constData());
    }

    void aConnectionStringThatCannotWorkIsRefusedBeforeAnythingIsWritten()
    {
        const QString ws = path(QStringLiteral("pw"));
        const auto r = runAsIs(ws, {QStringLiteral("migrate"), QStringLiteral("--to"),
                                    QStringLiteral("host=/nowhere dbname=x password=secret")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("must not hold a password"), r.err.constData());
        QVERIFY(!QFile::exists(ws + QStringLiteral("/sediment.db")));
        writeConfig(ws, Json{{"database", "host=/nowhere password=secret"}});
        const auto opened = runAsIs(ws, {QStringLiteral("stats")});
        QCOMPARE(opened.code, 2);
        QVERIFY2(opened.err.contains("key 'database' must not hold a password"), opened.err.constData());
        // A value libpq would refuse only when it connects is a mistake in the configuration.
        writeConfig(ws, Json{{"database", "host=/nowhere sslmode=bogus"}});
        const auto badMode = runAsIs(ws, {QStringLiteral("stats")});
        QCOMPARE(badMode.code, 2);
        QVERIFY2(badMode.err.contains("key 'database' sets sslmode to 'bogus' (accepted: disable, allow, prefer, "
                                      "require, verify-ca, verify-full)"),
                 badMode.err.constData());
        writeConfig(ws, Json{{"database", "host=/nowhere port=54x"}});
        QCOMPARE(runAsIs(ws, {QStringLiteral("stats")}).code, 2);
        QVERIFY(!QFile::exists(ws + QStringLiteral("/sediment.db")));
    }

    void anUnreachableServerIsNamedAndNoDatabaseFileIsMade()
    {
        const QString ws = path(QStringLiteral("down"));
        writeConfig(ws, Json{{"database", "host=/nonexistent-socket-dir port=1 dbname=x connect_timeout=2"}});
        const auto r = runAsIs(ws, {QStringLiteral("inbox"), QStringLiteral("list")});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith("sediment: cannot reach the team database"), r.err.constData());
        QVERIFY(!QFile::exists(ws + QStringLiteral("/sediment.db")));
    }

    void migrateCopiesAWorkspaceToTheServerAndBackExactly()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString ws = path(QStringLiteral("ws"));
        QCOMPARE(runAsIs(ws, {QStringLiteral("init"), QStringLiteral("--demo")}).code, 0);
        const QByteArray inboxBefore =
            runAsIs(ws, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                         QStringLiteral("all"), QStringLiteral("--json")})
                .out;
        const auto auditBefore = runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--json")}).json();
        QVERIFY(auditBefore.is_array() && auditBefore.size() > 10);
        const QString schema = test::schemaFor(ws + QStringLiteral("/migrated"));
        const auto to = runAsIs(ws, {QStringLiteral("migrate"), QStringLiteral("--to"), *test::teamConnInfo(),
                                     QStringLiteral("--schema"), schema, QStringLiteral("--json")});
        QVERIFY2(to.code == 0, to.err.constData());
        QVERIFY(to.json()["audit_chain"] == "intact");
        // Now on the server: the same inbox, the same chain, verified there.
        const auto verify =
            runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--verify"), QStringLiteral("--json")});
        QVERIFY2(verify.code == 0, verify.err.constData());
        QCOMPARE(verify.json()["rows"].get<qint64>(), qint64(auditBefore.size()));
        QCOMPARE(runAsIs(ws, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                              QStringLiteral("all"), QStringLiteral("--json")})
                     .out,
                 inboxBefore);
        QVERIFY(runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--json")}).json() == auditBefore);
        // A second migration into a store that holds rows is refused and changes nothing.
        const auto again = runAsIs(ws, {QStringLiteral("migrate"), QStringLiteral("--to"), *test::teamConnInfo(),
                                        QStringLiteral("--schema"), schema});
        QCOMPARE(again.code, 1);
        QVERIFY2(again.err.contains("already lives on a server"), again.err.constData());
        // Back to SQLite: refused while the old sediment.db is in the way, then exact.
        const auto blocked = runAsIs(ws, {QStringLiteral("migrate"), QStringLiteral("--to"), QStringLiteral("sqlite")});
        QCOMPARE(blocked.code, 1);
        QVERIFY2(blocked.err.contains("already exists; move it away first"), blocked.err.constData());
        for (const char* suffix : {"", "-wal", "-shm"})
            QFile::rename(ws + QStringLiteral("/sediment.db") + QLatin1String(suffix),
                          ws + QStringLiteral("/before.db") + QLatin1String(suffix));
        const auto back = runAsIs(ws, {QStringLiteral("migrate"), QStringLiteral("--to"), QStringLiteral("sqlite")});
        QVERIFY2(back.code == 0, back.err.constData());
        QVERIFY(QFile::exists(ws + QStringLiteral("/sediment.db")));
        QVERIFY(runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--json")}).json() == auditBefore);
        QCOMPARE(runAsIs(ws, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                              QStringLiteral("all"), QStringLiteral("--json")})
                     .out,
                 inboxBefore);
        QCOMPARE(runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    void reviewersDecideByRightAndTheLoserIsToldWhoWon()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("team")));
        // The admin (the server's superuser, who creates the schema) and bob, a plain role.
        const QString admin = path(QStringLiteral("admin"));
        writeConfig(admin, Json{{"database", toStd(*test::teamConnInfo())},
                                {"database_schema", toStd(schema)},
                                {"admin_destinations", {"claude_md"}}});
        const qint64 note = propose(admin, memoryAdd("ship on Tuesdays"));
        const qint64 rule = propose(admin, Json{{"destination", "claude_md"},
                                                {"op", {{"before", ""}, {"after", "Never force-push."}}},
                                                {"rationale", "r"}});
        QVERIFY(note > 0 && rule > 0);
        QCOMPARE(addRole(QStringLiteral("bob"), schema), QString());
        const QString bob = folderOf(QStringLiteral("bob"), schema, Json{{"admin_destinations", {"claude_md"}}});
        // Not listed: a viewer, refused with the right it needs; nothing changes.
        const QByteArray auditBefore = runAsIs(admin, {QStringLiteral("audit"), QStringLiteral("--json")}).out;
        auto r = runAsIs(bob, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(note)});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: bob may not decide inbox item ") + QByteArray::number(note)
                            + " (memory): that needs the right 'reviewer', and bob has 'viewer'\n");
        QCOMPARE(runAsIs(admin, {QStringLiteral("audit"), QStringLiteral("--json")}).out, auditBefore);
        // Only an admin grants.
        r = runAsIs(bob,
                    {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("bob"), QStringLiteral("admin")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("bob may not grant rights: that needs the right 'admin'"), r.err.constData());
        // A mistyped role is bad input, said as such, and nothing is granted.
        r = runAsIs(admin, {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("nosuchrole"),
                            QStringLiteral("viewer")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sediment: team grant: the server has no role 'nosuchrole' (create it first: "
                                   "CREATE ROLE nosuchrole LOGIN)\n"));
        r = runAsIs(admin, {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("bob"),
                            QStringLiteral("reviewer")});
        QVERIFY2(r.code == 0, r.err.constData());
        // A reviewer decides a memory item, as human:bob; an admin-only destination is refused.
        r = runAsIs(bob, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(note)});
        QVERIFY2(r.code == 0, r.err.constData());
        auto shown = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(note),
                                     QStringLiteral("--json")})
                         .json();
        QVERIFY(shown["status"] == "applied");
        QVERIFY(shown["decided_by"] == "bob");
        r = runAsIs(bob, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(rule)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("that needs the right 'admin', and bob has 'reviewer'"), r.err.constData());
        // bob may not sign as somebody else.
        r = runAsIs(bob, {QStringLiteral("inbox"), QStringLiteral("refuse"), QString::number(rule),
                          QStringLiteral("--reason"), QStringLiteral("wrong"), QStringLiteral("--reviewer"),
                          QStringLiteral("carol")});
        QCOMPARE(r.code, 2);
        // The item bob decided: the admin, a moment late, is told who decided it and when.
        r = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(note)});
        QCOMPARE(r.code, 1);
        const QByteArray loser =
            QByteArray("inbox item ") + QByteArray::number(note) + QByteArray(" is applied (by bob at ");
        QVERIFY2(r.err.contains(loser), r.err.constData());
        const auto audit = runAsIs(admin, {QStringLiteral("audit"), QStringLiteral("--json")}).json();
        bool byBob = false;
        for (const auto& row : audit)
            byBob = byBob || (row["action"] == "inbox.approve" && row["actor"] == "human:bob");
        QVERIFY(byBob);
    }

    // Reviewers walking the queue at the same moment, as separate processes: every `inbox next`
    // claims a different item, the claim shows in `inbox show`, and a viewer is refused.
    void reviewersWalkingTheQueueTogetherGetDifferentItems()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("walk")));
        const QString admin = path(QStringLiteral("admin"));
        writeConfig(admin, Json{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}});
        constexpr int kReviewers = 6;
        std::vector<qint64> items;
        for (int i = 0; i < kReviewers; ++i)
            items.push_back(propose(admin, memoryAdd(("walk note " + std::to_string(i)).c_str())));
        QVERIFY(items.front() > 0 && items.back() > 0);
        std::vector<QString> folders;
        for (int i = 0; i < kReviewers; ++i) {
            const QString role = QStringLiteral("walker%1").arg(i);
            QCOMPARE(addRole(role, schema), QString());
            const auto granted =
                runAsIs(admin, {QStringLiteral("team"), QStringLiteral("grant"), role, QStringLiteral("reviewer")});
            QVERIFY2(granted.code == 0, granted.err.constData());
            folders.push_back(folderOf(role, schema));
        }
        std::vector<std::unique_ptr<QProcess>> walkers;
        for (const QString& folder : folders) {
            auto p = std::make_unique<QProcess>();
            p->start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), folder, QStringLiteral("inbox"),
                                                       QStringLiteral("next"), QStringLiteral("--json")});
            walkers.push_back(std::move(p));
        }
        std::set<qint64> claimed;
        for (std::size_t i = 0; i < walkers.size(); ++i) {
            QVERIFY(walkers[i]->waitForFinished(60000));
            QVERIFY2(walkers[i]->exitCode() == 0, walkers[i]->readAllStandardError().constData());
            const Json out = Json::parse(walkers[i]->readAllStandardOutput().toStdString(), nullptr, false);
            QVERIFY(out.is_object() && out["claim"].is_object());
            QCOMPARE(fromStd(out["claim"]["reviewer"].get<std::string>()), QStringLiteral("walker%1").arg(i));
            claimed.insert(out["id"].get<qint64>());
        }
        QCOMPARE(claimed, std::set<qint64>(items.begin(), items.end())); // six walkers, six items
        // All held: the next walker is told so, and how many others hold.
        auto r = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("next"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["item"].is_null());
        QCOMPARE(r.json()["held_by_others"].get<int>(), kReviewers);
        // A viewer may read the queue but not claim from it.
        QCOMPARE(addRole(QStringLiteral("onlooker"), schema), QString());
        r = runAsIs(folderOf(QStringLiteral("onlooker"), schema), {QStringLiteral("inbox"), QStringLiteral("next")});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: onlooker may not claim items to review: that needs the right "
                                   "'reviewer', and onlooker has 'viewer'\n"));
    }

    void twoApprovalsFromDifferentReviewersApplyATwoPersonItem()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("two")));
        const Json rule{{"two_person_destinations", {"memory"}}};
        const QString admin = path(QStringLiteral("admin2"));
        Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        config.update(rule);
        writeConfig(admin, config);
        const qint64 id = propose(admin, memoryAdd("two keys for the vault"));
        QVERIFY(id > 0);
        QCOMPARE(addRole(QStringLiteral("carol"), schema), QString());
        QCOMPARE(runAsIs(admin, {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("carol"),
                                 QStringLiteral("reviewer")})
                     .code,
                 0);
        // A patch would apply at once, on one reviewer's word: refused, and nothing recorded.
        auto r = runAsIs(admin,
                         {QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id),
                          QStringLiteral("--file"), QStringLiteral("-")},
                         R"({"action": "add", "content": "one key for the vault"})");
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("memory writes need two approvals, and a patch would apply it at once"),
                 r.err.constData());
        r = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("approved, still pending: approval 1 of 2 recorded"), r.out.constData());
        auto shown = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id),
                                     QStringLiteral("--json")})
                         .json();
        QVERIFY(shown["status"] == "pending");
        QCOMPARE(shown["approvals"].size(), std::size_t(1));
        QVERIFY(shown["approvals_needed"] == 2);
        r = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("already approved inbox item"), r.err.constData());
        const QString carol = folderOf(QStringLiteral("carol"), schema, rule);
        r = runAsIs(carol, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        shown = runAsIs(admin, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id),
                                QStringLiteral("--json")})
                    .json();
        QVERIFY(shown["status"] == "applied");
        QVERIFY(shown["decided_by"] == "carol");
    }

    void anotherAdminsPlainFileKeepsTheTeamsRules()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("rules")));
        const QString owner = path(QStringLiteral("owner3"));
        Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        config.update(Json{{"two_person_destinations", {"memory"}}});
        writeConfig(owner, config);
        const qint64 id = propose(owner, memoryAdd("two keys for the archive"));
        QVERIFY(id > 0);
        QCOMPARE(addRole(QStringLiteral("dana"), schema), QString());
        QCOMPARE(runAsIs(owner, {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("dana"),
                                 QStringLiteral("admin")})
                     .code,
                 0);
        // Dana, an admin, keeps a file that says nothing of the rule: it stays the team's, and
        // her host applies it as the server does.
        // Read from a folder whose file sets no rule: the owner's would publish its own again.
        const auto policyRows = [&](const QString& ws) {
            return runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--json")}).out.count("\"team.policy\"");
        };
        const qsizetype rowsBefore = policyRows(owner);
        QCOMPARE(rowsBefore, 1); // the owner's own rule, published once
        const QString dana = folderOf(QStringLiteral("dana"), schema);
        auto r = runAsIs(
            dana, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["approvals_needed"] == 2);
        r = runAsIs(dana, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("approved, still pending: approval 1 of 2 recorded"), r.out.constData());
        QCOMPARE(policyRows(dana), rowsBefore); // a plain file changed nothing
        // An admin who sets the key does change it, and that is audited (the owner's file, which
        // sets it too, would publish it back the next time the owner opens the workspace).
        writeConfig(dana, Json{{"database", toStd(*test::teamConnInfo() + QStringLiteral(" user=dana"))},
                               {"database_schema", toStd(schema)},
                               {"two_person_destinations", Json::array()}});
        QCOMPARE(runAsIs(dana, {QStringLiteral("inbox"), QStringLiteral("list")}).code, 0);
        QCOMPARE(policyRows(dana), rowsBefore + 1);
    }

    void aDecisionMadeAwayFromTheFilesHostIsWrittenThereExactlyOnce()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("hosts")));
        const Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        const QString agent = path(QStringLiteral("agentbox"));
        const QString laptop = path(QStringLiteral("laptop"));
        writeConfig(agent, config);
        writeConfig(laptop, config);
        const QStringList onAgent{QStringLiteral("SEDIMENT_HOST=agentbox")};
        const QStringList onLaptop{QStringLiteral("SEDIMENT_HOST=laptop")};
        auto r = runAsIs(agent, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")}, {},
                         onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        const qint64 id = propose(agent, memoryAdd("the agent's own memory"));
        QVERIFY(id > 0);
        const QString memory = agent + QStringLiteral("/memories/MEMORY.md");
        // Decided on the laptop: recorded, nothing written on either side.
        r = runAsIs(laptop, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}, {}, onLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("approved: approved, waiting for agentbox"), r.out.constData());
        QVERIFY(!test::fileBytes(memory).contains("the agent's own memory"));
        QVERIFY(!QFile::exists(laptop + QStringLiteral("/memories/MEMORY.md")));
        auto shown =
            runAsIs(laptop,
                    {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")},
                    {}, onLaptop)
                .json();
        QVERIFY(shown["status"] == "approved");
        r = runAsIs(laptop, {QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(id)}, {}, onLaptop);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("live on agentbox; run it there"), r.err.constData());
        // On the agent's host, `settle` writes it, as the laptop reviewer's decision, once.
        r = runAsIs(agent, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["written"] == 1);
        QCOMPARE(test::fileBytes(memory).count("the agent's own memory"), 1);
        shown =
            runAsIs(laptop,
                    {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")},
                    {}, onLaptop)
                .json();
        QVERIFY(shown["status"] == "applied");
        r = runAsIs(agent, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, onAgent);
        QVERIFY(r.json()["written"] == 0);
        QCOMPARE(test::fileBytes(memory).count("the agent's own memory"), 1);

        // Killed on the agent's host right after the bytes reached the file: the next command
        // there, whatever it is, finishes the decision; the entry is written once.
        const qint64 second = propose(agent, memoryAdd("written through a crash"));
        QVERIFY(second > 0);
        QCOMPARE(
            runAsIs(laptop, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(second)}, {}, onLaptop)
                .code,
            0);
        r = runAsIs(agent, {QStringLiteral("settle")}, {},
                    onAgent + QStringList{QStringLiteral("SEDIMENT_CRASH_AT=after-write")});
        QCOMPARE(r.code, -1);
        r = runAsIs(
            agent, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(second), QStringLiteral("--json")},
            {}, onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["status"] == "applied");
        QCOMPARE(test::fileBytes(memory).count("written through a crash"), 1);
        const auto verify = runAsIs(agent, {QStringLiteral("audit"), QStringLiteral("--verify")}, {}, onAgent);
        QCOMPARE(verify.code, 0);
    }

    void aReviewerOffTheFilesHostPreviewsTheBudgetFromTheStoreTheAgentHas()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("budget")));
        const Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        const QString agent = path(QStringLiteral("agentbox"));
        const QString laptop = path(QStringLiteral("laptop"));
        writeConfig(agent, Json{{"database", toStd(*test::teamConnInfo())},
                                {"database_schema", toStd(schema)},
                                {"memory_char_limit", 120}});
        writeConfig(laptop, config);
        const QStringList onAgent{QStringLiteral("SEDIMENT_HOST=agentbox")};
        const QStringList onLaptop{QStringLiteral("SEDIMENT_HOST=laptop")};
        // The agent's memory holds 95 characters; the laptop has a MEMORY.md of its own, which
        // is not the agent's and must not be read.
        test::writeFileBytes(agent + QStringLiteral("/memories/MEMORY.md"),
                             QByteArray(40, 'a') + "\n\xc2\xa7\n" + QByteArray(52, 'b'));
        test::writeFileBytes(laptop + QStringLiteral("/memories/MEMORY.md"), QByteArray(10, 'z'));
        const qint64 id = propose(agent, memoryAdd("twenty-three characters"));
        QVERIFY(id > 0);
        const auto budgetOnLaptop = [&] {
            return runAsIs(
                       laptop,
                       {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")},
                       {}, onLaptop)
                .json()["budget"];
        };
        // No files host yet: every host writes its own folder and previews its own file.
        QCOMPARE(budgetOnLaptop()["current"].get<int>(), 10);
        auto r = runAsIs(agent, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")}, {},
                         onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        // Not published yet: no figure, and the text says why.
        QVERIFY(budgetOnLaptop().is_null());
        r = runAsIs(laptop, {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id)}, {}, onLaptop);
        QVERIFY2(!r.out.contains("Budget:"), r.out.constData());
        // Any command on the files host publishes its stores.
        QCOMPARE(runAsIs(agent, {QStringLiteral("inbox"), QStringLiteral("list")}, {}, onAgent).code, 0);
        Json budget = budgetOnLaptop();
        QCOMPARE(budget["current"].get<int>(), 95);
        QCOMPARE(budget["after"].get<int>(), 95 + 3 + 23);
        QCOMPARE(budget["limit"].get<int>(), 120);
        QVERIFY(budget["over"].get<bool>());
        QVERIFY2(QString::fromStdString(budget["text"].get<std::string>())
                     .contains(QLatin1String("(the store as agentbox at ")),
                 budget["text"].dump().c_str());
        // The agent's memory changes on its host: the next command there publishes it again.
        test::writeFileBytes(agent + QStringLiteral("/memories/MEMORY.md"), QByteArray(40, 'a'));
        QCOMPARE(runAsIs(agent, {QStringLiteral("settle")}, {}, onAgent).code, 0);
        budget = budgetOnLaptop();
        QCOMPARE(budget["current"].get<int>(), 40);
        QVERIFY(!budget["over"].get<bool>());
        // Nothing changed: nothing is published again (the time it was taken stays).
        const Json published = budget["text"];
        QCOMPARE(runAsIs(agent, {QStringLiteral("settle")}, {}, onAgent).code, 0);
        QVERIFY(budgetOnLaptop()["text"] == published);
    }

    void hermesImportRunsOnlyOnTheFilesHost()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("import")));
        const Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        const QString agent = path(QStringLiteral("agentbox"));
        const QString laptop = path(QStringLiteral("laptop"));
        writeConfig(agent, config);
        writeConfig(laptop, config);
        const QStringList onAgent{QStringLiteral("SEDIMENT_HOST=agentbox")};
        const QStringList onLaptop{QStringLiteral("SEDIMENT_HOST=laptop")};
        QCOMPARE(runAsIs(agent, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")}, {},
                         onAgent)
                     .code,
                 0);
        // A staged file in a folder of the same name on the laptop is not the agent's queue.
        const QString staged = laptop + QStringLiteral("/pending/memory/20260101-000000-aaaaaaaa.json");
        const QByteArray record = R"({"id":"aaaaaaaa","action":"add","target":"memory","content":"x"})";
        test::writeFileBytes(staged, record);
        const auto r = runAsIs(laptop, {QStringLiteral("hermes"), QStringLiteral("import-pending")}, {}, onLaptop);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("live on agentbox; run it there"), r.err.constData());
        QCOMPARE(test::fileBytes(staged), record);
        const Json items =
            runAsIs(agent, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}, {}, onAgent)
                .json();
        QVERIFY2(items.is_array() && items.empty(), items.dump().c_str());
        QCOMPARE(runAsIs(agent, {QStringLiteral("hermes"), QStringLiteral("import-pending")}, {}, onAgent).code, 0);
    }

    void aRecordTakenOutOfHermesQueueIsWithdrawnByTheFilesHostsRole()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("withdraw")));
        const QString owner = path(QStringLiteral("withdraw-owner"));
        writeConfig(owner, Json{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}});
        const QStringList onAgent{QStringLiteral("SEDIMENT_HOST=agentbox")};
        QCOMPARE(runAsIs(owner, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")}, {},
                         onAgent)
                     .code,
                 0);
        // The agent's machine logs in as the agent's own role, as the guide sets a team up.
        QCOMPARE(addRole(QStringLiteral("withdraw_agent"), schema), QString());
        QCOMPARE(runAsIs(owner, {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("withdraw_agent"),
                                 QStringLiteral("agent")})
                     .code,
                 0);
        const QString agent = folderOf(QStringLiteral("withdraw_agent"), schema);
        const QString staged = agent + QStringLiteral("/pending/memory/bbbbbbbb.json");
        test::writeFileBytes(staged, R"({"id": "bbbbbbbb", "subsystem": "memory", "action": "add", "summary": "staged",
            "origin": "foreground", "created_at": 1764400000.0,
            "payload": {"action": "add", "target": "memory", "content": "gone soon"}})");
        auto r = runAsIs(agent, {QStringLiteral("hermes"), QStringLiteral("import-pending")}, {}, onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        // Hermes (or its user) takes the record back before anyone decides: the item is withdrawn,
        // by the files host's role, and every later command there still runs.
        QVERIFY(QFile::remove(staged));
        r = runAsIs(agent, {QStringLiteral("hermes"), QStringLiteral("import-pending")}, {}, onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
        const Json items = runAsIs(owner, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                                           QStringLiteral("rejected"), QStringLiteral("--json")})
                               .json();
        QVERIFY2(items.is_array() && items.size() == 1, items.dump().c_str());
        QVERIFY2(items[0]["reason"].get<std::string>().starts_with("withdrawn"), items.dump().c_str());
        r = runAsIs(agent, {QStringLiteral("stats")}, {}, onAgent);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void settleWatchWritesAnotherHostsDecisionWithinASecondAndStopsOnSigterm()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        const QString schema = test::schemaFor(path(QStringLiteral("watch")));
        const Json config{{"database", toStd(*test::teamConnInfo())}, {"database_schema", toStd(schema)}};
        const QString agent = path(QStringLiteral("agent"));
        const QString laptop = path(QStringLiteral("laptop"));
        writeConfig(agent, config);
        writeConfig(laptop, config);
        const QStringList onAgent{QStringLiteral("SEDIMENT_HOST=agentbox")};
        QCOMPARE(runAsIs(agent, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")}, {},
                         onAgent)
                     .code,
                 0);
        const qint64 id = propose(agent, memoryAdd("written by the watcher"));
        QVERIFY(id > 0);
        QProcess watch;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SEDIMENT_HOST"), QStringLiteral("agentbox"));
        watch.setProcessEnvironment(env);
        watch.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), agent, QStringLiteral("settle"),
                                                      QStringLiteral("--watch"), QStringLiteral("--json")});
        QVERIFY(watch.waitForStarted());
        QTest::qWait(300); // the watcher is listening
        QCOMPARE(runAsIs(laptop, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}, {},
                         {QStringLiteral("SEDIMENT_HOST=laptop")})
                     .code,
                 0);
        QElapsedTimer clock;
        clock.start();
        const QString memory = agent + QStringLiteral("/memories/MEMORY.md");
        while (!test::fileBytes(memory).contains("written by the watcher") && clock.elapsed() < 1000)
            QTest::qWait(10);
        QVERIFY2(test::fileBytes(memory).contains("written by the watcher"), "not written within 1 s");
        qInfo("another host's approval written %lld ms after it was committed", clock.elapsed());
        watch.terminate(); // SIGTERM
        QVERIFY(watch.waitForFinished(5000));
        QCOMPARE(watch.exitStatus(), QProcess::NormalExit);
        QCOMPARE(watch.exitCode(), 0);
        const QByteArray out = watch.readAllStandardOutput();
        QVERIFY2(out.contains("\"written\": 1"), out.constData());
    }
};

QTEST_GUILESS_MAIN(TeamCliTest)
#include "team_cli_test.moc"
