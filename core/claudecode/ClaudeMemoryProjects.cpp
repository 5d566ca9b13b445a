#include "claudecode/ClaudeMemoryProjects.h"

#include <QDir>

namespace sediment {

ClaudeMemoryProjects ClaudeMemoryProjects::scan(const QString& home)
{
    ClaudeMemoryProjects out;
    const QDir projects(home + QStringLiteral("/.claude/projects"));
    const QStringList slugs = projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& slug : slugs) {
        const QString memory = projects.filePath(slug) + QStringLiteral("/memory");
        if (!QDir(memory).exists())
            continue; // a project with sessions only: nothing remembered yet
        auto project = ClaudeMemoryProject::read(memory);
        if (project)
            out.m_projects.push_back(std::move(*project));
        else
            out.m_problems << project.error().message;
    }
    return out;
}

} // namespace sediment
