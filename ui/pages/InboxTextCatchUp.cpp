#include "pages/InboxTextCatchUp.h"

#include <QElapsedTimer>

#include <algorithm>

namespace sediment::ui {

InboxTextCatchUp::InboxTextCatchUp(Database& db, QObject* parent)
    : InboxTextCatchUp(db, Pacing(), parent)
{
}

InboxTextCatchUp::InboxTextCatchUp(Database& db, Pacing pacing, QObject* parent)
    : QObject(parent)
    , m_index(db)
    , m_pacing(pacing)
    , m_chunk(pacing.firstChunk)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &InboxTextCatchUp::slice);
}

void InboxTextCatchUp::start()
{
    if (m_running || m_timer.isActive())
        return;
    auto p = m_index.progress();
    if (!p || p->remaining == 0)
        return; // a read that fails here fails in the slice too: the page shows that one
    m_running = true;
    m_timer.start(0);
}

void InboxTextCatchUp::slice()
{
    m_running = true; // also when a retry brings us here
    QElapsedTimer clock;
    clock.start();
    auto p = m_index.catchUp(m_chunk, m_pacing.busyWaitMs);
    const qint64 took = clock.nsecsElapsed();
    if (!p) {
        m_running = false;
        m_timer.start(m_pacing.retryMs);
        Q_EMIT failed(p.error().message);
        return;
    }
    // Size the next chunk by this one's cost, at most doubling or halving: the cost per row
    // varies with the text and with FTS5's merges.
    if (p->indexed > 0) {
        const double perRow = double(took) / double(p->indexed);
        const double fit = double(m_pacing.sliceMs) * 1e6 / std::max(perRow, 1.0);
        m_chunk = std::clamp(qint64(fit), std::max(m_pacing.minChunk, m_chunk / 2),
                             std::min(m_pacing.maxChunk, m_chunk * 2));
    }
    Q_EMIT sliceDone(*p, took);
    if (p->remaining > 0 && p->indexed > 0) {
        m_timer.start(m_pacing.pauseMs);
        return;
    }
    m_running = false;
    Q_EMIT finished();
}

} // namespace sediment::ui
