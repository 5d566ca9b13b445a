#include "store/BusyWait.h"

#include "store/Database.h"

#include <sqlite3.h>

namespace sediment {

BusyWait::BusyWait(Database& db, int ms) : m_db(db)
{
    if (ms < 0)
        return;
    auto previous = db.scalar("PRAGMA busy_timeout");
    if (!previous)
        return;
    m_previous = int(*previous);
    sqlite3_busy_timeout(db.handle(), ms);
}

BusyWait::~BusyWait()
{
    if (m_previous >= 0)
        sqlite3_busy_timeout(m_db.handle(), m_previous);
}

} // namespace sediment
