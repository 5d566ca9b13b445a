#pragma once

#include "store/Database.h"

#include <string>

struct pg_conn;
struct pg_result;

namespace sediment {

class LibPq;

// A team's store: one libpq connection to a PostgreSQL server, this workspace's tables in a
// schema of their own (ServerAddress). The password comes from libpq alone (PGPASSWORD,
// ~/.pgpass, PGPASSFILE), never from sediment.json.
//
// Writers take one transaction-scoped advisory lock per schema, so that decisions and audit
// appends are serialised as SQLite serialises them. Other apps' changes arrive as notices
// (LISTEN sediment_changes, sent by a trigger on every table) and move dataVersion().
// A connection the server dropped (restarted, killed) is re-opened before the next statement,
// never inside a transaction: what was half done there was rolled back by the server.
class PostgresDatabase final : public Database {
public:
    static Result<std::unique_ptr<Database>> open(const ServerAddress& address);
    ~PostgresDatabase() override;

    Dialect dialect() const override { return Dialect::Postgres; }
    Result<Statement> prepare(const Sql& sql) override;
    Status exec(const char* sql) override;
    using Database::exec;
    Result<qint64> lastInsertId() override;
    qint64 changes() const override { return m_changes; }
    qint64 totalChanges() const override { return m_totalChanges; }
    Result<qint64> dataVersion() override;
    QString describe() const override;

    // For PostgresStatement.
    const LibPq& pq() const { return m_pq; }
    Result<pg_conn*> connection();
    // After a statement failed: true when it failed because the server had dropped the
    // connection (a restart) while no transaction was open, so that running it again on a new
    // connection is safe; the caller then tries once more.
    bool droppedOutsideTransaction() const;
    int generation() const { return m_generation; }
    std::string nextStatementName();
    void deallocate(const std::string& name, int generation);
    void noteChanges(qint64 rows);
    QString errorOf(const pg_result* result) const;
    // A failed statement's error: the server's refusal of a right (SQLSTATE 42501, a privilege
    // or one of the workspace's guards) is a refusal, anything else a database error.
    Error errorFrom(const pg_result* result) const;
    // The login role of this session: the reviewer, in team mode.
    QString sessionRole() const override { return m_role; }
    const QString& schemaName() const { return m_schema; }

protected:
    Status beginWrite() override;
    Status beginUnserialisedWrite() override;
    Status commitWrite() override;
    void rollbackWrite() override;

private:
    PostgresDatabase(const LibPq& pq, pg_conn* conn, ServerAddress address);
    Status setUpSession();
    // A role that may not use the workspace, or a workspace only its owner can bring up to date,
    // is told so in one line before anything is tried (docs/user-guide.md#setting-up-a-team).
    Status checkAccess(int latest);
    // After the schema is current, for a granted role: names resolve to the companion schema's
    // views first, through which its every write passes the server's guards
    // (store/postgres/PostgresRights.cpp).
    Status enterApi();
    std::string quote(const QString& text, bool identifier);
    void drainNotices();

    const LibPq& m_pq;
    pg_conn* m_conn = nullptr;
    ServerAddress m_address;
    QString m_schema;
    QString m_role;
    int m_generation = 0;
    qint64 m_statements = 0;
    qint64 m_changes = 0;
    qint64 m_totalChanges = 0;
    qint64 m_version = 0;
    bool m_inTransaction = false;
    bool m_api = false;
    bool m_direct = false; // the workspace's owner, or a superuser: the tables, not the views
    std::string m_lockSql;
};

} // namespace sediment
