// The hostile suite of team mode (docs/user-guide.md#setting-up-a-team): a viewer, an agent and a
// reviewer, each a login role granted with `sediment team grant`, try every direct write the
// workspace's schema lets a client try, with raw libpq and with psql: every table (insert,
// update, delete, truncate), forged approvals, claims, journal rows, audit rows and rights,
// the owner's functions called by hand, SET ROLE, objects created in the schema, a spoofed
// NOTIFY. Every attempt is refused (the NOTIFY, which PostgreSQL lets anyone send, carries no
// authority), nothing stored changes, and the files host then writes only what a reviewer
// approved. Runs in the suite's `_pg` twin; each attempt and its refusal is printed.
#include "CliRun.h"
#include "FileBytes.h"
#include "PgAttempt.h"
#include "TeamStore.h"
#include "util/Json.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

namespace {

using clitest::runAsIs;
using test::Attempt;
using test::superuserColumn;
using test::superuserScalar;
using test::viaLibpq;
using test::viaPsql;

const QStringList kOnAgentBox{QStringLiteral("SEDIMENT_HOST=agentbox")};
const QStringList kOnLaptop{QStringLiteral("SEDIMENT_HOST=laptop")};

} // namespace

class TeamHostileTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_schema;
    QString m_api;
    QString m_owner;    // the workspace's owner and first admin (the test server's superuser)
    QString m_filesBox; // the agent's folder on the files host, as hostile_agent
    qint64 m_note = -1, m_rule = -1, m_settings = -1, m_approved = -1;

    QString folder(const QString& name, const QString& role)
    {
        const QString ws = m_dir.path() + QLatin1Char('/') + name;
        Json config{
            {"database", toStd(*test::teamConnInfo() + (role.isEmpty() ? QString() : QStringLiteral(" user=") + role))},
            {"database_schema", toStd(m_schema)},
            {"admin_destinations", {"claude_md"}},
            {"two_person_destinations", {"settings_json"}}};
        test::writeFileBytes(ws + QStringLiteral("/sediment.json"), QByteArray::fromStdString(config.dump()));
        return ws;
    }

    qint64 propose(const QString& ws, const Json& proposal)
    {
        const auto r = runAsIs(ws, {QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                               QByteArray::fromStdString(proposal.dump()), kOnAgentBox);
        const Json out = r.json();
        if (r.code != 0 || !out.is_object() || out["pending"].empty()) {
            qWarning("propose failed: %s", r.err.constData());
            return -1;
        }
        return out["pending"][0]["inbox_id"].get<qint64>();
    }

    // Every row of every table of the workspace, its objects and their privileges, as one hash.
    QString fingerprint() const
    {
        QStringList parts;
        for (const QString& t : superuserColumn(
                 QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = '%1' "
                                "AND table_type = 'BASE TABLE' ORDER BY 1")
                     .arg(m_schema)))
            parts << t + QLatin1Char('=')
                         + superuserScalar(QStringLiteral("SELECT md5(COALESCE(string_agg(x::text, '|' ORDER BY "
                                                          "x::text), '')) FROM %1.%2 x")
                                               .arg(m_schema, t));
        parts << superuserScalar(
            QStringLiteral("SELECT md5(string_agg(c.relname || c.relkind || COALESCE(c.relacl::text, "
                           "'') || c.relowner, ',' ORDER BY c.relname)) FROM pg_class c JOIN "
                           "pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('%1', '%2')")
                .arg(m_schema, m_api));
        parts << superuserScalar(QStringLiteral("SELECT md5(string_agg(tgname || tgenabled, ',' ORDER BY tgname)) FROM "
                                                "pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n "
                                                "ON n.oid = c.relnamespace WHERE n.nspname = '%1'")
                                     .arg(m_schema));
        parts << superuserScalar(
            QStringLiteral("SELECT md5(string_agg(p.proname || p.prosecdef || COALESCE(p.proacl::text, "
                           "''), ',' ORDER BY p.proname)) FROM pg_proc p JOIN pg_namespace n ON "
                           "n.oid = p.pronamespace WHERE n.nspname = '%1'")
                .arg(m_schema));
        return parts.join(QLatin1Char('\n'));
    }

    // Every statement of `attacks` as `role`, both ways: each must be refused.
    void expectRefused(const QString& role, const QStringList& attacks)
    {
        for (const QString& sql : attacks) {
            const Attempt pq = viaLibpq(role, sql);
            const Attempt ps = viaPsql(role, sql);
            qInfo("%s | %s | libpq: %s | psql: %s", qPrintable(role), qPrintable(sql),
                  qPrintable(pq.refused ? pq.message : QStringLiteral("NOT REFUSED")),
                  qPrintable(ps.refused ? ps.message : QStringLiteral("NOT REFUSED")));
            QVERIFY2(pq.refused, qPrintable(role + QStringLiteral(" via libpq was not refused: ") + sql));
            QVERIFY2(ps.refused, qPrintable(role + QStringLiteral(" via psql was not refused: ") + sql));
        }
    }

    // What any client role might try on the tables themselves and through the views.
    QStringList everyTableAndView() const
    {
        QStringList attacks;
        const QStringList tables =
            superuserColumn(QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = '%1' "
                                           "AND table_type = 'BASE TABLE' ORDER BY 1")
                                .arg(m_schema));
        for (const QString& t : tables) {
            const QString first = superuserScalar(QStringLiteral("SELECT column_name FROM information_schema.columns "
                                                                 "WHERE table_schema = '%1' AND table_name = '%2' "
                                                                 "ORDER BY ordinal_position LIMIT 1")
                                                      .arg(m_schema, t));
            const QString q = m_schema + QLatin1Char('.') + t;
            attacks << QStringLiteral("INSERT INTO %1 SELECT * FROM %1 LIMIT 1").arg(q)
                    << QStringLiteral("UPDATE %1 SET %2 = %2").arg(q, first) << QStringLiteral("DELETE FROM %1").arg(q)
                    << QStringLiteral("TRUNCATE %1").arg(q);
        }
        return attacks;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        QVERIFY(m_dir.isValid());
        m_schema = test::schemaFor(m_dir.path() + QStringLiteral("/hostile"));
        m_api = m_schema + QStringLiteral("_api");
        for (const char* role : {"hostile_viewer", "hostile_agent", "hostile_reviewer", "hostile_nobody"})
            QCOMPARE(test::createLoginRole(QLatin1String(role)), QString());
        m_owner = folder(QStringLiteral("owner"), QString());
        auto r = runAsIs(m_owner, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")},
                         {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        for (const auto& [role, right] : {std::pair{"hostile_viewer", "viewer"}, std::pair{"hostile_agent", "agent"},
                                          std::pair{"hostile_reviewer", "reviewer"}}) {
            r = runAsIs(m_owner,
                        {QStringLiteral("team"), QStringLiteral("grant"), QLatin1String(role), QLatin1String(right)},
                        {}, kOnLaptop);
            QVERIFY2(r.code == 0, r.err.constData());
        }
        // The agent proposes; a reviewer approves one item away from the files host.
        m_filesBox = folder(QStringLiteral("agentbox"), QStringLiteral("hostile_agent"));
        const auto memory = [](const char* text) {
            return Json{{"destination", "memory"}, {"op", {{"action", "add"}, {"content", text}}}, {"rationale", "r"}};
        };
        m_note = propose(m_filesBox, memory("Deploys happen on Tuesdays."));
        m_rule = propose(m_filesBox, Json{{"destination", "claude_md"},
                                          {"op", {{"before", ""}, {"after", "Never force-push."}}},
                                          {"rationale", "r"}});
        m_settings = propose(
            m_filesBox,
            Json{{"destination", "settings_json"}, {"op", {{"patch", {{"theme", "dark"}}}}}, {"rationale", "r"}});
        m_approved = propose(m_filesBox, memory("The staging database is read-only."));
        QVERIFY(m_note > 0 && m_rule > 0 && m_settings > 0 && m_approved > 0);
        const QString reviewer = folder(QStringLiteral("reviewer"), QStringLiteral("hostile_reviewer"));
        r = runAsIs(reviewer, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(m_approved)}, {},
                    kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        // Two live claims: the reviewer's and the owner's.
        r = runAsIs(reviewer, {QStringLiteral("inbox"), QStringLiteral("next"), QStringLiteral("--json")}, {},
                    kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        r = runAsIs(m_owner, {QStringLiteral("inbox"), QStringLiteral("next"), QStringLiteral("--json")}, {},
                    kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void everyDirectWriteByEveryRoleIsRefusedAndNothingChanges()
    {
        const QString before = fingerprint();
        const QString s = m_schema;
        const QString a = m_api;
        const QString zeros(64, QLatin1Char('0'));
        const QString lastSeq = superuserScalar(QStringLiteral("SELECT max(seq) FROM %1.audit_log").arg(s));
        const QString lastHash =
            superuserScalar(QStringLiteral("SELECT hash FROM %1.audit_log ORDER BY seq DESC LIMIT 1").arg(s));
        const QString nextSeq = QString::number(lastSeq.toLongLong() + 1);
        const QString now = QStringLiteral("2026-11-28T00:00:00.000Z");
        const QString note = QString::number(m_note);
        const QString rule = QString::number(m_rule);
        const QString settings = QString::number(m_settings);
        const QString approved = QString::number(m_approved);
        // Common to every role: the schema's own objects, rights, roles, functions.
        const QStringList everyone{
            QStringLiteral("INSERT INTO %1.reviewers VALUES (session_user, 'admin', 'me', '%2')").arg(s, now),
            QStringLiteral("INSERT INTO %1.reviewers VALUES (session_user, 'admin', 'me', '%2')").arg(a, now),
            QStringLiteral("UPDATE %1.reviewers SET rights = 'admin'").arg(s),
            QStringLiteral("SELECT %1.sediment_grant(session_user, 'admin')").arg(s),
            QStringLiteral("SELECT %1.sediment_set_privileges(session_user, 'admin')").arg(s),
            QStringLiteral(
                "SELECT %1.sediment_check_item(%2, 'memory', 'pending', 'applied', NULL, session_user, 3, '{}', "
                "'{}')")
                .arg(s, note),
            QStringLiteral("SELECT %1.sediment_build_api()").arg(s),
            QStringLiteral("SET ROLE sediment_test"),
            QStringLiteral("SET SESSION AUTHORIZATION sediment_test"),
            QStringLiteral("CREATE TABLE %1.planted(x int)").arg(s),
            QStringLiteral("CREATE TABLE %1.planted(x int)").arg(a),
            QStringLiteral("CREATE FUNCTION %1.sediment_right_of(who name) RETURNS TEXT LANGUAGE sql AS $$ SELECT "
                           "'admin' $$")
                .arg(s),
            QStringLiteral("CREATE VIEW %1.reviewers AS SELECT session_user::text AS role, 'admin'::text AS rights")
                .arg(a),
            QStringLiteral("ALTER TABLE %1.inbox_items DISABLE TRIGGER ALL").arg(s),
            QStringLiteral("DROP TRIGGER inbox_items_guard_update ON %1.inbox_items").arg(s),
            QStringLiteral("DROP VIEW %1.inbox_items").arg(a),
            QStringLiteral("ALTER TABLE %1.inbox_items OWNER TO CURRENT_USER").arg(s),
            QStringLiteral("ALTER VIEW %1.inbox_items OWNER TO CURRENT_USER").arg(a),
        };
        // Writes through the views, which only a granted writer's privileges reach.
        const QStringList forgeries{
            // decisions nobody may make this way
            QStringLiteral("UPDATE %1.inbox_items SET status = 'approved', decided_by = 'sediment_test', decided_at = "
                           "'%2' WHERE id = %3")
                .arg(a, now, note),
            QStringLiteral("UPDATE %1.inbox_items SET status = 'approved', decided_by = session_user, decided_at = "
                           "'%2' WHERE id = %3")
                .arg(a, now, rule),
            QStringLiteral("UPDATE %1.inbox_items SET status = 'approved', decided_by = session_user, decided_at = "
                           "'%2' WHERE id = %3")
                .arg(a, now, settings),
            QStringLiteral(
                "UPDATE %1.inbox_items SET op_json = '{\"action\":\"add\",\"content\":\"evil\"}' WHERE id = %2")
                .arg(a, approved),
            QStringLiteral("UPDATE %1.inbox_items SET final_op_json = '{\"action\":\"add\",\"content\":\"evil\"}' "
                           "WHERE id = %2")
                .arg(a, approved),
            QStringLiteral("INSERT INTO %1.inbox_items(id, destination, op_json, content_hash, status, created_at, "
                           "decided_by) VALUES (999999, 'memory', '{}', 'x', 'applied', '%2', session_user)")
                .arg(a, now),
            QStringLiteral("DELETE FROM %1.inbox_items").arg(a),
            // approvals and claims in someone else's name
            QStringLiteral("INSERT INTO %1.approvals VALUES (%2, 'sediment_test', '%3')").arg(a, settings, now),
            QStringLiteral("DELETE FROM %1.approvals").arg(a),
            QStringLiteral("INSERT INTO %1.inbox_claims VALUES (%2, 'sediment_test', '%3', '2999-01-01T00:00:00.000Z')")
                .arg(a, settings, now),
            QStringLiteral("DELETE FROM %1.inbox_claims").arg(a),
            QStringLiteral("UPDATE %1.inbox_claims SET reviewer = 'sediment_test'").arg(a),
            // journal rows in another's name, which the files host's role would settle
            QStringLiteral("INSERT INTO %1.decision_journal(subject_type, subject_id, item_id, target_path, new_hash, "
                           "outcome_json, created_at, host, written_by) VALUES ('inbox_item', '%2', %2, "
                           "'memories/MEMORY.md', 'x', '{}', '%3', 'agentbox', 'sediment_test')")
                .arg(a, approved, now),
            // audit rows in another's name, or off the chain
            QStringLiteral("INSERT INTO %1.audit_log VALUES (%2, '%3', 'human:sediment_test', 'inbox.approve', "
                           "'inbox_item', '%4', NULL, 'pending', 'applied', '{}', '%5', '%6')")
                .arg(a, nextSeq, now, note, lastHash, zeros),
            QStringLiteral("INSERT INTO %1.audit_log VALUES (%2, '%3', 'human:' || session_user, 'inbox.approve', "
                           "'inbox_item', '%4', NULL, 'pending', 'applied', '{}', '%5', '%5')")
                .arg(a, nextSeq, now, note, zeros),
            QStringLiteral("INSERT INTO %1.audit_log VALUES (%2, '%3', 'human:' || session_user, 'inbox.approve', "
                           "'inbox_item', '%4', NULL, 'pending', 'applied', '{}', '%5', '%6')")
                .arg(a, nextSeq, now, note, lastHash, zeros),
            QStringLiteral("INSERT INTO %1.audit_log(seq, at, actor, action, subject_type, subject_id, details, "
                           "prev_hash, hash, details_canonical) VALUES (%2, '%3', 'human:' || session_user, "
                           "'inbox.approve', 'inbox_item', '%4', '{}', '%5', '%6', '{}')")
                .arg(a, nextSeq, now, note, lastHash, zeros),
            QStringLiteral("UPDATE %1.audit_log SET reason = 'rewritten'").arg(a),
            QStringLiteral("DELETE FROM %1.audit_log").arg(a),
            // the team's settings: who writes the files, what needs an admin or two reviewers
            QStringLiteral("UPDATE %1.team_settings SET value = 'laptop' WHERE key = 'files_host'").arg(a),
            QStringLiteral("UPDATE %1.team_settings SET value = '[]'").arg(a),
            QStringLiteral("DELETE FROM %1.team_settings").arg(a),
            // the agent's own records, removed
            QStringLiteral("DELETE FROM %1.inbox_intake").arg(a),
            QStringLiteral("DELETE FROM %1.hermes_staged").arg(a),
            QStringLiteral("DELETE FROM %1.skills").arg(a),
            QStringLiteral("DELETE FROM %1.scars").arg(a),
            QStringLiteral("DELETE FROM %1.decisions").arg(a),
        };
        // A journal row for an open item is a decision being written: a reviewer's own (in its own
        // name, settled by its own processes alone), no one else's.
        const QString journalOpenItem =
            QStringLiteral("INSERT INTO %1.decision_journal(subject_type, subject_id, item_id, target_path, new_hash, "
                           "outcome_json, created_at, host) VALUES ('inbox_item', '%2', %2, 'memories/MEMORY.md', 'x', "
                           "'{}', '%3', 'agentbox')")
                .arg(a, note, now);
        for (const char* role : {"hostile_viewer", "hostile_agent", "hostile_reviewer", "hostile_nobody"}) {
            expectRefused(QLatin1String(role), everyone);
            expectRefused(QLatin1String(role), forgeries);
            expectRefused(QLatin1String(role), everyTableAndView());
            if (QLatin1String(role) != QLatin1String("hostile_reviewer"))
                expectRefused(QLatin1String(role), {journalOpenItem});
        }
        QCOMPARE(fingerprint(), before);
        // The files host writes only what the reviewer approved, as it was approved.
        const auto settled = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(settled.code == 0, settled.err.constData());
        QCOMPARE(settled.json()["written"].get<int>(), 1);
        QCOMPARE(test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md")),
                 QByteArray("The staging database is read-only."));
        const auto verified = runAsIs(m_owner, {QStringLiteral("audit"), QStringLiteral("--verify")}, {}, kOnLaptop);
        QVERIFY2(verified.code == 0, verified.out.constData());
    }

    void aSpoofedNotifyCarriesNoAuthority()
    {
        const QString before = fingerprint();
        for (const char* role : {"hostile_viewer", "hostile_agent", "hostile_reviewer"}) {
            // PostgreSQL lets any session NOTIFY any channel: it is accepted, and it moves nothing.
            const Attempt sent =
                viaLibpq(QLatin1String(role), QStringLiteral("NOTIFY sediment_changes, '%1'").arg(m_schema));
            qInfo("%s | NOTIFY sediment_changes | accepted by the server (%s); it only wakes readers", role,
                  sent.refused ? qPrintable(sent.message) : "no error");
        }
        const QByteArray memoryBefore = test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md"));
        const auto settled = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(settled.code == 0, settled.err.constData());
        QCOMPARE(settled.json()["written"].get<int>(), 0);
        QCOMPARE(test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md")), memoryBefore);
        QCOMPARE(fingerprint(), before);
    }

    void eachRoleDoesWhatItsRightAllowsAndIsToldWhatItMayNot()
    {
        // A role nobody granted: one clear line, nothing else.
        const QString nobody = folder(QStringLiteral("nobody"), QStringLiteral("hostile_nobody"));
        auto r = runAsIs(nobody, {QStringLiteral("inbox"), QStringLiteral("list")}, {}, kOnLaptop);
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: hostile_nobody has no access to the team workspace in schema ")
                            + m_schema.toUtf8()
                            + QByteArray(": an admin runs `sediment team grant hostile_nobody viewer`\n"));
        // A viewer reads the queue, and is refused a decision with the right it needs.
        const QString viewer = folder(QStringLiteral("viewer"), QStringLiteral("hostile_viewer"));
        r = runAsIs(viewer, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}, {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json().is_array() && !r.json().empty());
        r = runAsIs(viewer, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(m_note)}, {},
                    kOnLaptop);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("hostile_viewer may not decide inbox item"), r.err.constData());
        // A viewer proposes nothing: the server refuses the write, and says whose right it is.
        r = runAsIs(viewer, {QStringLiteral("propose"), QStringLiteral("-")},
                    R"({"destination":"memory","op":{"action":"add","content":"from a viewer"},"rationale":"r"})",
                    kOnLaptop);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.startsWith("sediment: hostile_viewer may not change inbox_intake on the team's server"),
                 r.err.constData());
        // An agent proposes but decides nothing.
        r = runAsIs(m_filesBox, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(m_note)}, {},
                    kOnAgentBox);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("that needs the right 'reviewer', and hostile_agent has 'agent'"), r.err.constData());
        // Neither may grant.
        r = runAsIs(viewer,
                    {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("hostile_viewer"),
                     QStringLiteral("admin")},
                    {}, kOnLaptop);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("may not grant rights"), r.err.constData());
    }

    void anApprovalWhoseRightWasTakenBackIsNotWritten()
    {
        const QString reviewer = folder(QStringLiteral("reviewer"), QStringLiteral("hostile_reviewer"));
        const qint64 id = propose(m_filesBox, Json{{"destination", "user"},
                                                   {"op", {{"action", "add"}, {"content", "Prefers short answers."}}},
                                                   {"rationale", "r"}});
        QVERIFY(id > 0);
        auto r =
            runAsIs(reviewer, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}, {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        r = runAsIs(m_owner,
                    {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("hostile_reviewer"),
                     QStringLiteral("viewer")},
                    {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["written"].get<int>(), 0);
        QVERIFY(!QFile::exists(m_filesBox + QStringLiteral("/memories/USER.md")));
        const auto shown =
            runAsIs(m_owner,
                    {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")},
                    {}, kOnLaptop)
                .json();
        QVERIFY(shown["status"] == "pending");
        QVERIFY2(
            fromStd(shown["reason"].get<std::string>()).contains(QLatin1String("was approved by hostile_reviewer")),
            shown.dump().c_str());
        r = runAsIs(m_owner,
                    {QStringLiteral("team"), QStringLiteral("grant"), QStringLiteral("hostile_reviewer"),
                     QStringLiteral("reviewer")},
                    {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void cleanupTestCase()
    {
        if (test::onServer())
            test::serverExec(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE; DROP SCHEMA IF EXISTS %2 CASCADE")
                                 .arg(m_schema, m_api));
    }
};

QTEST_GUILESS_MAIN(TeamHostileTest)
#include "team_hostile_test.moc"
