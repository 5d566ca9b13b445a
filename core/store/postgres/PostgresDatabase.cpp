#include "store/postgres/PostgresDatabase.h"

#include "store/HostName.h"
#include "store/postgres/LibPq.h"
#include "store/postgres/PostgresPlaceholders.h"
#include "store/postgres/PostgresStatement.h"
#include "store/Schema.h"

#include <cstring>

namespace sediment {

namespace {

QString trimmed(const char* message) { return QString::fromUtf8(message ? message : "").trimmed(); }

} // namespace

PostgresDatabase::PostgresDatabase(const LibPq& pq, pg_conn* conn, ServerAddress address)
    : Database(address.lockBase)
    , m_pq(pq)
    , m_conn(conn)
    , m_address(std::move(address))
    , m_schema(m_address.schema)
{}

PostgresDatabase::~PostgresDatabase() { m_pq.finish(m_conn); }

Result<std::unique_ptr<Database>> PostgresDatabase::open(const ServerAddress& address)
{
    if (address.schema.isEmpty())
        return fail(Error::invalid(QStringLiteral("the team database needs a schema name")));
    auto pq = LibPq::get();
    if (!pq)
        return fail(pq.error());
    const LibPq& lib = **pq;
    pg_conn* conn = lib.connectdb(address.conninfo.toUtf8().constData());
    std::unique_ptr<PostgresDatabase> db(new PostgresDatabase(lib, conn, address));
    if (!conn || lib.status(conn) != CONNECTION_OK)
        return fail(Error::io(QStringLiteral("cannot reach the team database (%1): %2")
                                  .arg(db->describe(), trimmed(conn ? lib.errorMessage(conn) : "out of memory"))));
    if (auto s = db->setUpSession(); !s)
        return fail(s.error());
    const auto steps = schema::postgresMigrations();
    if (auto s = db->checkAccess(int(steps.size())); !s)
        return fail(s.error());
    if (auto s = db->migrate(steps); !s)
        return fail(s.error());
    if (auto s = db->enterApi(); !s)
        return fail(s.error());
    return std::unique_ptr<Database>(std::move(db));
}

std::string PostgresDatabase::quote(const QString& text, bool identifier)
{
    const QByteArray utf8 = text.toUtf8();
    char* q = identifier ? m_pq.escapeIdentifier(m_conn, utf8.constData(), std::size_t(utf8.size()))
                         : m_pq.escapeLiteral(m_conn, utf8.constData(), std::size_t(utf8.size()));
    if (!q)
        return {};
    std::string out(q);
    m_pq.freemem(q);
    return out;
}

Status PostgresDatabase::checkAccess(int latest)
{
    auto st = prepare("SELECT n.nspowner = r.oid, has_schema_privilege(r.oid, n.oid, 'USAGE'), r.rolsuper, "
                      "pg_get_userbyid(n.nspowner) FROM pg_namespace n, pg_roles r "
                      "WHERE n.nspname = ? AND r.rolname = session_user");
    if (!st)
        return fail(st.error());
    auto row = st->bind(1, m_schema).step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return {};
    const bool owner = st->int64(0) != 0;
    const bool usage = st->int64(1) != 0;
    const bool super = st->int64(2) != 0;
    const QString ownerName = st->text(3);
    st->reset();
    m_direct = owner || super;
    if (m_direct)
        return {};
    if (!usage)
        return fail(Error::refused(QStringLiteral("%1 has no access to the team workspace in schema %2: an admin runs "
                                                  "`sediment team grant %1 viewer`")
                                       .arg(m_role, m_schema)));
    auto version = storedSchemaVersion();
    if (!version)
        return fail(version.error());
    if (*version < latest)
        return fail(Error::refused(
            QStringLiteral("the team workspace in schema %1 is at schema %2 and this Sediment needs %3: its owner, %4, "
                           "upgrades it by running any sediment command once (docs/user-guide.md#upgrading-a-team-"
                           "workspace)")
                .arg(m_schema)
                .arg(*version)
                .arg(latest)
                .arg(ownerName)));
    return {};
}

Status PostgresDatabase::enterApi()
{
    // The owner (or a superuser) holds the tables themselves, and the guards leave it alone.
    if (m_direct)
        return {};
    auto st = prepare("SELECT 1 FROM pg_namespace WHERE nspname = ?");
    if (!st)
        return fail(st.error());
    auto found = st->bind(1, QString(m_schema + QStringLiteral("_api"))).step();
    if (!found)
        return fail(found.error());
    st->reset();
    if (!*found)
        return {};
    const std::string path =
        "SET search_path TO " + quote(m_schema + QStringLiteral("_api"), true) + ", " + quote(m_schema, true);
    if (auto s = exec(path.c_str()); !s)
        return s;
    m_api = true;
    return {};
}

Status PostgresDatabase::setUpSession()
{
    // Texts are UTF-8 both ways; the workspace's schema first on the search path, created on
    // the first open (a role without that right gets the server's refusal, named).
    if (m_pq.setClientEncoding(m_conn, "UTF8") != 0)
        return fail(
            Error::io(QStringLiteral("the team database refused UTF-8: %1").arg(trimmed(m_pq.errorMessage(m_conn)))));
    const QByteArray schema = m_schema.toUtf8();
    char* quoted = m_pq.escapeIdentifier(m_conn, schema.constData(), std::size_t(schema.size()));
    if (!quoted)
        return fail(Error::io(trimmed(m_pq.errorMessage(m_conn))));
    const std::string ident(quoted);
    m_pq.freemem(quoted);
    char* literal = m_pq.escapeLiteral(m_conn, schema.constData(), std::size_t(schema.size()));
    if (!literal)
        return fail(Error::io(trimmed(m_pq.errorMessage(m_conn))));
    const std::string name(literal);
    m_pq.freemem(literal);
    // Created only when missing: CREATE SCHEMA IF NOT EXISTS asks for the right to create one
    // even when it exists, which a reviewer's role need not have. Two first sessions at once
    // (two agents on a new workspace) queue on an advisory lock, held until this setup's
    // implicit transaction ends, so the second finds the schema the first made.
    const QByteArray hostName = HostName::ofThisMachine().toUtf8();
    char* hostLiteral = m_pq.escapeLiteral(m_conn, hostName.constData(), std::size_t(hostName.size()));
    if (!hostLiteral)
        return fail(Error::io(trimmed(m_pq.errorMessage(m_conn))));
    const std::string host(hostLiteral);
    m_pq.freemem(hostLiteral);
    // No parallel workers for this session's statements: an inbox page's count over a large
    // inbox was slower gathered from several processes than in one (team_store_bench); the app's
    // statements are short, and a shared server has other sessions to serve.
    const std::string setup = "SET client_min_messages = warning; SET max_parallel_workers_per_gather = 0; "
                              "SET sediment.host = "
                              + host + "; DO $sediment$ BEGIN PERFORM pg_advisory_xact_lock(7305, hashtext(" + name
                              + ")); IF NOT EXISTS (SELECT 1 FROM "
                                "pg_namespace WHERE nspname = "
                              + name + ") THEN CREATE SCHEMA " + ident + "; END IF; END $sediment$; SET search_path TO "
                              + ident + "; LISTEN sediment_changes";
    if (auto s = exec(setup.c_str()); !s) {
        // A role that may not create the schema (nobody has made the workspace yet): say who may.
        if (s.error().message.contains(QLatin1String("permission denied for database")))
            return fail(
                Error::refused(QStringLiteral("%1 may not create the team workspace's schema %2: its first admin needs "
                                              "`GRANT CREATE ON DATABASE %3 TO <role>` from a database administrator "
                                              "(docs/user-guide.md#setting-up-a-team)")
                                   .arg(trimmed(m_pq.user(m_conn)), m_schema, trimmed(m_pq.db(m_conn)))));
        return s;
    }
    m_lockSql = "SELECT pg_advisory_xact_lock(7305, hashtext(" + name + "))";
    if (m_api) {
        const std::string path = "SET search_path TO " + quote(m_schema + QStringLiteral("_api"), true) + ", " + ident;
        if (auto s = exec(path.c_str()); !s)
            return s;
    }
    m_role = trimmed(m_pq.parameterStatus(m_conn, "session_authorization"));
    if (m_role.isEmpty())
        m_role = trimmed(m_pq.user(m_conn));
    return {};
}

Result<pg_conn*> PostgresDatabase::connection()
{
    if (m_pq.status(m_conn) == CONNECTION_OK)
        return m_conn;
    if (m_inTransaction)
        return fail(Error::io(QStringLiteral("lost the team database (%1) during a change; the server undid it: %2")
                                  .arg(describe(), trimmed(m_pq.errorMessage(m_conn)))));
    m_pq.reset(m_conn);
    if (m_pq.status(m_conn) != CONNECTION_OK)
        return fail(Error::io(QStringLiteral("cannot reach the team database (%1): %2")
                                  .arg(describe(), trimmed(m_pq.errorMessage(m_conn)))));
    ++m_generation; // statements prepared on the old connection are gone with it
    if (auto s = setUpSession(); !s)
        return fail(s.error());
    return m_conn;
}

bool PostgresDatabase::droppedOutsideTransaction() const
{
    return m_pq.status(m_conn) != CONNECTION_OK && !m_inTransaction;
}

QString PostgresDatabase::errorOf(const pg_result* result) const
{
    QString message = trimmed(result ? m_pq.resultErrorMessage(result) : m_pq.errorMessage(m_conn));
    if (message.isEmpty())
        message = trimmed(m_pq.errorMessage(m_conn));
    if (message.startsWith(QLatin1String("ERROR:")))
        message = message.mid(6).trimmed();
    // Only the first line: the rest is the server's pointer into the statement.
    message = message.section(QLatin1Char('\n'), 0, 0);
    if (m_pq.status(m_conn) != CONNECTION_OK)
        return QStringLiteral("lost the team database (%1): %2").arg(describe(), message);
    return QStringLiteral("database error: %1").arg(message);
}

Error PostgresDatabase::errorFrom(const pg_result* result) const
{
    const char* state = result ? m_pq.resultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    QString message = errorOf(result);
    if (state && std::strcmp(state, "42501") == 0 && m_pq.status(m_conn) == CONNECTION_OK) {
        message.remove(0, int(std::strlen("database error: ")));
        // A privilege the role's right does not give (a viewer's write): say whose and where the
        // rights are, rather than the server's bare words.
        if (message.startsWith(QLatin1String("permission denied for ")))
            return Error::refused(QStringLiteral("%1 may not change %2 on the team's server (%3): a right an admin "
                                                 "grants with `sediment team grant` (docs/user-guide.md#reviewers-"
                                                 "and-rights)")
                                      .arg(m_role, message.section(QLatin1Char(' '), -1), message));
        return Error::refused(message);
    }
    return Error::io(message);
}

Result<Statement> PostgresDatabase::prepare(const Sql& sql)
{
    int parameters = 0;
    std::string text = postgres::numberPlaceholders(sql.text(Dialect::Postgres), &parameters);
    return Statement(std::make_unique<PostgresStatement>(*this, std::move(text), parameters));
}

Status PostgresDatabase::exec(const char* sql)
{
    for (int attempt = 0;; ++attempt) {
        auto conn = connection();
        if (!conn)
            return fail(conn.error());
        PGresult* r = m_pq.exec(*conn, sql);
        // Several statements: PQexec returns the last one's result, and stops at the first error.
        const ExecStatusType status = m_pq.resultStatus(r);
        const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY;
        if (ok) {
            m_pq.clear(r);
            return {};
        }
        Error error = errorFrom(r);
        m_pq.clear(r);
        if (attempt > 0 || !droppedOutsideTransaction())
            return fail(std::move(error));
    }
}

std::string PostgresDatabase::nextStatementName()
{
    std::string name = "s"; // built by appending: GCC 12 misreads "s" + to_string(...) (-Wrestrict)
    name += std::to_string(++m_statements);
    return name;
}

void PostgresDatabase::deallocate(const std::string& name, int generation)
{
    if (generation != m_generation || m_pq.status(m_conn) != CONNECTION_OK)
        return;
    std::string sql = "DEALLOCATE ";
    sql += name;
    m_pq.clear(m_pq.exec(m_conn, sql.c_str()));
}

void PostgresDatabase::noteChanges(qint64 rows)
{
    m_changes = rows;
    m_totalChanges += rows;
}

Status PostgresDatabase::beginWrite()
{
    if (auto s = exec("BEGIN"); !s)
        return s;
    m_inTransaction = true;
    // One writer per workspace at a time, as in SQLite; held until COMMIT or ROLLBACK.
    if (auto s = exec(m_lockSql.c_str()); !s) {
        rollbackWrite();
        return s;
    }
    return {};
}

Status PostgresDatabase::beginUnserialisedWrite()
{
    if (auto s = exec("BEGIN"); !s)
        return s;
    m_inTransaction = true;
    return {};
}

Status PostgresDatabase::commitWrite()
{
    // COMMIT of a transaction a failed statement aborted succeeds as a ROLLBACK: only its tag
    // tells, and a write that was never made must not be reported as made.
    Status committed;
    PGresult* r = m_pq.exec(m_conn, "COMMIT");
    if (m_pq.resultStatus(r) != PGRES_COMMAND_OK)
        committed = fail(Error::io(errorOf(r)));
    else if (std::strcmp(m_pq.cmdStatus(r), "COMMIT") != 0)
        committed = fail(Error::io(QStringLiteral("the server rolled the transaction back: an earlier "
                                                  "statement in it failed")));
    m_pq.clear(r);
    if (!committed)
        (void)exec("ROLLBACK");
    m_inTransaction = false;
    return committed;
}

void PostgresDatabase::rollbackWrite()
{
    if (m_pq.status(m_conn) == CONNECTION_OK)
        m_pq.clear(m_pq.exec(m_conn, "ROLLBACK"));
    m_inTransaction = false;
}

Result<qint64> PostgresDatabase::lastInsertId() { return scalar("SELECT lastval()"); }

void PostgresDatabase::drainNotices()
{
    if (m_pq.consumeInput(m_conn) == 0)
        return;
    const int self = m_pq.backendPID(m_conn);
    const QByteArray schema = m_schema.toUtf8();
    while (PGnotify* n = m_pq.notifies(m_conn)) {
        // Only other sessions' changes to this workspace, as SQLite's data_version counts.
        if (n->be_pid != self && schema == n->extra)
            ++m_version;
        m_pq.freemem(n);
    }
}

Result<qint64> PostgresDatabase::dataVersion()
{
    auto conn = connection();
    if (!conn)
        return fail(conn.error());
    drainNotices();
    return m_version;
}

QString PostgresDatabase::describe() const
{
    const char* db = m_conn ? m_pq.db(m_conn) : nullptr;
    const char* host = m_conn ? m_pq.host(m_conn) : nullptr;
    return QStringLiteral("%1 on %2, schema %3").arg(trimmed(db), trimmed(host), m_schema);
}

} // namespace sediment
