#pragma once

#include "model/SkillState.h"
#include "util/Json.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <string_view>

namespace sediment {

// One skill's record (docs/user-guide.md#skills): who made it, whether a human pinned it, where the curator put it,
// and the telemetry the curator's rules read. The folder body (skills/<name>/SKILL.md) is not
// part of the record.
struct Skill {
    QString name;
    QString createdBy = QStringLiteral("agent"); // agent | user | bundled | hub
    bool pinned = false;
    QString state = toString(SkillState::Active); // a SkillState word
    qint64 useCount = 0;
    qint64 viewCount = 0;
    qint64 patchCount = 0;
    std::optional<QDateTime> lastUsedAt;
    std::optional<QDateTime> lastViewedAt;
    std::optional<QDateTime> lastPatchedAt;
    QDateTime createdAt;
    std::optional<QDateTime> archivedAt;
    std::optional<QString> archivePath; // relative to skills/, e.g. ".archive/foo-20260101120000"
    Json extra = Json::object();        // unknown keys of Hermes' .usage.json, kept verbatim

    // Newest of the last use/view/patch times; nullopt when the skill saw no activity.
    std::optional<QDateTime> lastActivity() const;

    // The docs/user-guide.md#skills field names, times in ISO-8601 UTC (null when unset).
    Json toJson() const;

    bool operator==(const Skill&) const = default; // field by field, times as instants

    // [a-z0-9][a-z0-9._-]{0,63}, the whole text: one rule for names typed, proposed and read
    // from .usage.json (the last two as UTF-8 bytes).
    static bool isValidName(QStringView name);
    static bool isValidName(std::string_view utf8);
    // A name Hermes' walk can give a skill on a Hermes home (the frontmatter's `name:`, else the
    // folder's), as long as it stays one folder name inside skills/ when a restore or an archive
    // uses it as a path: not empty, not starting with '.' (which also rules out "." and ".."), no
    // '/' or '\\', no control character, at most 255 UTF-8 bytes. Hermes' own skill_manage names
    // are isValidName; a person may name a folder or a frontmatter `agA` or `Deploy notes`.
    static bool isHermesName(QStringView name);
    // The word read from UTF-8 when it is a creator (agent | user | bundled | hub) or a state
    // (active | stale | archived), as a shared constant: tens of thousands of records then hold
    // no copies of "active" and "agent" of their own. Nothing for any other text.
    static std::optional<QString> knownCreator(std::string_view utf8);
    static std::optional<QString> knownState(std::string_view utf8);
};

} // namespace sediment
