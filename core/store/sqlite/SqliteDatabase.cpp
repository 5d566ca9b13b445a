#include "store/sqlite/SqliteDatabase.h"

#include "store/Schema.h"
#include "store/sqlite/SqliteStatement.h"
#include "store/sqlite/SqliteStatementPool.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include <algorithm>

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sediment {

namespace {

constexpr int kBusyTimeoutMs = 30000;

QString lastError(sqlite3* db) { return QString::fromUtf8(sqlite3_errmsg(db)); }

// SQLite's unix VFS syncs the folder at the first sync of every WAL it opens with CREATE, which
// it always asks for, so that a new WAL's name is on disk before anything relies on it. A WAL
// that already holds a frame needs no such sync: its header was synced before any frame was
// written, and that first sync, by the process that created the file, synced the folder. For a
// SyncEachCommit connection, which finds the WAL left by the process before it, that is one
// flush of the disk saved per process. Any other WAL (missing, empty, or a header alone, which a
// crash may have left unsynced) is opened as SQLite asks, folder sync included.
constexpr sqlite3_int64 kWalHeaderBytes = 32;
constexpr const char* kVfsName = "sediment-existing-wal";

int openExistingWalWithoutFolderSync(sqlite3_vfs* vfs, sqlite3_filename name, sqlite3_file* file, int flags,
                                     int* outFlags)
{
    auto* base = static_cast<sqlite3_vfs*>(vfs->pAppData);
    struct stat st {};
    if ((flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE) && name && ::stat(name, &st) == 0
        && st.st_size > kWalHeaderBytes) {
        if (base->xOpen(base, name, file, flags & ~SQLITE_OPEN_CREATE, outFlags) == SQLITE_OK)
            return SQLITE_OK;
    }
    return base->xOpen(base, name, file, flags, outFlags);
}

// The default VFS with that one change, registered once (not as the default).
const char* existingWalVfs()
{
    static const bool registered = [] {
        sqlite3_vfs* base = sqlite3_vfs_find(nullptr);
        if (!base)
            return false;
        static sqlite3_vfs shim = *base;
        shim.zName = kVfsName;
        shim.pAppData = base;
        shim.xOpen = &openExistingWalWithoutFolderSync;
        shim.pNext = nullptr;
        return sqlite3_vfs_register(&shim, 0) == SQLITE_OK;
    }();
    return registered ? kVfsName : nullptr;
}

} // namespace

Result<std::unique_ptr<Database>> SqliteDatabase::open(const QString& path, SyncMode mode)
{
    // SQLite counts every allocation for sqlite3_memory_used() and sqlite3_status(), which we never
    // read, under a global mutex. Off, a `memory apply` runs 3 % fewer instructions (9.06 M to
    // 8.80 M under callgrind), most of them in reading the schema, which every process does once.
    // It must precede SQLite's initialisation: once, before this process's first connection.
    static const bool configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
    (void)configured;
    const bool inMemory = path == QLatin1String(":memory:");
    const QByteArray native = inMemory ? QByteArray(":memory:") : QFile::encodeName(path);
    // Never open and close the file ourselves: closing any descriptor of a file drops every POSIX
    // lock this process holds on it, so another connection of this process (the app has several)
    // would lose its locks, and another process could take itself for the last user of the WAL
    // and delete it under us. SQLite creates a new file; it is made 0600 before its first byte
    // is written (SQLite writes nothing at open), and the -wal and -shm files take its mode.
    struct stat before {};
    const bool isNew = !inMemory && ::stat(native.constData(), &before) != 0;
    sqlite3* raw = nullptr;
    const bool syncEachCommit = !inMemory && mode == SyncMode::SyncEachCommit;
    const int rc =
        sqlite3_open_v2(native.constData(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        syncEachCommit ? existingWalVfs() : nullptr);
    std::unique_ptr<SqliteDatabase> db(new SqliteDatabase(raw, path));
    if (rc != SQLITE_OK)
        return fail(Error::io(QStringLiteral("cannot open database %1: %2")
                                  .arg(path, raw ? lastError(raw) : QStringLiteral("out of memory"))));
    if (isNew && ::chmod(native.constData(), 0600) != 0)
        return fail(Error::io(QStringLiteral("cannot make database %1 private").arg(path)));
    sqlite3_busy_timeout(raw, kBusyTimeoutMs);
    sqlite3_extended_result_codes(raw, 1);
    // The file's modes and schema. Two processes opening a new workspace at once both switch its
    // file to WAL, which needs the file to itself: SQLite answers "database is locked" at once
    // there rather than wait (its busy handler does not run where waiting could deadlock). Every
    // step is idempotent, so the loser waits a moment and sets up again, up to the busy time-out.
    const auto setUp = [&]() -> Status {
        if (!inMemory) {
            // A new database gets 16 KiB pages (an existing one keeps its own: SQLite ignores this
            // once a page exists, and it must come before WAL mode). An agent's large batch of
            // proposals then writes a quarter as many pages and WAL frames, which shortens its
            // commit; a large inbox is read in fewer, larger pages.
            if (auto s = db->exec("PRAGMA page_size=16384"); !s)
                return fail(s.error());
            auto mode = db->prepare("PRAGMA journal_mode=WAL");
            if (!mode)
                return fail(mode.error());
            auto row = mode->step();
            if (!row)
                return fail(row.error());
            if (!*row || mode->text(0).toLower() != QLatin1String("wal"))
                return fail(Error::io(QStringLiteral("cannot switch %1 to WAL mode").arg(path)));
        }
        if (!syncEachCommit) {
            if (auto s = db->exec("PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;"); !s)
                return fail(s.error());
        } else {
            if (auto s = db->exec("PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL;"); !s)
                return fail(s.error());
            // Durability comes from the WAL sync at each COMMIT, so the checkpoint at close is not
            // needed for it. Our own WAL hook replaces the automatic checkpoint (which would be a
            // PASSIVE one: after the next process rebuilds its WAL index, a passively checkpointed
            // WAL looks unbackfilled again and every later process would copy it all once more).
            sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
            sqlite3_wal_hook(raw, &SqliteDatabase::onWalCommit, db.get());
        }
        if (auto s = db->migrate(schema::migrations()); !s)
            return fail(s.error());
        return {};
    };
    QElapsedTimer waited;
    waited.start();
    for (int attempt = 1;; ++attempt) {
        auto ready = setUp();
        if (ready)
            break;
        const int code = sqlite3_errcode(raw) & 0xff;
        const bool locked = code == SQLITE_BUSY || code == SQLITE_LOCKED
                            || ready.error().message.contains(QLatin1String("database is locked"));
        if (!locked || waited.elapsed() > kBusyTimeoutMs)
            return fail(ready.error());
        QThread::msleep(std::min(2 * attempt, 50));
    }
    return std::unique_ptr<Database>(std::move(db));
}

int SqliteDatabase::onWalCommit(void* self, sqlite3*, const char*, int frames)
{
    static_cast<SqliteDatabase*>(self)->m_walFrames = frames;
    return SQLITE_OK;
}

SqliteDatabase::SqliteDatabase(sqlite3* db, QString path)
    : Database(std::move(path))
    , m_db(db)
    , m_pool(std::make_shared<SqliteStatementPool>(db))
{}

SqliteDatabase::~SqliteDatabase()
{
    m_pool.reset(); // idle statements finalised; handles still alive finalise their own

    if (m_walFrames >= kWalCheckpointFrames) {
        // TRUNCATE: copy the WAL into the database, sync both and cut the WAL to zero bytes, so
        // the next process starts on an empty log. Without waiting: if a reader (the app) holds
        // an old snapshot, the copy that was possible is done and a later process tries again.
        sqlite3_busy_timeout(m_db, 0);
        sqlite3_wal_checkpoint_v2(m_db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    }
    sqlite3_close_v2(m_db);
}

Result<Statement> SqliteDatabase::prepare(const Sql& sql)
{
    sqlite3_stmt* stmt = nullptr;
    if (m_pool->take(sql.sqlite, &stmt) != SQLITE_OK)
        return fail(Error::io(QStringLiteral("database error: %1").arg(lastError(m_db))));
    return Statement(std::make_unique<SqliteStatement>(m_db, stmt, m_pool));
}

Status SqliteDatabase::exec(const char* sql)
{
    char* err = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const QString msg = QString::fromUtf8(err ? err : "unknown error");
        sqlite3_free(err);
        return fail(Error::io(QStringLiteral("database error: %1").arg(msg)));
    }
    return {};
}

// BEGIN IMMEDIATE: take the write lock up front so two writers queue on the busy time-out
// instead of failing a lock upgrade with "database is locked".
Status SqliteDatabase::beginWrite() { return exec("BEGIN IMMEDIATE"); }

Status SqliteDatabase::commitWrite()
{
    auto committed = exec("COMMIT");
    // A COMMIT that fails (busy past the time-out, a deferred constraint) leaves the transaction
    // open; it is ended here, so that the connection's next statement does not run inside it.
    if (!committed)
        (void)exec("ROLLBACK");
    return committed;
}

void SqliteDatabase::rollbackWrite() { (void)exec("ROLLBACK"); }

Result<qint64> SqliteDatabase::lastInsertId() { return qint64(sqlite3_last_insert_rowid(m_db)); }

qint64 SqliteDatabase::changes() const { return sqlite3_changes64(m_db); }

qint64 SqliteDatabase::totalChanges() const { return sqlite3_total_changes64(m_db); }

Result<qint64> SqliteDatabase::dataVersion() { return scalar("PRAGMA data_version"); }

} // namespace sediment
