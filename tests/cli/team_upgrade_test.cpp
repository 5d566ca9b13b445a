// How a team workspace comes to the rights the server enforces (docs/user-guide.md#upgrading-a-
// team-workspace): one made by an earlier Sediment (schema 11, its reviewers given table
// privileges by hand) is upgraded by its owner in one step, after which every listed role holds
// exactly its right's privileges and nothing more; a copy made by `migrate --to` has the same
// objects, guards and privileges as a workspace made on the server. Runs in the `_pg` twin.
#include "CliRun.h"
#include "FileBytes.h"
#include "TeamStore.h"
#include "util/Json.h"

#include <QTemporaryDir>
#include <QTest>

#include <libpq-fe.h>

using namespace sediment;

namespace {

using clitest::runAsIs;

QString scalar(const QString& sql, const QString& role = QString())
{
    const QString conninfo = *test::teamConnInfo() + (role.isEmpty() ? QString() : QStringLiteral(" user=") + role);
    PGconn* conn = PQconnectdb(conninfo.toUtf8().constData());
    PGresult* r = PQexec(conn, sql.toUtf8().constData());
    const ExecStatusType status = PQresultStatus(r);
    QString value = status == PGRES_TUPLES_OK && PQntuples(r) > 0 ? QString::fromUtf8(PQgetvalue(r, 0, 0))
                    : status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK
                        ? QString()
                        : QStringLiteral("ERROR: ") + QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
    PQclear(r);
    PQfinish(conn);
    return value;
}

// What the rights are made of in a schema and its companion, with the schema's name left out:
// the views, the guards on each table, the owner's functions and who may call them.
QString shapeOf(const QString& schema)
{
    const QString api = schema + QStringLiteral("_api");
    return scalar(
        QStringLiteral("SELECT string_agg(x, ',' ORDER BY x) FROM ("
                       " SELECT 'view ' || c.relname AS x FROM pg_class c JOIN pg_namespace n ON n.oid = "
                       "c.relnamespace WHERE n.nspname = '%2' AND c.relkind = 'v'"
                       " UNION ALL SELECT 'trigger ' || c.relname || '.' || t.tgname FROM pg_trigger t JOIN "
                       "pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE "
                       "n.nspname = '%1' AND NOT t.tgisinternal"
                       " UNION ALL SELECT 'function ' || p.proname || ' definer=' || p.prosecdef FROM pg_proc "
                       "p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = '%1') AS shape")
            .arg(schema, api));
}

void writeConfig(const QString& ws, const QString& role, const QString& schema)
{
    const Json config{
        {"database", toStd(*test::teamConnInfo() + (role.isEmpty() ? QString() : QStringLiteral(" user=") + role))},
        {"database_schema", toStd(schema)}};
    test::writeFileBytes(ws + QStringLiteral("/sediment.json"), QByteArray::fromStdString(config.dump()));
}

} // namespace

class TeamUpgradeTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QSKIP("needs the test server (the _pg run)");
        QVERIFY(m_dir.isValid());
        QCOMPARE(test::serverExec(QStringLiteral("DO $$ BEGIN CREATE ROLE upgrade_reviewer LOGIN; EXCEPTION WHEN "
                                                 "duplicate_object THEN NULL; END $$")),
                 QString());
    }

    void anEarlierWorkspaceIsUpgradedByItsOwnerInOneStep()
    {
        const QString schema = test::schemaFor(path(QStringLiteral("old")));
        const QString owner = path(QStringLiteral("owner"));
        writeConfig(owner, QString(), schema);
        auto r = runAsIs(owner, {QStringLiteral("propose"), QStringLiteral("-")},
                         R"({"destination":"memory","op":{"action":"add","content":"kept"},"rationale":"r"})");
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(scalar(QStringLiteral("SELECT %1.sediment_grant('upgrade_reviewer', 'reviewer')").arg(schema))
                == QLatin1String("none"));
        // Back to what schema 11 was: no companion schema, no guards, no grant function, and the
        // reviewer given every table by hand, as the earlier guide's tests did.
        const QString down =
            QStringLiteral(
                "DROP SCHEMA %1_api CASCADE;"
                "DO $$ DECLARE t RECORD; BEGIN"
                " FOR t IN SELECT c.relname, g.tgname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid"
                " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '%1' AND g.tgname LIKE '%_guard_%' "
                "LOOP"
                "  EXECUTE format('DROP TRIGGER %I ON %1.%I', t.tgname, t.relname); END LOOP;"
                " FOR t IN SELECT p.oid::regprocedure AS f FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                " WHERE n.nspname = '%1' AND p.proname LIKE 'sediment\\_%' AND p.proname <> 'sediment_notify' LOOP"
                "  EXECUTE format('DROP FUNCTION %s', t.f); END LOOP; END $$;"
                "ALTER TABLE %1.decision_journal DROP COLUMN written_by;"
                "ALTER TABLE %1.audit_log DROP COLUMN details_canonical;"
                "UPDATE %1.schema_version SET version = 11;"
                "GRANT USAGE ON SCHEMA %1 TO upgrade_reviewer; GRANT ALL ON ALL TABLES IN SCHEMA %1 TO "
                "upgrade_reviewer;"
                "GRANT ALL ON ALL SEQUENCES IN SCHEMA %1 TO upgrade_reviewer")
                .arg(schema);
        QCOMPARE(test::serverExec(down), QString());
        QCOMPARE(scalar(QStringLiteral("SELECT has_table_privilege('upgrade_reviewer', '%1.inbox_items', 'UPDATE')")
                            .arg(schema)),
                 QStringLiteral("t"));
        // A reviewer's command on the old workspace is told who upgrades it, and changes nothing.
        const QString reviewer = path(QStringLiteral("reviewer"));
        writeConfig(reviewer, QStringLiteral("upgrade_reviewer"), schema);
        r = runAsIs(reviewer, {QStringLiteral("inbox"), QStringLiteral("list")});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: the team workspace in schema ") + schema.toUtf8()
                            + QByteArray(" is at schema 11 and this Sediment needs 14: its owner, sediment_test, "
                                         "upgrades it by running any sediment command once "
                                         "(docs/user-guide.md#upgrading-a-team-workspace)\n"));
        // The owner's one command upgrades it: the hand-given privileges are taken back and the
        // listed right's privileges given.
        r = runAsIs(owner, {QStringLiteral("stats")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(scalar(QStringLiteral("SELECT max(version) FROM %1.schema_version").arg(schema)),
                 QStringLiteral("14"));
        for (const char* privilege : {"INSERT", "UPDATE", "DELETE", "TRUNCATE"})
            QCOMPARE(scalar(QStringLiteral("SELECT has_table_privilege('upgrade_reviewer', '%1.inbox_items', '%2')")
                                .arg(schema, QLatin1String(privilege))),
                     QStringLiteral("f"));
        // Through the views: an item's decision, never its proposal.
        QCOMPARE(
            scalar(QStringLiteral("SELECT has_column_privilege('upgrade_reviewer', '%1_api.inbox_items', 'status', "
                                  "'UPDATE')")
                       .arg(schema)),
            QStringLiteral("t"));
        QCOMPARE(
            scalar(QStringLiteral("SELECT has_column_privilege('upgrade_reviewer', '%1_api.inbox_items', 'op_json', "
                                  "'UPDATE')")
                       .arg(schema)),
            QStringLiteral("f"));
        QVERIFY(scalar(QStringLiteral("UPDATE %1.inbox_items SET status = 'applied'").arg(schema),
                       QStringLiteral("upgrade_reviewer"))
                    .contains(QLatin1String("permission denied for table inbox_items")));
        // And the reviewer decides, as before.
        r = runAsIs(reviewer, {QStringLiteral("inbox"), QStringLiteral("approve"), QStringLiteral("1")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(test::fileBytes(reviewer + QStringLiteral("/memories/MEMORY.md")), QByteArray("kept"));
        teamtest::dropSchema(schema);
        teamtest::dropSchema(schema + QStringLiteral("_api"));
    }

    void aMigratedWorkspaceHasTheSameRightsAsOneMadeOnTheServer()
    {
        const QString made = test::schemaFor(path(QStringLiteral("made")));
        const QString owner = path(QStringLiteral("made-here"));
        writeConfig(owner, QString(), made);
        QCOMPARE(runAsIs(owner, {QStringLiteral("stats")}).code, 0);
        const QString embedded = path(QStringLiteral("embedded"));
        QCOMPARE(runAsIs(embedded, {QStringLiteral("init"), QStringLiteral("--demo")}).code, 0);
        const QString copied = test::schemaFor(path(QStringLiteral("copied")));
        auto r = runAsIs(embedded, {QStringLiteral("migrate"), QStringLiteral("--to"), *test::teamConnInfo(),
                                    QStringLiteral("--schema"), copied});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!shapeOf(made).isEmpty());
        QCOMPARE(shapeOf(copied), shapeOf(made));
        QCOMPARE(scalar(QStringLiteral(
                            "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = '%1.inbox_items'::regclass")
                            .arg(copied)),
                 QStringLiteral("sediment_test"));
        // Granted on the copy, a reviewer holds exactly what it holds on the other.
        QVERIFY(scalar(QStringLiteral("SELECT %1.sediment_grant('upgrade_reviewer', 'reviewer')").arg(copied))
                == QLatin1String("none"));
        QVERIFY(scalar(QStringLiteral("SELECT %1.sediment_grant('upgrade_reviewer', 'reviewer')").arg(made))
                == QLatin1String("none"));
        const QString privileges = QStringLiteral(
            "SELECT string_agg(c.relname || ':' || p.privilege_type, ',' ORDER BY c.relname, p.privilege_type) FROM "
            "pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace CROSS JOIN LATERAL aclexplode(c.relacl) p WHERE "
            "n.nspname IN ('%1', '%1_api') AND p.grantee = 'upgrade_reviewer'::regrole");
        QCOMPARE(scalar(privileges.arg(copied)), scalar(privileges.arg(made)));
        for (const QString& s : {made, copied}) {
            teamtest::dropSchema(s);
            teamtest::dropSchema(s + QStringLiteral("_api"));
        }
    }
};

QTEST_GUILESS_MAIN(TeamUpgradeTest)
#include "team_upgrade_test.moc"
