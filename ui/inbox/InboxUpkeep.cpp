#include "inbox/InboxUpkeep.h"

#include <QElapsedTimer>

#include <algorithm>
#include <utility>

namespace sediment::ui {

InboxUpkeep::InboxUpkeep(Database& db, QObject* parent) : InboxUpkeep(db, Pacing(), parent) {}

InboxUpkeep::InboxUpkeep(Database& db, Pacing pacing, QObject* parent)
    : QObject(parent)
    , m_intake(db)
    , m_index(db)
    , m_pacing(pacing)
    , m_fileChunk(pacing.firstChunk)
    , m_textChunk(pacing.firstChunk)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &InboxUpkeep::slice);
}

void InboxUpkeep::start()
{
    if (m_running || m_timer.isActive())
        return;
    // Reads that fail here fail in the slice too: the page shows that one.
    auto waiting = m_intake.hasRows();
    auto p = m_index.progress();
    if ((!waiting || !*waiting) && (!p || p->remaining == 0))
        return;
    m_running = true;
    m_timer.start(0);
}

qint64 InboxUpkeep::nextChunk(qint64 chunk, qint64 rows, qint64 nsecs) const
{
    if (rows <= 0)
        return chunk;
    const double perRow = double(nsecs) / double(rows);
    const double fit = double(m_pacing.sliceMs) * 1e6 / std::max(perRow, 1.0);
    return std::clamp(qint64(fit), std::max(m_pacing.minChunk, chunk / 2), std::min(m_pacing.maxChunk, chunk * 2));
}

namespace {

// What `work` answers, with the nanoseconds it took: the pacing sizes the next slice by it.
template <typename Work>
auto timed(Work work)
{
    QElapsedTimer clock;
    clock.start();
    auto result = work();
    return std::pair{std::move(result), clock.nsecsElapsed()};
}

} // namespace

void InboxUpkeep::failSlice(const QString& message)
{
    m_running = false;
    m_timer.start(m_pacing.retryMs);
    Q_EMIT failed(message);
}

bool InboxUpkeep::fileSlice()
{
    auto [f, took] = timed([this] { return m_intake.fold(m_fileChunk, m_pacing.busyWaitMs); });
    if (!f) {
        failSlice(f.error().message);
        return true;
    }
    if (f->filed == 0)
        return false;
    m_fileChunk = nextChunk(m_fileChunk, f->filed, took);
    Q_EMIT filed(*f, took);
    m_timer.start(m_pacing.pauseMs); // the rest of the intake, then the text index
    return true;
}

void InboxUpkeep::slice()
{
    m_running = true; // also when a retry brings us here
    // The intake first: its rows reach inbox_items, and so the page and the text index, only
    // once moved.
    if (fileSlice())
        return;
    auto [p, took] = timed([this] { return m_index.catchUp(m_textChunk, m_pacing.busyWaitMs); });
    if (!p) {
        failSlice(p.error().message);
        return;
    }
    m_textChunk = nextChunk(m_textChunk, p->indexed, took);
    Q_EMIT sliceDone(*p, took);
    if (p->remaining > 0 && p->indexed > 0) {
        m_timer.start(m_pacing.pauseMs);
        return;
    }
    m_running = false;
    Q_EMIT finished();
}

} // namespace sediment::ui
