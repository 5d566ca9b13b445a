// Forgeries a granted role can try with psql beyond the hostile suite's table-by-table sweep
// (docs/user-guide.md#what-the-server-enforces): the agent's or a reviewer's role pointing the
// skills usage link at another file, appending audit rows that hash correctly but say what its
// writer may not say (another actor, another time), moving an item's status along a path no
// command takes, an approval that still counts after its approver lost the right, a decision or
// an approval without its audit row, a decision's review rewritten by the agent, and claims taken
// in another's name or for ever. Each is refused by the server, nothing changes, and the files host
// writes only what stands. Runs in the suite's `_pg` twin; each attempt and its refusal is printed.
#include "CliRun.h"
#include "FileBytes.h"
#include "PgAttempt.h"
#include "TeamStore.h"
#include "util/Json.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

using clitest::runAsIs;
using test::Attempt;
using test::superuserScalar;
using test::viaLibpq;
using test::viaPsql;

const QStringList kOnAgentBox{QStringLiteral("SEDIMENT_HOST=agentbox")};
const QStringList kOnLaptop{QStringLiteral("SEDIMENT_HOST=laptop")};
const QString kNow = QStringLiteral("to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");
const QString kLongAgo = QStringLiteral("'2020-01-01T00:00:00.000Z'");

} // namespace

class TeamForgeryTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_schema;
    QString m_api;
    QString m_owner, m_filesBox, m_grace, m_ada, m_bob;
    qint64 m_pending = -1, m_applied = -1, m_waiting = -1;

    QString folder(const QString& name, const QString& role)
    {
        const QString ws = m_dir.path() + QLatin1Char('/') + name;
        Json config{
            {"database", toStd(*test::teamConnInfo() + (role.isEmpty() ? QString() : QStringLiteral(" user=") + role))},
            {"database_schema", toStd(m_schema)},
            {"two_person_destinations", {"settings_json"}}};
        test::writeFileBytes(ws + QStringLiteral("/sediment.json"), QByteArray::fromStdString(config.dump()));
        return ws;
    }

    qint64 propose(const Json& proposal)
    {
        const auto r = runAsIs(m_filesBox, {QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                               QByteArray::fromStdString(proposal.dump()), kOnAgentBox);
        const Json out = r.json();
        if (r.code != 0 || !out.is_object() || out["pending"].empty()) {
            qWarning("propose failed: %s", r.err.constData());
            return -1;
        }
        return out["pending"][0]["inbox_id"].get<qint64>();
    }

    static Json memory(const char* text)
    {
        return Json{{"destination", "memory"}, {"op", {{"action", "add"}, {"content", text}}}, {"rationale", "r"}};
    }

    clitest::Run inbox(const QString& ws, const QString& verb, qint64 id)
    {
        return runAsIs(ws, {QStringLiteral("inbox"), verb, QString::number(id)}, {}, kOnLaptop);
    }

    Json shown(qint64 id)
    {
        return runAsIs(m_owner,
                       {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")},
                       {}, kOnLaptop)
            .json();
    }

    void grant(const QString& role, const QString& right)
    {
        const auto r = runAsIs(m_owner, {QStringLiteral("team"), QStringLiteral("grant"), role, right}, {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    // An audit row with the chain's next seq and prev_hash and the hash the server computes, so
    // that only what the row says can make the server refuse it.
    QString forgedAudit(const QString& actor, const QString& action, const QString& subjectType,
                        const QString& subjectId, const QString& at) const
    {
        return QStringLiteral(
                   "INSERT INTO %1.audit_log(seq, at, actor, action, subject_type, subject_id, details, prev_hash, "
                   "hash, details_canonical) SELECT seq, at, a, act, st, sid, '{}', prev, encode(sha256(convert_to("
                   "prev || '{\"action\":' || to_json(act)::text || ',\"actor\":' || to_json(a)::text || "
                   "',\"after\":null,\"at\":' || to_json(at)::text || ',\"before\":null,\"details\":{},"
                   "\"prev_hash\":' || to_json(prev)::text || ',\"reason\":null,\"seq\":' || seq || "
                   "',\"subject_id\":' || to_json(sid)::text || ',\"subject_type\":' || to_json(st)::text || '}', "
                   "'UTF8')), 'hex'), '{}' FROM (SELECT l.seq + 1 AS seq, l.hash AS prev, %2::text AS at, "
                   "'%3'::text AS a, '%4'::text AS act, '%5'::text AS st, '%6'::text AS sid FROM %7.audit_log l "
                   "ORDER BY l.seq DESC LIMIT 1) AS x")
            .arg(m_api, at, actor, action, subjectType, subjectId, m_schema);
    }

    void expectRefused(const QString& role, const QStringList& attacks)
    {
        for (const QString& sql : attacks) {
            const Attempt pq = viaLibpq(role, sql);
            const Attempt ps = viaPsql(role, sql);
            qInfo("%s | %s | libpq: %s | psql: %s", qPrintable(role), qPrintable(sql.left(160)),
                  qPrintable(pq.refused ? pq.message : QStringLiteral("NOT REFUSED")),
                  qPrintable(ps.refused ? ps.message : QStringLiteral("NOT REFUSED")));
            QVERIFY2(pq.refused, qPrintable(role + QStringLiteral(" via libpq was not refused: ") + sql));
            QVERIFY2(ps.refused, qPrintable(role + QStringLiteral(" via psql was not refused: ") + sql));
        }
    }

    QString stored(const QString& sql) const { return superuserScalar(sql.arg(m_schema)); }

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        QVERIFY(m_dir.isValid());
        m_schema = test::schemaFor(m_dir.path() + QStringLiteral("/forgery"));
        m_api = m_schema + QStringLiteral("_api");
        for (const char* role : {"forge_agent", "forge_grace", "forge_ada", "forge_bob"})
            QCOMPARE(test::createLoginRole(QLatin1String(role)), QString());
        m_owner = folder(QStringLiteral("owner"), QString());
        auto r = runAsIs(m_owner, {QStringLiteral("team"), QStringLiteral("files-host"), QStringLiteral("agentbox")},
                         {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        grant(QStringLiteral("forge_agent"), QStringLiteral("agent"));
        for (const char* role : {"forge_grace", "forge_ada", "forge_bob"})
            grant(QLatin1String(role), QStringLiteral("reviewer"));
        m_filesBox = folder(QStringLiteral("agentbox"), QStringLiteral("forge_agent"));
        m_grace = folder(QStringLiteral("grace"), QStringLiteral("forge_grace"));
        m_ada = folder(QStringLiteral("ada"), QStringLiteral("forge_ada"));
        m_bob = folder(QStringLiteral("bob"), QStringLiteral("forge_bob"));
        // One item open, one approved by ada and written by the files host, one approved by ada
        // and waiting for it.
        m_pending = propose(memory("Deploys happen on Tuesdays."));
        m_applied = propose(memory("The staging database is read-only."));
        m_waiting = propose(memory("Builds run on the big runner."));
        QVERIFY(m_pending > 0 && m_applied > 0 && m_waiting > 0);
        r = inbox(m_ada, QStringLiteral("approve"), m_applied);
        QVERIFY2(r.code == 0, r.err.constData());
        r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0 && r.json()["written"] == 1, r.err.constData());
        r = inbox(m_ada, QStringLiteral("approve"), m_waiting);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(shown(m_applied)["status"] == "applied");
        QVERIFY(shown(m_waiting)["status"] == "approved");
        QCOMPARE(test::serverExec(QStringLiteral("INSERT INTO %1.skills_usage_link VALUES (1, "
                                                 "'/home/agent/.hermes/skills/.usage.json', '2026-01-01T00:00:00Z')")
                                      .arg(m_schema)),
                 QString());
    }

    void theUsageLinkNamesOnlyAUsageFileAndOnlyTheFilesHostSetsIt()
    {
        const QString link = m_api + QStringLiteral(".skills_usage_link");
        const QString before = stored(QStringLiteral("SELECT path FROM %1.skills_usage_link"));
        expectRefused(QStringLiteral("forge_grace"),
                      {QStringLiteral("UPDATE %1 SET path = '/tmp/victim/settings.json'").arg(link),
                       QStringLiteral("UPDATE %1 SET path = '/home/agent/.hermes/skills/.usage.json'").arg(link),
                       QStringLiteral("INSERT INTO %1 VALUES (1, '/tmp/victim/settings.json', 'x') ON CONFLICT (id) DO "
                                      "UPDATE SET path = excluded.path")
                           .arg(link),
                       QStringLiteral("DELETE FROM %1").arg(link)});
        expectRefused(QStringLiteral("forge_agent"),
                      {QStringLiteral("UPDATE %1 SET path = '/tmp/victim/settings.json'").arg(link),
                       QStringLiteral("UPDATE %1 SET path = '/home/agent/.ssh/authorized_keys'").arg(link),
                       QStringLiteral("UPDATE %1 SET path = '/home/agent/.hermes/../.bashrc/.usage.json'").arg(link),
                       QStringLiteral("UPDATE %1 SET path = 'skills/.usage.json'").arg(link),
                       QStringLiteral("UPDATE %1 SET path = '/home/agent/.hermes/skills/x.usage.json'").arg(link),
                       QStringLiteral("DELETE FROM %1").arg(link)});
        QCOMPARE(stored(QStringLiteral("SELECT path FROM %1.skills_usage_link")), before);
        // The files host's role links a Hermes usage file, as its import does.
        const Attempt linked =
            viaLibpq(QStringLiteral("forge_agent"),
                     QStringLiteral("UPDATE %1 SET path = '/srv/hermes/skills/.usage.json'").arg(link));
        QVERIFY2(!linked.refused, qPrintable(linked.message));
    }

    void anIntakeRowHoldsToWhatTheGateHoldsEveryProposalTo()
    {
        const QString intake = m_api + QStringLiteral(".inbox_intake");
        const QString rows = QStringLiteral("SELECT count(*) FROM %1.inbox_intake");
        const QString before = stored(rows);
        const auto row = [&](const QString& id, const char* destination, const char* score, const char* op) {
            return QStringLiteral(
                       "INSERT INTO %1(id, hash_key, content_hash, destination, op_json, score, source_json, "
                       "created_at) VALUES (%2, 1, 'h', '%3', '%4', %5, '{}', '2026-01-01T00:00:00.000Z')")
                .arg(intake, id, QLatin1String(destination), QLatin1String(op), QLatin1String(score));
        };
        const char* add = R"({"action": "add", "content": "forged"})";
        const QString fresh = QStringLiteral("(SELECT max(id) + 1000 FROM %1.inbox_items)").arg(m_api);
        expectRefused(QStringLiteral("forge_agent"),
                      {row(QString::number(m_pending), "memory", "0.5", add), // an id the inbox holds
                       row(fresh, "nonsense_dest", "0.5", add), row(fresh, "memory", "7.5", add),
                       row(fresh, "memory", "-3", add), row(fresh, "memory", "0.5", R"("just text")")});
        QCOMPARE(stored(rows), before);
        // The same row, well formed, is a proposal like any other.
        const Attempt taken = viaLibpq(QStringLiteral("forge_agent"),
                                       QStringLiteral("BEGIN; %1; ROLLBACK").arg(row(fresh, "memory", "0.5", add)));
        QVERIFY2(!taken.refused, qPrintable(taken.message));
    }

    void anAuditRowSaysOnlyWhatItsWriterMaySay()
    {
        const QString rows = QStringLiteral("SELECT count(*) FROM %1.audit_log");
        const QString before = stored(rows);
        const QString pending = QString::number(m_pending);
        const QString applied = QString::number(m_applied);
        // A reviewer writes as itself, now: never as a machine, another reviewer, or back-dated.
        expectRefused(QStringLiteral("forge_grace"),
                      {forgedAudit(QStringLiteral("curator"), QStringLiteral("skill.archived"), QStringLiteral("skill"),
                                   QStringLiteral("deploy"), kNow),
                       forgedAudit(QStringLiteral("agent:claude"), QStringLiteral("hermes_import"),
                                   QStringLiteral("inbox_item"), pending, kNow),
                       forgedAudit(QStringLiteral("auto"), QStringLiteral("decision.review"),
                                   QStringLiteral("decision"), QStringLiteral("1"), kNow),
                       forgedAudit(QStringLiteral("gate:score"), QStringLiteral("inbox.approve"),
                                   QStringLiteral("inbox_item"), pending, kNow),
                       forgedAudit(QStringLiteral("human:forge_ada"), QStringLiteral("inbox.revert"),
                                   QStringLiteral("inbox_item"), applied, kLongAgo),
                       forgedAudit(QStringLiteral("human:forge_ada"), QStringLiteral("inbox.apply"),
                                   QStringLiteral("inbox_item"), applied, kNow),
                       forgedAudit(QStringLiteral("human:forge_grace"), QStringLiteral("inbox.refuse"),
                                   QStringLiteral("inbox_item"), pending, kLongAgo)});
        // The files host's role writes in ada's name only what it does to ada's item in the same
        // transaction; a gate's row records proposals; its own rows are dated now.
        expectRefused(QStringLiteral("forge_agent"),
                      {forgedAudit(QStringLiteral("human:forge_ada"), QStringLiteral("inbox.apply"),
                                   QStringLiteral("inbox_item"), applied, kNow),
                       forgedAudit(QStringLiteral("human:forge_ada"), QStringLiteral("inbox.revert"),
                                   QStringLiteral("inbox_item"), applied, kNow),
                       forgedAudit(QStringLiteral("human:forge_ada"), QStringLiteral("inbox.approve"),
                                   QStringLiteral("inbox_item"), pending, kNow),
                       forgedAudit(QStringLiteral("gate:score"), QStringLiteral("inbox.approve"),
                                   QStringLiteral("inbox_item"), pending, kNow),
                       forgedAudit(QStringLiteral("agent:hermes"), QStringLiteral("hermes_import"),
                                   QStringLiteral("inbox_item"), pending, kLongAgo)});
        QCOMPARE(stored(rows), before);
        // The same statement, telling the truth, is taken: the refusals above are about what the
        // rows say, not how they were built.
        const Attempt own = viaLibpq(QStringLiteral("forge_agent"),
                                     forgedAudit(QStringLiteral("agent:hermes"), QStringLiteral("hermes_import"),
                                                 QStringLiteral("inbox_item"), pending, kNow));
        QVERIFY2(!own.refused, qPrintable(own.message));
        const auto verified = runAsIs(m_owner, {QStringLiteral("audit"), QStringLiteral("--verify")}, {}, kOnLaptop);
        QVERIFY2(verified.code == 0, verified.out.constData());
    }

    void anItemMovesOnlyAlongTheInboxsOwnPaths()
    {
        const QString items = m_api + QStringLiteral(".inbox_items");
        const QString state =
            QStringLiteral("SELECT string_agg(id || status || COALESCE(decided_by, '') || COALESCE(final_op_json, ''), "
                           "',' ORDER BY id) FROM %1.inbox_items");
        const QString before = stored(state);
        const QString evil = QStringLiteral("'{\"action\":\"add\",\"content\":\"EVIL\"}'");
        // No item is ever withdrawn, and only the role whose write a crash cut short marks it.
        expectRefused(
            QStringLiteral("forge_agent"),
            {QStringLiteral("UPDATE %1 SET status = 'withdrawn' WHERE id = %2").arg(items).arg(m_pending),
             QStringLiteral("UPDATE %1 SET status = 'needs_attention' WHERE id = %2").arg(items).arg(m_pending),
             QStringLiteral("UPDATE %1 SET status = 'needs_attention', decided_by = 'forge_ada', "
                            "final_op_json = %2 WHERE id = %3")
                 .arg(items, evil)
                 .arg(m_pending),
             // writing ada's approval, but not what she approved
             QStringLiteral("UPDATE %1 SET status = 'applied', final_op_json = %2 WHERE id = %3")
                 .arg(items, evil)
                 .arg(m_waiting)});
        // A reviewer decides; it neither records the files host's writes nor re-decides.
        expectRefused(
            QStringLiteral("forge_grace"),
            {QStringLiteral("UPDATE %1 SET status = 'needs_attention' WHERE id = %2").arg(items).arg(m_applied),
             QStringLiteral("UPDATE %1 SET status = 'withdrawn' WHERE id = %2").arg(items).arg(m_pending),
             QStringLiteral("UPDATE %1 SET status = 'applied' WHERE id = %2").arg(items).arg(m_waiting),
             QStringLiteral("UPDATE %1 SET status = 'pending', decided_by = NULL WHERE id = %2")
                 .arg(items)
                 .arg(m_waiting)});
        QCOMPARE(stored(state), before);
        // The files host writes what ada approved, as she approved it.
        const auto r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0 && r.json()["written"] == 1, r.err.constData());
        QVERIFY(shown(m_waiting)["status"] == "applied");
        QVERIFY(test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md")).contains("big runner"));
        QVERIFY(!test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md")).contains("EVIL"));
    }

    void anApprovalCountsOnlyWhileItsApproverHoldsTheRight()
    {
        const auto settings = [](const char* theme) {
            return Json{{"destination", "settings_json"}, {"op", {{"patch", {{"theme", theme}}}}}, {"rationale", "r"}};
        };
        // Bob approves first, ada second; bob loses the right before the files host writes it.
        const qint64 first = propose(settings("dark"));
        QVERIFY(first > 0);
        auto r = inbox(m_bob, QStringLiteral("approve"), first);
        QVERIFY2(r.code == 0, r.err.constData());
        r = inbox(m_ada, QStringLiteral("approve"), first);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(shown(first)["status"] == "approved");
        grant(QStringLiteral("forge_bob"), QStringLiteral("viewer"));
        r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["written"].get<int>(), 0);
        Json item = shown(first);
        QVERIFY(item["status"] == "pending");
        QVERIFY2(fromStd(item["reason"].get<std::string>()).contains(QLatin1String("was approved by forge_bob")),
                 item.dump().c_str());
        // Bob approves first and loses the right; ada's approval is then no second one.
        grant(QStringLiteral("forge_bob"), QStringLiteral("reviewer"));
        const qint64 second = propose(settings("light"));
        QVERIFY(second > 0);
        r = inbox(m_bob, QStringLiteral("approve"), second);
        QVERIFY2(r.code == 0, r.err.constData());
        grant(QStringLiteral("forge_bob"), QStringLiteral("viewer"));
        r = inbox(m_ada, QStringLiteral("approve"), second);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("was approved by forge_bob"), r.err.constData());
        QVERIFY(shown(second)["status"] == "pending");
        r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["written"].get<int>(), 0);
        grant(QStringLiteral("forge_bob"), QStringLiteral("reviewer"));
    }

    void aDecisionOrAnApprovalComesWithItsAuditRow()
    {
        const qint64 memoryItem = propose(memory("Releases are tagged on main."));
        const qint64 twoPerson = propose(
            Json{{"destination", "settings_json"}, {"op", {{"patch", {{"theme", "solar"}}}}}, {"rationale", "r"}});
        QVERIFY(memoryItem > 0 && twoPerson > 0);
        // Read once, so that both have left the intake for the inbox.
        QVERIFY(shown(memoryItem)["status"] == "pending" && shown(twoPerson)["status"] == "pending");
        const QString now = QStringLiteral("to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");
        // In her own name and within her right, but with no audit row to say so.
        expectRefused(QStringLiteral("forge_grace"),
                      {QStringLiteral("UPDATE %1.inbox_items SET status = 'approved', decided_by = 'forge_grace', "
                                      "decided_at = %2 WHERE id = %3")
                           .arg(m_api, now)
                           .arg(memoryItem),
                       QStringLiteral("INSERT INTO %1.approvals VALUES (%2, 'forge_grace', %3)")
                           .arg(m_api)
                           .arg(twoPerson)
                           .arg(now)});
        QVERIFY(shown(memoryItem)["status"] == "pending");
        QCOMPARE(
            stored(QStringLiteral("SELECT count(*) FROM %1.approvals WHERE item_id = ") + QString::number(twoPerson)),
            QStringLiteral("0"));
        const auto r = runAsIs(m_filesBox, {QStringLiteral("settle"), QStringLiteral("--json")}, {}, kOnAgentBox);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["written"].get<int>(), 0);
        QVERIFY(!test::fileBytes(m_filesBox + QStringLiteral("/memories/MEMORY.md")).contains("tagged on main"));
    }

    void aDecisionsReviewIsAReviewersAndNeverRewritten()
    {
        auto r = runAsIs(m_filesBox, {QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")},
                         "{\"description\":\"Use one queue\",\"confidence\":0.4,\"category\":\"architecture\","
                         "\"stakes\":\"high\"}\n"
                         "{\"description\":\"Cache the index\",\"confidence\":0.6,\"category\":\"tooling\","
                         "\"stakes\":\"low\"}\n",
                         kOnAgentBox);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString reviewed = stored(QStringLiteral("SELECT min(id) FROM %1.decisions"));
        const QString open = stored(QStringLiteral("SELECT max(id) FROM %1.decisions"));
        r = runAsIs(m_grace,
                    {QStringLiteral("decisions"), QStringLiteral("review"), reviewed, QStringLiteral("--outcome"),
                     QStringLiteral("failure"), QStringLiteral("--result"), QStringLiteral("two queues won")},
                    {}, kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString state = QStringLiteral("SELECT string_agg(id || outcome || COALESCE(outcome_text, '') || "
                                             "COALESCE(reviewer, '') || confidence || description, ',' ORDER BY id) "
                                             "FROM %1.decisions");
        const QString before = stored(state);
        const QString decisions = m_api + QStringLiteral(".decisions");
        expectRefused(QStringLiteral("forge_agent"),
                      {QStringLiteral("UPDATE %1 SET outcome = 'success', outcome_text = 'flipped' WHERE id = %2")
                           .arg(decisions, reviewed),
                       QStringLiteral("UPDATE %1 SET outcome = 'success', reviewer = 'auto' WHERE id = %2")
                           .arg(decisions, reviewed),
                       QStringLiteral("UPDATE %1 SET reviewer = 'auto' WHERE id = %2").arg(decisions, open),
                       QStringLiteral("UPDATE %1 SET confidence = 0.99, description = 'always right' WHERE id = %2")
                           .arg(decisions, open),
                       QStringLiteral("UPDATE %1 SET outcome = 'success', reviewer = 'forge_agent' WHERE id = %2")
                           .arg(decisions, open)});
        expectRefused(QStringLiteral("forge_bob"),
                      {QStringLiteral("UPDATE %1 SET outcome = 'success', reviewer = 'forge_grace' WHERE id = %2")
                           .arg(decisions, reviewed),
                       QStringLiteral("UPDATE %1 SET confidence = 0.9 WHERE id = %2").arg(decisions, reviewed)});
        QCOMPARE(stored(state), before);
    }

    void aClaimIsTakenOnlyInOnesOwnNameForTheLease()
    {
        auto r = runAsIs(m_grace, {QStringLiteral("inbox"), QStringLiteral("next"), QStringLiteral("--json")}, {},
                         kOnLaptop);
        QVERIFY2(r.code == 0, r.err.constData());
        const QString claims = m_api + QStringLiteral(".inbox_claims");
        const QString state =
            QStringLiteral("SELECT string_agg(item_id || reviewer || expires_at, ',' ORDER BY item_id) "
                           "FROM %1.inbox_claims");
        const QString before = stored(state);
        QVERIFY2(before.contains(QLatin1String("forge_grace")), qPrintable(before));
        const QString now = QStringLiteral("to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");
        const QString soon = QStringLiteral("to_char((now() + INTERVAL '10 minutes') AT TIME ZONE 'UTC', "
                                            "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");
        expectRefused(
            QStringLiteral("forge_bob"),
            {QStringLiteral("UPDATE %1 SET reviewer = 'forge_bob' WHERE reviewer = 'forge_grace'").arg(claims),
             QStringLiteral("INSERT INTO %1 SELECT id, 'forge_bob', %2, '2999-01-01T00:00:00.000Z' FROM %3.inbox_items "
                            "WHERE status = 'pending' ON CONFLICT DO NOTHING")
                 .arg(claims, now, m_schema),
             QStringLiteral("INSERT INTO %1 VALUES (%2, 'forge_bob', '2020-01-01T00:00:00.000Z', %3)")
                 .arg(claims)
                 .arg(m_pending)
                 .arg(soon),
             QStringLiteral("INSERT INTO %1 VALUES (%2, 'forge_bob', %3, %4)")
                 .arg(claims)
                 .arg(m_applied)
                 .arg(now, soon)});
        QCOMPARE(stored(state), before);
    }

    void cleanupTestCase()
    {
        if (test::onServer())
            test::serverExec(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE; DROP SCHEMA IF EXISTS %2 CASCADE")
                                 .arg(m_schema, m_api));
    }
};

QTEST_GUILESS_MAIN(TeamForgeryTest)
#include "team_forgery_test.moc"
