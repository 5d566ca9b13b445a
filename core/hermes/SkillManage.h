#pragma once

#include "util/Json.h"

#include <QDateTime>
#include <QString>

#include <expected>

#include <optional>
#include <vector>

namespace sediment {

// Hermes' skill_manage replayed on approval of a staged skill write (`apply_skill_pending` in
// `tools/skill_manager_tool.py`): create, edit, patch, delete, write_file and remove_file with
// Hermes' own checks, in Hermes' order, and Hermes' messages, then the `.usage.json` telemetry
// Hermes records. A refusal changes nothing on disk. The home is one Hermes profile's folder
// (`~/.hermes` or `~/.hermes/profiles/<name>`).
class SkillManage final {
public:
    explicit SkillManage(QString home);

    struct Outcome {
        bool success = false;
        QString message;               // Hermes' "message" on success, its "error" otherwise
        std::optional<QString> file;   // the one file written (absolute), when there is one
        std::optional<QString> before; // its text before (none: it did not exist)
        std::optional<QString> after;  // its text after (none: it was removed)
    };
    Outcome apply(const Json& payload, const QDateTime& now) const;
    // apply() in its two halves, for a skill batch: the write alone, then the telemetry of every
    // write that stood, in one update of `.usage.json`.
    Outcome write(const Json& payload) const;
    void recordUsage(const std::vector<Json>& applied, const QDateTime& now) const;

    // What approving would change, computed as apply() would without writing: the file, its
    // text now and its text after (a batch: every file it writes, SkillManageBatch). `note` says why there is nothing to compare (a missing skill,
    // a patch that does not match) in Hermes' words.
    struct Preview {
        QString label; // "skills/<name>/SKILL.md", or the folder for a delete
        QString before;
        QString after;
        QString note;
        bool newFile = false; // the write creates its file: nothing is there now
    };
    Preview preview(const Json& payload) const;

    // The checks skill_manage makes on a payload before it reads or writes any file, in its
    // order and with its message (required fields, an unknown action, a new skill's name and
    // category, SKILL.md's frontmatter and size, a supporting file's path and size); nothing
    // when they pass. apply() and preview() make them first; an edited payload is held to them
    // before it replaces the staged one.
    static std::optional<QString> check(const Json& payload);

    // Hermes' profile name of a home: "default", or <name> under `<root>/profiles/`.
    static QString profileOf(const QString& home);

private:
    // Each action checks everything, then writes only when `write` (preview() passes false).
    Outcome run(const Json& p, bool write) const;
    Outcome create(const Json& p, bool write) const;
    Outcome edit(const Json& p, bool write) const;
    Outcome patch(const Json& p, bool write) const;
    Outcome remove(const Json& p, bool write) const;
    Outcome writeFile(const Json& p, bool write) const;
    Outcome removeFile(const Json& p, bool write) const;
    QString notFound(const QString& name, const QString& suffix = {}) const;
    // The file `filePath` names in skill `name`, or why there is none: the skill not found (its
    // message ending with `suffix`), or a path that leaves the skill's folder.
    struct SkillFile {
        QString skillDir;
        QString path;
    };
    std::expected<SkillFile, QString> fileInSkill(const QString& name, const QString& filePath,
                                                  const QString& suffix = {}) const;
    QString skillsDir() const;

    QString m_home;
};

} // namespace sediment
