#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringView>

#include <array>

namespace sediment {

// What an audit row is about (audit_log.subject_type, docs/user-guide.md#audit): the kind of
// thing its subject id names. Rows are hashed into a chain and filtered by this word, so
// toString and parseWord<AuditSubject> are the only place it is spelt.
enum class AuditSubject {
    InboxItem,           // subject id: the item's id
    Memory,              // the store's name: memory or user
    Scar,                // the scar's id
    Skill,               // the skill's name
    SkillsUsage,         // skills/.usage.json
    Decision,            // the decision's id
    CalibrationSnapshot, // the snapshot's day
    HermesStaged,        // a staged Hermes record's key
    ClaudeMemory,        // a Claude Code memory file's path
    Team,                // the files host
    Reviewer,            // a reviewer's role (team grant)
};

inline constexpr std::size_t kAuditSubjectCount = 11;

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<AuditSubject, kAuditSubjectCount>& wordsOf(AuditSubject);

} // namespace sediment
