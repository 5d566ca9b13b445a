#pragma once

#include "store/Dialect.h"
#include "store/Sql.h"
#include "store/Statement.h"
#include "util/Error.h"

#include <QString>

#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

struct sqlite3;

namespace sediment {

class Transaction;

// Writes a repository holds back to send together (InboxStaging's batch on a server). The open
// transaction sends them before its COMMIT and drops them at its rollback, so rows queued by a
// caller that forgot to send them are neither lost at commit nor carried into the next one.
class DeferredWrites {
public:
    virtual Status sendDeferred() = 0;
    virtual void dropDeferred() = 0;

protected:
    ~DeferredWrites() = default;
};

// Where a team's store lives (sediment.json "database", docs/user-guide.md#team-mode): a libpq
// connection string, and the PostgreSQL schema that holds this workspace's tables, so several
// workspaces can share one database. `lockBase` is a local path beside which the decision
// journal keeps its lock file (the workspace's own folder).
struct ServerAddress {
    QString conninfo;
    QString schema = QStringLiteral("sediment");
    QString lockBase;
};

// The store port: one connection to a workspace's tables, in the embedded SQLite file
// (sediment.db) or on a team's PostgreSQL server. Every repository speaks to this class only;
// the SQL itself stays in the repositories, with a PostgreSQL twin where the dialects differ.
// Writers are serialised in both: BEGIN IMMEDIATE takes SQLite's write lock, and a PostgreSQL
// write transaction takes one advisory lock, so the audit chain has one end and a check made
// inside a transaction still holds at its commit.
class Database {
public:
    // When a commit reaches the disk (SQLite; the server decides for PostgreSQL).
    // CheckpointOnClose (the app, most verbs): synchronous=NORMAL, so a COMMIT only appends to
    // the WAL and the checkpoint at close (or every 1000 pages) syncs it; cheap for a process
    // that commits many times. SyncEachCommit (a one-shot command such as `memory apply`):
    // synchronous=FULL, so COMMIT returns only once the WAL is on disk, and the connection leaves
    // the WAL in place at close instead of checkpointing and deleting it. For a process that
    // commits once that is two syncs instead of four; the WAL is checkpointed and truncated by
    // the connection that finds it holding kWalCheckpointFrames. The log left in place is not
    // free either: the first connection of every process rebuilds the WAL index by reading and
    // checksumming each frame (a new process cannot trust the -shm file), about 6 µs per 16 KiB
    // frame here, against about 1 ms for the checkpoint's copy and syncs. A memory write appends
    // 5 frames; with 32 a start reads 15 frames on average (30 with 64) and every 7th call
    // checkpoints (every 13th). Measured side by side over 200 calls: on this machine's disk the
    // sums are even (0.99 to 1.01) and the median call 1 % faster; where a sync costs nothing
    // (tmpfs) the sum is 2 % faster.
    enum class SyncMode { CheckpointOnClose, SyncEachCommit };
    static constexpr int kWalCheckpointFrames = 32;

    // The SQLite file at `path`; ":memory:" opens a private in-memory database (tests).
    static Result<std::unique_ptr<Database>> open(const QString& path, SyncMode mode = SyncMode::CheckpointOnClose);
    // A team's PostgreSQL store; its schema is created and migrated on first use.
    static Result<std::unique_ptr<Database>> open(const ServerAddress& address);

    virtual ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    virtual Dialect dialect() const = 0;
    bool isServer() const { return dialect() == Dialect::Postgres; }

    virtual Result<Statement> prepare(const Sql& sql) = 0;
    // Statements without parameters, several at once.
    virtual Status exec(const char* sql) = 0;
    Status exec(const Sql& sql) { return exec(sql.text(dialect())); }
    // One-statement calls: `sql` prepared, `params` bound in order (1, 2, ...; each as
    // Statement::bind takes it), the statement run once. Naming the values in order, with no
    // index to count, is what keeps a long INSERT's columns and values from drifting apart.
    //
    // The first column of the first row as an integer, 0 when there is no row (a count, a maximum).
    template <typename... Params>
    Result<qint64> scalar(const Sql& sql, const Params&... params)
    {
        return once(
            sql, [](Statement& st) { return st.scalar(); }, params...);
    }
    // The first column of the first row, if there is a row.
    template <typename... Params>
    Result<std::optional<qint64>> firstInt64(const Sql& sql, const Params&... params)
    {
        return once(
            sql, [](Statement& st) { return st.firstInt64(); }, params...);
    }
    template <typename... Params>
    Result<std::optional<QString>> firstText(const Sql& sql, const Params&... params)
    {
        return once(
            sql, [](Statement& st) { return st.firstText(); }, params...);
    }
    // A statement without rows; changes() tells what it did.
    template <typename... Params>
    Status run(const Sql& sql, const Params&... params)
    {
        return once(
            sql, [](Statement& st) { return st.exec(); }, params...);
    }
    // `sql`, with one parameter, run once per key in the keys' order: the row each key finds,
    // made into a T by `read(const Statement&)`; a key that finds none adds nothing.
    template <typename T, typename Keys, typename Read>
    Result<std::vector<T>> collectEach(const Sql& sql, const Keys& keys, Read&& read)
    {
        return once(sql, [&](Statement& st) { return st.collectEach<T>(keys, read); });
    }
    // An INSERT into a table with a generated id: the id it gave.
    template <typename... Params>
    Result<qint64> insert(const Sql& sql, const Params&... params)
    {
        if (auto s = run(sql, params...); !s)
            return fail(s.error());
        return lastInsertId();
    }

    // A write transaction, serialised with every other writer of the store.
    Result<Transaction> begin();
    // A write transaction for claims (InboxClaimRepository) only. A claim is read by no check of
    // another writer and appends no audit row, so on a server it does not queue behind the
    // writers' lock: row locks keep claimers apart (SKIP LOCKED). SQLite has one writer anyway.
    Result<Transaction> beginClaim();
    // Registers (or, with null, clears) the writes the current transaction sends before it
    // commits; one holder at a time.
    void deferWrites(DeferredWrites* writes) { m_deferred = writes; }
    DeferredWrites* deferredWrites() const { return m_deferred; }

    // The id the last insert into a table with a generated id gave.
    virtual Result<qint64> lastInsertId() = 0;
    // Rows the last statement changed, and every row this connection changed so far.
    virtual qint64 changes() const = 0;
    virtual qint64 totalChanges() const = 0;
    // Changes whenever another connection commits: the app polls it to refresh live.
    virtual Result<qint64> dataVersion() = 0;
    int schemaVersion() const { return m_schemaVersion; }
    // A local file this store is known by: sediment.db, or the workspace folder of a team store
    // (lock files are made beside it).
    QString path() const { return m_path; }
    // What a message calls this store.
    virtual QString describe() const = 0;
    // The raw SQLite connection; null on a server.
    virtual sqlite3* handle() const { return nullptr; }
    // The database role this session logged in as: the reviewer, on a server; empty in SQLite.
    virtual QString sessionRole() const { return {}; }

protected:
    explicit Database(QString path) : m_path(std::move(path)) {}

    virtual Status beginWrite() = 0;
    virtual Status beginUnserialisedWrite() { return beginWrite(); }
    virtual Status commitWrite() = 0;
    virtual void rollbackWrite() = 0;
    Result<bool> hasTable(const char* name);

    // Brings the schema forward with `steps` (entry i: from version i to i + 1).
    Status migrate(std::span<const char* const> steps);
    // The version the store holds now (0: nothing made yet).
    Result<int> storedSchemaVersion();

private:
    friend class Transaction;

    template <typename Step, typename... Params>
    auto once(const Sql& sql, Step step, const Params&... params) -> decltype(step(std::declval<Statement&>()))
    {
        auto st = prepare(sql);
        if (!st)
            return fail(st.error());
        [[maybe_unused]] int index = 1;
        (st->bind(index++, params), ...);
        return step(*st);
    }

    QString m_path;
    int m_schemaVersion = 0;
    DeferredWrites* m_deferred = nullptr;
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
