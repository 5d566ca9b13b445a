#pragma once

namespace sediment {

class Database;

// Sets a connection's busy time-out for one scope and puts the previous one back: the desktop's
// background upkeep waits only briefly for another writer's lock (an agent's batch) and retries
// later, rather than freezing the window for the connection's whole time-out. A negative value
// changes nothing.
class BusyWait final {
public:
    BusyWait(Database& db, int ms);
    ~BusyWait();
    BusyWait(const BusyWait&) = delete;
    BusyWait& operator=(const BusyWait&) = delete;

private:
    Database& m_db;
    int m_previous = -1;
};

} // namespace sediment
