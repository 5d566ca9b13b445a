#include "hermes/PendingWatcher.h"

#include "store/Database.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QDir>
#include <QFileInfo>

#include <sys/stat.h>

namespace sediment {

PendingWatcher::PendingWatcher(Workspace& workspace, const Clock& clock, QString settleActor, QObject* parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_clock(clock)
    , m_actor(std::move(settleActor))
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, [this] { poll(false); });
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] { poll(false); });
}

void PendingWatcher::start()
{
    rewatch();
    poll(true);
    m_timer.start();
}

void PendingWatcher::stop()
{
    m_timer.stop();
    const QStringList watched = m_watcher.directories();
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
}

void PendingWatcher::rewatch()
{
    // Watch each profile's queue folders, or the nearest parent that exists so its creation is
    // noticed; the profiles folder too, so that a new profile is noticed at once.
    QStringList dirs;
    const auto nearest = [this](QString dir) {
        while (!QFileInfo(dir).isDir() && dir.size() > m_workspace.root().size())
            dir = QFileInfo(dir).absolutePath();
        return dir;
    };
    const PendingQueue queue(m_workspace, m_clock);
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_workspace.root())) {
        for (const QString& subsystem : PendingQueue::subsystems()) {
            const QString dir = nearest(queue.folder(profile.name, subsystem));
            if (!dirs.contains(dir))
                dirs << dir;
        }
    }
    const QString profiles = nearest(m_workspace.path(QStringLiteral("profiles")));
    if (!dirs.contains(profiles))
        dirs << profiles;
    dirs.sort();
    QStringList watched = m_watcher.directories();
    watched.sort();
    if (watched == dirs)
        return;
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
    m_watcher.addPaths(dirs);
}

QString PendingWatcher::listingSignature() const
{
    QString sig;
    const PendingQueue queue(m_workspace, m_clock);
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_workspace.root())) {
        for (const QString& subsystem : PendingQueue::subsystems()) {
            const QDir dir(queue.folder(profile.name, subsystem));
            if (!dir.exists())
                continue;
            sig += profile.name + QLatin1Char('/') + subsystem + QLatin1Char('\n');
            const QFileInfoList files =
                dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::CaseSensitive, QDir::Name);
            for (const QFileInfo& f : files)
                sig += f.fileName() + QLatin1Char(':') + QString::number(f.size()) + QLatin1Char(':')
                       + QString::number(f.lastModified().toMSecsSinceEpoch()) + QLatin1Char('\n');
        }
    }
    return sig;
}

QString PendingWatcher::folderStamps() const
{
    QString stamps;
    const PendingQueue queue(m_workspace, m_clock);
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_workspace.root())) {
        for (const QString& subsystem : PendingQueue::subsystems()) {
            struct stat st {};
            if (::stat(QFile::encodeName(queue.folder(profile.name, subsystem)).constData(), &st) != 0)
                continue;
            stamps += QStringLiteral("%1/%2:%3.%4:%5.%6:%7\n")
                          .arg(profile.name, subsystem)
                          .arg(qint64(st.st_mtim.tv_sec))
                          .arg(qint64(st.st_mtim.tv_nsec))
                          .arg(qint64(st.st_ctim.tv_sec))
                          .arg(qint64(st.st_ctim.tv_nsec))
                          .arg(quint64(st.st_ino));
        }
    }
    return stamps;
}

void PendingWatcher::poll(bool force)
{
    rewatch();
    auto version = m_workspace.db().dataVersion();
    const qint64 dataVersion = version ? *version : -1;
    // A file staged, removed or renamed changes its folder's stamps: a quiet queue costs a stat
    // per folder, not one per staged file (10,000 of them took a tenth of a core every second).
    // A record rewritten in place changes no folder: the whole listing is compared every
    // kFullListingEvery polls for it.
    const QString stamps = folderStamps();
    if (!force && stamps == m_stamps && dataVersion == m_dataVersion && ++m_quietPolls < kFullListingEvery)
        return;
    m_quietPolls = 0;
    m_stamps = stamps;
    const QString signature = listingSignature();
    if (!force && signature == m_signature && dataVersion == m_dataVersion)
        return;
    // Off a team's files host there is no queue here to import (PendingQueue::importAll).
    if (auto elsewhere = FilesHost::elsewhere(m_workspace); elsewhere && *elsewhere) {
        m_signature = signature;
        m_dataVersion = dataVersion;
        return;
    }
    auto report = PendingQueue(m_workspace, m_clock).importAll(m_actor);
    if (!report) {
        Q_EMIT failed(report.error().message);
        return;
    }
    m_last = std::move(*report);
    // Measured after our own writes, so the next poll does not mistake them for news.
    m_signature = listingSignature();
    m_stamps = folderStamps();
    auto after = m_workspace.db().dataVersion();
    m_dataVersion = after ? *after : -1;

    QStringList problems;
    for (const auto& p : m_last.unparseable)
        problems << QStringLiteral("%1pending/%2/%3: %4")
                        .arg(WorkspaceProfiles::prefixOf(p.profile), p.subsystem, p.fileName, p.error);
    if (problems != m_problems) {
        m_problems = problems;
        Q_EMIT problemsChanged(m_problems);
    }
    if (m_last.changedAnything())
        Q_EMIT imported(m_last);
}

} // namespace sediment
