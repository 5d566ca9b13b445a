#include "DataVersionWatcher.h"

#include "store/Database.h"

namespace sediment::ui {

DataVersionWatcher::DataVersionWatcher(Database& db, QObject* parent, int intervalMs) : QObject(parent), m_db(db)
{
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &DataVersionWatcher::poll);
    if (auto v = m_db.dataVersion())
        m_version = *v;
}

void DataVersionWatcher::start() { m_timer.start(); }

void DataVersionWatcher::stop() { m_timer.stop(); }

bool DataVersionWatcher::poll()
{
    auto v = m_db.dataVersion();
    if (!v) {
        Q_EMIT failed(v.error().message);
        return false;
    }
    if (*v == m_version)
        return false;
    m_version = *v;
    Q_EMIT changed();
    return true;
}

} // namespace sediment::ui
