#include "inbox/InboxPreflight.h"

#include "agents/Agents.h"
#include "inbox/Preflight.h"
#include "util/Clock.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QMetaObject>
#include <QPointer>

namespace sediment::ui {

InboxPreflight::InboxPreflight(QString root, QObject* parent) : QObject(parent), m_root(std::move(root))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &InboxPreflight::start);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &InboxPreflight::request);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &InboxPreflight::request);
    watchTargets();
}

void InboxPreflight::watchTargets()
{
    QStringList paths;
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_root)) {
        const QString home = profile.home;
        for (const char* rel : {"/memories", "/memories/MEMORY.md", "/memories/USER.md", "/skills"})
            paths << home + QLatin1String(rel);
        // A skill's own files: Hermes' patches edit SKILL.md in place.
        QDirIterator skills(home + QStringLiteral("/skills"), {QStringLiteral("SKILL.md")}, QDir::Files,
                            QDirIterator::Subdirectories);
        while (skills.hasNext())
            paths << skills.next();
    }
    for (const char* rel : {"/CLAUDE.md", "/settings.json"})
        paths << m_root + QLatin1String(rel);
    QStringList fresh;
    const QStringList watched = m_watcher.files() + m_watcher.directories();
    for (const QString& p : paths)
        if (!watched.contains(p) && QFileInfo::exists(p))
            fresh << p;
    if (!fresh.isEmpty())
        (void)m_watcher.addPaths(fresh); // a path the system cannot watch is only not watched
}

InboxPreflight::~InboxPreflight()
{
    if (m_thread.joinable())
        m_thread.join();
}

const PreflightVerdict* InboxPreflight::verdictOf(qint64 id) const
{
    const auto it = m_verdicts.find(id);
    return it == m_verdicts.end() ? nullptr : &it->second;
}

void InboxPreflight::request()
{
    if (m_running) {
        m_again = true;
        return;
    }
    m_debounce.start();
}

void InboxPreflight::start()
{
    if (m_running) {
        m_again = true;
        return;
    }
    if (m_thread.joinable())
        m_thread.join();
    m_running = true;
    m_again = false;
    QPointer<InboxPreflight> self(this);
    m_thread = std::thread([self, root = m_root] {
        auto verdicts = std::make_shared<std::map<qint64, PreflightVerdict>>();
        QString error;
        auto ws = Agents::open(root);
        if (!ws) {
            error = ws.error().message;
        } else if (auto elsewhere = FilesHost::elsewhere(**ws); !elsewhere) {
            error = elsewhere.error().message;
        } else if (!*elsewhere) { // off the files host there is nothing true to say
            const SystemClock clock;
            auto run = Preflight(**ws, clock).runAll();
            if (run)
                *verdicts = std::move(*run);
            else
                error = run.error().message;
        }
        // The page may be gone by now: the destructor joins this thread before the object dies,
        // and the queued call is dropped with its receiver.
        QMetaObject::invokeMethod(
            self.data(),
            [self, verdicts, error] {
                if (self)
                    self->finished(verdicts, error);
            },
            Qt::QueuedConnection);
    });
}

void InboxPreflight::finished(std::shared_ptr<std::map<qint64, PreflightVerdict>> verdicts, QString error)
{
    m_running = false;
    m_error = error;
    if (error.isEmpty())
        m_verdicts = std::move(*verdicts);
    ++m_runs;
    // A file replaced by rename (as every atomic write is) leaves the watch: watched again, with
    // the skills created since.
    watchTargets();
    Q_EMIT updated();
    if (m_again)
        request();
}

} // namespace sediment::ui
