#include "store/BusyWait.h"

#include "store/Database.h"

#include <sqlite3.h>

#include <string>

namespace sediment {

namespace {

std::string lockTimeout(int ms)
{
    std::string sql = "SET lock_timeout = ";
    sql += std::to_string(ms);
    return sql;
}

} // namespace

BusyWait::BusyWait(Database& db, int ms) : m_db(db)
{
    if (ms < 0)
        return;
    if (db.isServer()) {
        // The server's twin of a busy time-out: how long to wait for another writer's lock.
        if (db.exec(lockTimeout(ms).c_str()))
            m_previous = 0; // the session's default: wait as long as it takes
        return;
    }
    auto previous = db.scalar("PRAGMA busy_timeout");
    if (!previous)
        return;
    m_previous = int(*previous);
    sqlite3_busy_timeout(db.handle(), ms);
}

BusyWait::~BusyWait()
{
    if (m_previous < 0)
        return;
    if (m_db.isServer())
        (void)m_db.exec(lockTimeout(m_previous).c_str());
    else
        sqlite3_busy_timeout(m_db.handle(), m_previous);
}

} // namespace sediment
