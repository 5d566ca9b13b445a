#include "LiveRefresh.h"

#include "audit/Actor.h"
#include "DataVersionWatcher.h"
#include "hermes/PendingWatcher.h"
#include "journal/JournalSettler.h"
#include "team/TeamPolicy.h"
#include "team/TeamSettler.h"
#include "workspace/Workspace.h"

namespace sediment::ui {

LiveRefresh::LiveRefresh(Workspace& workspace, const Clock& clock, QObject* parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_clock(clock)
{}

void LiveRefresh::start()
{
    watchHermesQueue();
    watchDatabase();
}

// A Hermes home's staged write-approval queue flows into the inbox while the app is open (docs/verbs.md#hermes).
// The watcher writes through this window's own connection, which PRAGMA data_version does not
// report, so its imports refresh the pages directly.
void LiveRefresh::watchHermesQueue()
{
    auto* hermes = new PendingWatcher(m_workspace, m_clock, Actor::human(m_workspace), this);
    connect(hermes, &PendingWatcher::imported, this, [this](const ImportReport&) { onChange(); });
    connect(hermes, &PendingWatcher::problemsChanged, this, [this](const QStringList& problems) {
        if (!problems.isEmpty())
            Q_EMIT message(problems.join(QStringLiteral("; ")), 10000);
    });
    connect(hermes, &PendingWatcher::failed, this,
            [this](const QString& text) { Q_EMIT message(tr("Hermes queue: %1").arg(text), 10000); });
    hermes->start();
}

// Another process's commits reload the shown page (DataVersionWatcher).
void LiveRefresh::watchDatabase()
{
    m_watcher = new DataVersionWatcher(m_workspace.db(), this);
    connect(m_watcher, &DataVersionWatcher::changed, this, &LiveRefresh::onChange);
    connect(m_watcher, &DataVersionWatcher::failed, this,
            [this](const QString& text) { Q_EMIT message(tr("Cannot watch the workspace: %1").arg(text), 5000); });
    m_watcher->start();
}

void LiveRefresh::onChange()
{
    settle();
    Q_EMIT changed();
}

void LiveRefresh::settle()
{
    auto settled = JournalSettler(m_workspace.db(), m_clock).settle();
    if (!settled)
        Q_EMIT message(tr("Cannot settle interrupted decisions: %1").arg(settled.error().message), 10000);
    else if (settled->needsAttention > 0)
        Q_EMIT message(
            tr("%n interrupted decision(s) need your attention in the inbox", nullptr, settled->needsAttention), 15000);
    else if (settled->total() > 0)
        Q_EMIT message(tr("%n interrupted decision(s) settled", nullptr, settled->total()), 10000);
    // On a team's files host, the app writes what other hosts' reviewers approved, as every
    // sediment command there does.
    if (!m_workspace.db().isServer())
        return;
    if (!m_policyPublished) {
        m_policyPublished = true;
        if (auto published = TeamPolicy(m_workspace, m_clock).publish(); !published)
            Q_EMIT message(tr("Cannot publish the team's policy: %1").arg(published.error().message), 10000);
    }
    auto written = TeamSettler(m_workspace, m_clock).settle();
    if (!written)
        Q_EMIT message(tr("Cannot write the team's approved decisions: %1").arg(written.error().message), 10000);
    else if (written->written + written->failed + written->stale > 0)
        Q_EMIT message(tr("%n decision(s) approved on other hosts written here", nullptr,
                          written->written + written->failed + written->stale),
                       10000);
}

} // namespace sediment::ui
