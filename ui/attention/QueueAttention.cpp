#include "attention/QueueAttention.h"

#include "attention/NotifierPort.h"
#include "store/PendingAgeReadModel.h"

#include <QSettings>

#include <algorithm>

namespace sediment::ui {

namespace {

const QString kNotifyKey = QStringLiteral("attention/notifyOnArrival");
constexpr int kAgeRefreshMs = 60 * 1000;

} // namespace

QueueAttention::QueueAttention(Database& db, const Clock& clock, NotifierPort& notifier,
                               std::function<bool()> windowActive, QObject* parent)
    : QObject(parent)
    , m_db(db)
    , m_clock(clock)
    , m_notifier(notifier)
    , m_windowActive(std::move(windowActive))
    , m_enabled(storedNotificationsEnabled())
{
    m_ageTimer.setInterval(kAgeRefreshMs);
    connect(&m_ageTimer, &QTimer::timeout, this, &QueueAttention::refresh);
    m_ageTimer.start();
}

bool QueueAttention::storedNotificationsEnabled() { return QSettings().value(kNotifyKey, true).toBool(); }

void QueueAttention::setNotificationsEnabled(bool on)
{
    m_enabled = on;
    QSettings().setValue(kNotifyKey, on);
}

void QueueAttention::refresh()
{
    PendingAgeReadModel model(m_db);
    std::optional<WaitingAge> oldest;
    if (auto at = model.oldestPendingCreatedAt(); at && *at)
        oldest = WaitingAge::since(**at, m_clock.now());
    const bool moved = oldest.has_value() != m_oldest.has_value() || (oldest && oldest->text() != m_oldest->text());
    m_oldest = oldest;
    noticeArrivals();
    if (moved)
        Q_EMIT changed();
}

void QueueAttention::noticeArrivals()
{
    PendingAgeReadModel model(m_db);
    auto newest = model.newestPendingId();
    if (!newest)
        return; // a busy database: the next refresh looks again
    const std::optional<qint64> seen = m_newestSeen;
    if (seen && *newest <= *seen) {
        m_newestSeen = std::max(*seen, *newest);
        return;
    }
    m_newestSeen = *newest;
    if (!seen || !m_enabled || m_windowActive() || !m_notifier.canNotify())
        return;
    auto arrived = model.pendingAbove(*seen);
    if (!arrived || *arrived <= 0)
        return;
    const QString message = *arrived == 1 ? tr("1 new item is waiting for your decision.")
                                          : tr("%1 new items are waiting for your decision.").arg(*arrived);
    m_notifier.notify(tr("Sediment inbox"), message);
}

QString QueueAttention::sidebarText() const { return m_oldest ? tr("oldest %1").arg(m_oldest->text()) : QString(); }

QString QueueAttention::statusText() const { return m_oldest ? tr("· oldest %1").arg(m_oldest->text()) : QString(); }

} // namespace sediment::ui
