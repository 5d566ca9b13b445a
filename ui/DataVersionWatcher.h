#pragma once

#include <QObject>
#include <QTimer>

namespace sediment {
class Database;
}

namespace sediment::ui {

// Notices commits made by other processes (an agent proposing while the app is open) by polling
// SQLite's `PRAGMA data_version` on the window's own connection: the figure moves only when
// another connection commits, so our own writes never trigger a redundant reload.
class DataVersionWatcher final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DataVersionWatcher)

public:
    static constexpr int kDefaultIntervalMs = 400;

    explicit DataVersionWatcher(Database& db, QObject* parent = nullptr, int intervalMs = kDefaultIntervalMs);

    void start();
    void stop();
    // One poll now; true when the version moved since the last one.
    bool poll();

Q_SIGNALS:
    void changed();
    void failed(const QString& message);

private:
    Database& m_db;
    QTimer m_timer;
    qint64 m_version = -1;
};

} // namespace sediment::ui
