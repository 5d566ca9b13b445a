#pragma once

#include "skills/SkillNameCache.h"

#include <QByteArrayView>
#include <QString>

#include <optional>
#include <vector>

namespace sediment {

// The skills Hermes' curator sees on disk: every folder under skills/ (at any depth) that holds
// a SKILL.md, named by the `name:` line of its frontmatter (the folder's name otherwise), in
// the order of a depth-first walk over sorted folder names that skips what SkillPathRule
// excludes (.archive, .hub, .git, dependency trees, a skill's support folders) and symlinked
// folders.
//
// The walk reads directories with getdents64 and trusts the entry types they report, so a
// skill costs one directory read and one 16 KB file read — on a home of 100,000 skills, where a
// system call is several microseconds, QDir's listing and a stat per entry cost seconds. With a
// SkillNameCache an unchanged skill costs two stats.
class SkillWalk final {
public:
    struct Found {
        QString name;   // frontmatter name, else the folder's name
        QString folder; // relative to skills/, e.g. "devops/deploy-helper"
        // What stat said of the SKILL.md read, when a SkillNameCache may keep it.
        std::optional<SkillNameCache::Stamp> stamp = std::nullopt;
        bool cached = false; // the name came from the cache, the file was not read
    };

    static std::vector<Found> under(const QString& skillsDir);
    // The same walk, taking the name of each SKILL.md whose stamp `names` knows from it instead
    // of reading the file; the cache is then told what this walk found.
    static std::vector<Found> under(const QString& skillsDir, const SkillNameCache& names);

    // Hermes' _read_skill_name over a SKILL.md's first bytes: the `name:` line inside the first
    // frontmatter block of the first 4,000 characters, quotes stripped; `fallback` otherwise.
    static QString frontmatterName(QByteArrayView head, const QString& fallback);
    // frontmatterName over the head of the file at `skillFile`; `fallback` when it cannot be read.
    static QString readName(const QString& skillFile, const QString& fallback);
};

} // namespace sediment
