#pragma once

#include "store/Statement.h"
#include "util/Error.h"

#include <QString>

#include <initializer_list>
#include <memory>

struct sqlite3;

namespace sediment {

class Transaction;

// One SQLite connection to a workspace's sediment.db: WAL, a busy time-out so that an agent
// and the app can write at once, the schema migrated forward on open, file mode 0600.
class Database final {
public:
    // When a commit reaches the disk. CheckpointOnClose (the app, most verbs): synchronous=NORMAL,
    // so a COMMIT only appends to the WAL and the checkpoint at close (or every 1000 pages) syncs
    // it; cheap for a process that commits many times. SyncEachCommit (a one-shot command such as
    // `memory apply`): synchronous=FULL, so COMMIT returns only once the WAL is on disk, and the
    // connection leaves the WAL in place at close instead of checkpointing and deleting it.
    // For a process that commits once that is two syncs instead of four (no WAL header sync, no
    // sync of the folder for a new WAL file, no checkpoint syncs of the WAL and the database);
    // the next process reads the few frames left back into its WAL index. The WAL is
    // checkpointed and truncated by the connection that finds it holding kWalCheckpointFrames.
    enum class SyncMode { CheckpointOnClose, SyncEachCommit };
    static constexpr int kWalCheckpointFrames = 64;

    // ":memory:" opens a private in-memory database (tests).
    static Result<std::unique_ptr<Database>> open(const QString& path,
                                                  SyncMode mode = SyncMode::CheckpointOnClose);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Result<Statement> prepare(const char* sql);
    Status exec(const char* sql);
    // The first column of the first row as an integer, 0 when there is no row; integer
    // parameters bound in order.
    Result<qint64> scalar(const char* sql, std::initializer_list<qint64> params = {});

    // BEGIN IMMEDIATE: take the write lock up front so two writers queue on the busy time-out
    // instead of failing a lock upgrade with "database is locked".
    Result<Transaction> begin();

    qint64 lastInsertId() const;
    int changes() const;
    // Changes whenever another connection commits: the app polls it to refresh live.
    Result<qint64> dataVersion();
    int schemaVersion() const { return m_schemaVersion; }
    QString path() const { return m_path; }
    sqlite3* handle() const { return m_db; }

private:
    Database(sqlite3* db, QString path) : m_db(db), m_path(std::move(path)) {}
    Status migrate();
    Result<int> storedSchemaVersion();
    static int onWalCommit(void* self, sqlite3* db, const char* schema, int frames);

    sqlite3* m_db = nullptr;
    QString m_path;
    int m_schemaVersion = 0;
    int m_walFrames = -1; // frames in the WAL after this connection's last commit (SyncEachCommit)
};

// Rolls back unless committed: an early return or error never leaves half a change.
class Transaction final {
public:
    explicit Transaction(Database* db) : m_db(db) {}
    Transaction(Transaction&& other) noexcept : m_db(other.m_db) { other.m_db = nullptr; }
    Transaction& operator=(Transaction&&) = delete;
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();

    // A COMMIT that fails rolls the transaction back before its error is returned.
    Status commit();

private:
    Database* m_db = nullptr;
};

} // namespace sediment
