#pragma once

#include "inbox/WaitingAge.h"
#include "util/Clock.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace sediment {
class Database;
}

namespace sediment::ui {

class NotifierPort;

// Keeps the queue from waiting unseen: how long the oldest pending item has waited (for the
// sidebar and the status bar), and a desktop notification when new items arrive while the
// window is not active, unless the reviewer turned notifications off. Time comes from the
// clock and the window's activity from a predicate, so tests drive both.
class QueueAttention final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueAttention)

public:
    QueueAttention(Database& db, const Clock& clock, NotifierPort& notifier, std::function<bool()> windowActive,
                   QObject* parent = nullptr);

    // Re-reads the oldest pending item and the newest id; notifies about items that arrived
    // since the last call (the first call only takes note of what is already there).
    void refresh();

    std::optional<WaitingAge> oldest() const { return m_oldest; }
    QString sidebarText() const; // "oldest 12 days", empty when nothing waits
    // "· oldest 12 days", empty when nothing waits: the status bar's line after the session's
    // progress reads "38 decided · 362 left · oldest 12 days".
    QString statusText() const;

    bool notificationsEnabled() const { return m_enabled; }
    void setNotificationsEnabled(bool on);
    // The reviewer's choice as the app stores it (QSettings), on unless turned off.
    static bool storedNotificationsEnabled();

Q_SIGNALS:
    void changed();

private:
    void noticeArrivals();

    Database& m_db;
    const Clock& m_clock;
    NotifierPort& m_notifier;
    std::function<bool()> m_windowActive;
    std::optional<WaitingAge> m_oldest;
    std::optional<qint64> m_newestSeen; // unset until the first refresh
    bool m_enabled = true;
    QTimer m_ageTimer; // the age grows while nothing happens
};

} // namespace sediment::ui
