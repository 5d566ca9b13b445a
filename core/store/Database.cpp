#include "store/Database.h"

#include "store/postgres/PostgresDatabase.h"
#include "store/sqlite/SqliteDatabase.h"

#include <utility>

namespace sediment {

Database::~Database() = default;

Result<std::unique_ptr<Database>> Database::open(const QString& path, SyncMode mode)
{
    return SqliteDatabase::open(path, mode);
}

Result<std::unique_ptr<Database>> Database::open(const ServerAddress& address)
{
    return PostgresDatabase::open(address);
}

Result<Transaction> Database::begin()
{
    if (auto s = beginWrite(); !s)
        return fail(s.error());
    return Transaction(this);
}

Result<Transaction> Database::beginClaim()
{
    if (auto s = beginUnserialisedWrite(); !s)
        return fail(s.error());
    return Transaction(this);
}

Result<bool> Database::hasTable(const char* name)
{
    // On a server through the search path: the companion schema's views first, then the
    // workspace's tables.
    auto st = prepare(
        Sql{"SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", "SELECT 1 WHERE to_regclass(?) IS NOT NULL"});
    if (!st)
        return fail(st.error());
    auto found = st->bind(1, name).step();
    if (!found)
        return fail(found.error());
    return *found;
}

Result<int> Database::storedSchemaVersion()
{
    auto exists = hasTable("schema_version");
    if (!exists)
        return fail(exists.error());
    if (!*exists)
        return 0;
    auto version = scalar("SELECT COALESCE(MAX(version), 0) FROM schema_version");
    if (!version)
        return fail(version.error());
    return int(*version);
}

Status Database::migrate(std::span<const char* const> steps)
{
    const int latest = int(steps.size());
    // Most opens find the schema current: check without taking the write lock.
    auto current = storedSchemaVersion();
    if (!current)
        return fail(current.error());
    if (*current == latest) {
        m_schemaVersion = latest;
        return {};
    }
    auto tx = begin();
    if (!tx)
        return fail(tx.error());
    // Another process may have migrated while we waited for the lock: read again under it.
    current = storedSchemaVersion();
    if (!current)
        return fail(current.error());
    int version = *current;
    if (version > latest)
        return fail(Error::io(QStringLiteral("%1 was written by a newer Sediment (schema %2, this "
                                             "build knows %3); upgrade Sediment")
                                  .arg(describe())
                                  .arg(version)
                                  .arg(latest)));
    if (auto s = exec("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)"); !s)
        return s;
    for (; version < latest; ++version) {
        if (auto s = exec(steps[size_t(version)]); !s)
            return fail(
                Error::io(QStringLiteral("migration to schema %1 failed: %2").arg(version + 1).arg(s.error().message)));
    }
    if (auto s = exec("DELETE FROM schema_version"); !s)
        return s;
    auto write = prepare("INSERT INTO schema_version(version) VALUES (?)");
    if (!write)
        return fail(write.error());
    if (auto s = write->bind(1, version).exec(); !s)
        return s;
    m_schemaVersion = version;
    return tx->commit();
}

Transaction::~Transaction()
{
    if (!m_db)
        return;
    if (DeferredWrites* held = std::exchange(m_db->m_deferred, nullptr))
        held->dropDeferred();
    m_db->rollbackWrite();
}

Status Transaction::commit()
{
    Database* db = std::exchange(m_db, nullptr);
    if (DeferredWrites* held = std::exchange(db->m_deferred, nullptr)) {
        if (auto sent = held->sendDeferred(); !sent) {
            held->dropDeferred();
            db->rollbackWrite();
            return sent;
        }
    }
    return db->commitWrite();
}

} // namespace sediment
