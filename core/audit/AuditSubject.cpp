#include "audit/AuditSubject.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using S = AuditSubject;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<AuditSubject, kAuditSubjectCount> kWords("audit subject"_L1,
                                                             {{
                                                                 {S::InboxItem, "inbox_item"_L1},
                                                                 {S::Memory, "memory"_L1},
                                                                 {S::Scar, "scar"_L1},
                                                                 {S::Skill, "skill"_L1},
                                                                 {S::SkillsUsage, "skills_usage"_L1},
                                                                 {S::Decision, "decision"_L1},
                                                                 {S::CalibrationSnapshot, "calibration_snapshot"_L1},
                                                                 {S::HermesStaged, "hermes_staged"_L1},
                                                                 {S::ClaudeMemory, "claude_memory"_L1},
                                                                 {S::Team, "team"_L1},
                                                                 {S::Reviewer, "reviewer"_L1},
                                                             }});

} // namespace

const WordTable<AuditSubject, kAuditSubjectCount>& wordsOf(AuditSubject) { return kWords; }

} // namespace sediment
