#pragma once

#include "store/Database.h"

#include <memory>

namespace sediment {

class SqliteStatementPool;

// The embedded store: one SQLite connection to a workspace's sediment.db. WAL, a busy time-out
// so that an agent and the app can write at once, file mode 0600.
class SqliteDatabase final : public Database {
public:
    static Result<std::unique_ptr<Database>> open(const QString& path, SyncMode mode);
    ~SqliteDatabase() override;

    Dialect dialect() const override { return Dialect::Sqlite; }
    Result<Statement> prepare(const Sql& sql) override;
    Status exec(const char* sql) override;
    using Database::exec;
    Result<qint64> lastInsertId() override;
    qint64 changes() const override;
    qint64 totalChanges() const override;
    Result<qint64> dataVersion() override;
    QString describe() const override { return path(); }
    sqlite3* handle() const override { return m_db; }

protected:
    Status beginWrite() override;
    Status commitWrite() override;
    void rollbackWrite() override;

private:
    SqliteDatabase(sqlite3* db, QString path);
    static int onWalCommit(void* self, sqlite3* db, const char* schema, int frames);

    sqlite3* m_db = nullptr;
    std::shared_ptr<SqliteStatementPool> m_pool; // emptied before the connection closes
    int m_walFrames = -1; // frames in the WAL after this connection's last commit (SyncEachCommit)
};

} // namespace sediment
