#include "claudecode/ClaudeCodeStatus.h"

#include "claudecode/ClaudeSettingsHook.h"
#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "store/InboxRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>

#include <map>

namespace sediment {

namespace {

struct Pending {
    qint64 count = 0;
    std::optional<QDateTime> oldest;
    void add(const QString& createdAt)
    {
        ++count;
        const auto t = time::parseIso(createdAt);
        if (t && (!oldest || *t < *oldest))
            oldest = *t;
    }
    void into(Json& j, const QDateTime& now) const
    {
        j["pending"] = count;
        j["oldest_age_seconds"] = oldest ? Json(oldest->secsTo(now)) : Json(nullptr);
    }
};

} // namespace

ClaudeCodeStatus::ClaudeCodeStatus(Workspace& workspace, const Clock& clock, QString home)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_home(std::move(home))
{}

Result<Json> ClaudeCodeStatus::toJson()
{
    const QDateTime now = m_clock.now();
    const QString projects = m_home + QStringLiteral("/.claude/projects");
    InboxRepository inbox(m_workspace.db());
    auto memory = inbox.list({toString(InboxStatus::Pending), toString(Destination::ClaudeMemory), -1, 0, false});
    if (!memory)
        return fail(memory.error());
    auto directives = inbox.list({toString(InboxStatus::Pending), toString(Destination::ClaudeMd), -1, 0, false});
    if (!directives)
        return fail(directives.error());

    std::map<QString, Pending> byProject; // project folder name -> its pending items
    Pending elsewhere;                    // autoMemoryDirectory writes, outside ~/.claude/projects
    for (const InboxItem& it : *memory) {
        const QString path = fromStd(it.op.value("file_path", std::string()));
        if (path.startsWith(projects + QLatin1Char('/')))
            byProject[path.mid(projects.size() + 1).section(QLatin1Char('/'), 0, 0)].add(it.createdAt);
        else
            elsewhere.add(it.createdAt);
    }
    Json list = Json::array();
    QDirIterator dirs(projects, QDir::Dirs | QDir::NoDotAndDotDot);
    QStringList names;
    while (dirs.hasNext()) {
        dirs.next();
        if (QDir(dirs.filePath() + QStringLiteral("/memory")).exists() || byProject.contains(dirs.fileName()))
            names << dirs.fileName();
    }
    for (const auto& [name, pending] : byProject)
        if (!names.contains(name))
            names << name;
    names.sort();
    for (const QString& name : names) {
        const QString dir = projects + QLatin1Char('/') + name + QStringLiteral("/memory");
        Json p{{"project", toStd(name)}, {"memory_dir", toStd(dir)}};
        QStringList files = QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        p["files"] = files.size();
        p["has_index"] = files.contains(QStringLiteral("MEMORY.md"));
        byProject[name].into(p, now);
        list.push_back(std::move(p));
    }
    Pending directive;
    for (const InboxItem& it : *directives)
        if (it.op.contains("tool"))
            directive.add(it.createdAt);
    auto user = ClaudeSettingsHook::read(m_home + QStringLiteral("/.claude/settings.json"));
    Json out = Json::object();
    out["hook_installed_for_user"] = user ? Json(ClaudeSettingsHook::installed(*user)) : Json(nullptr);
    out["projects"] = std::move(list);
    Json other = Json::object();
    elsewhere.into(other, now);
    out["custom_memory"] = std::move(other);
    Json d = Json::object();
    directive.into(d, now);
    out["directives"] = std::move(d);
    return out;
}

} // namespace sediment
