#include "store/sqlite/SqliteStatementPool.h"

#include <sqlite3.h>

namespace sediment {

SqliteStatementPool::~SqliteStatementPool()
{
    for (const auto& [sql, stmt] : m_idle)
        sqlite3_finalize(stmt);
}

int SqliteStatementPool::take(const char* sql, sqlite3_stmt** out)
{
    if (auto it = m_idle.find(std::string_view(sql)); it != m_idle.end()) {
        *out = it->second;
        m_idle.erase(it);
        return SQLITE_OK;
    }
    // PERSISTENT: kept for reuse, so SQLite takes its memory from the heap, not the lookaside.
    return sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, out, nullptr);
}

void SqliteStatementPool::giveBack(sqlite3_stmt* stmt)
{
    if (!stmt)
        return;
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    const char* text = sqlite3_sql(stmt);
    if (!text || m_idle.size() >= kMaxIdle || !m_idle.try_emplace(std::string_view(text), stmt).second)
        sqlite3_finalize(stmt);
}

} // namespace sediment
