#pragma once

#include "util/Error.h"

#include <QDateTime>
#include <QSet>
#include <QString>

#include <optional>

namespace sediment {

// The skills/ tree of a workspace: live skills in skills/<name>/, archived ones in
// skills/.archive/<name> (or <name>-YYYYMMDDHHMMSS when that was taken). Folders are only ever
// renamed, never deleted.
class SkillFolders final {
public:
    explicit SkillFolders(QString skillsDir) : m_dir(std::move(skillsDir)) {}

    QString dir() const { return m_dir; }
    QString liveFolder(const QString& name) const;
    QString skillFile(const QString& name) const; // the live SKILL.md
    bool hasLiveFolder(const QString& name) const;

    // Where archives would go now, relative to skills/: ".archive/<name>", with the clock's UTC
    // time appended when that is taken. .archive/ is listed once, for a pass that plans tens of
    // thousands of archives (a stat for each was a third of a 100,000-skill dry run).
    class ArchiveTargets final {
    public:
        QString of(QStringView name) const;

    private:
        friend class SkillFolders;
        QSet<QString> m_taken;
        QString m_suffix;
    };
    ArchiveTargets archiveTargets(const QDateTime& now) const;

    // Moves skills/<name> to skills/<relativeTarget>.
    Status archive(const QString& name, const QString& relativeTarget) const;
    // Moves a live folder given relative to skills/ (Hermes nests skills in category folders)
    // to skills/<relativeTarget>, creating .archive/ when needed; and back.
    Status archiveFolder(const QString& relativeSource, const QString& relativeTarget) const;
    Status moveBack(const QString& relativeTarget, const QString& relativeSource) const;

    // The archived folder to bring back, relative to skills/: the recorded one if it still
    // exists, else .archive/<name>, else the newest .archive/<name>-<suffix>.
    std::optional<QString> findArchived(const QString& name, const std::optional<QString>& recorded) const;

    // Moves skills/<relativeSource> back to skills/<name>; refuses when that exists.
    Status restore(const QString& name, const QString& relativeSource) const;

private:
    QString m_dir;
};

} // namespace sediment
