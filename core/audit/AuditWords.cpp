// The spelling of every audit action and subject type, as the audit log stores them and
// `audit list --action` and `--subject-type` accept them: two tables read together, since a row
// names one of each.
#include "audit/AuditAction.h"
#include "audit/AuditSubject.h"

namespace sediment {

namespace {

using namespace Qt::Literals::StringLiterals;

constexpr WordTable<AuditAction, kAuditActionCount> kAuditAction(
    {{
        {AuditAction::ProposalQueued, "proposal.queued"_L1},
        {AuditAction::ProposalReinforced, "proposal.reinforced"_L1},
        {AuditAction::ProposalApplied, "proposal.applied"_L1},
        {AuditAction::ProposalRejected, "proposal.rejected"_L1},
        {AuditAction::ProposalFailed, "proposal.failed"_L1},
        {AuditAction::InboxApprove, "inbox.approve"_L1},
        {AuditAction::InboxPatch, "inbox.patch"_L1},
        {AuditAction::InboxMakeRoom, "inbox.make_room"_L1},
        {AuditAction::InboxApproval, "inbox.approval"_L1},
        {AuditAction::InboxApply, "inbox.apply"_L1},
        {AuditAction::InboxRefuse, "inbox.refuse"_L1},
        {AuditAction::InboxRevert, "inbox.revert"_L1},
        {AuditAction::InboxUndoRefuse, "inbox.undo_refuse"_L1},
        {AuditAction::InboxResolve, "inbox.resolve"_L1},
        {AuditAction::MemoryAdd, "memory.add"_L1},
        {AuditAction::MemoryReplace, "memory.replace"_L1},
        {AuditAction::MemoryRemove, "memory.remove"_L1},
        {AuditAction::MemoryBatch, "memory.batch"_L1},
        {AuditAction::HermesImport, "hermes_import"_L1},
        {AuditAction::HermesWithdraw, "hermes_withdraw"_L1},
        {AuditAction::HermesSettle, "hermes_settle"_L1},
        {AuditAction::JournalRollback, "journal.rollback"_L1},
        {AuditAction::JournalNeedsAttention, "journal.needs_attention"_L1},
        {AuditAction::ScarAdd, "scar.add"_L1},
        {AuditAction::ScarArchive, "scar.archive"_L1},
        {AuditAction::ScarSuggest, "scar.suggest"_L1},
        {AuditAction::SkillPinned, "skill.pinned"_L1},
        {AuditAction::SkillUnpinned, "skill.unpinned"_L1},
        {AuditAction::SkillRestored, "skill.restored"_L1},
        {AuditAction::SkillsImported, "skills.imported"_L1},
        {AuditAction::SkillStale, "skill.stale"_L1},
        {AuditAction::SkillArchived, "skill.archived"_L1},
        {AuditAction::SkillReactivated, "skill.reactivated"_L1},
        {AuditAction::DecisionImport, "decision.import"_L1},
        {AuditAction::DecisionReview, "decision.review"_L1},
        {AuditAction::CalibrationSnapshot, "calibration.snapshot"_L1},
        {AuditAction::TeamGrant, "team.grant"_L1},
        {AuditAction::TeamFilesHost, "team.files_host"_L1},
        {AuditAction::TeamPolicy, "team.policy"_L1},
        {AuditAction::ClaudeMemoryEdit, "claude_memory.edit"_L1},
    }},
    "audit action"_L1);

constexpr WordTable<AuditSubject, kAuditSubjectCount> kAuditSubject(
    {{
        {AuditSubject::InboxItem, "inbox_item"_L1},
        {AuditSubject::Memory, "memory"_L1},
        {AuditSubject::Scar, "scar"_L1},
        {AuditSubject::Skill, "skill"_L1},
        {AuditSubject::SkillsUsage, "skills_usage"_L1},
        {AuditSubject::Decision, "decision"_L1},
        {AuditSubject::CalibrationSnapshot, "calibration_snapshot"_L1},
        {AuditSubject::HermesStaged, "hermes_staged"_L1},
        {AuditSubject::ClaudeMemory, "claude_memory"_L1},
        {AuditSubject::Team, "team"_L1},
        {AuditSubject::Reviewer, "reviewer"_L1},
    }},
    "audit subject"_L1);

} // namespace

const WordTable<AuditAction, kAuditActionCount>& wordsOf(AuditAction) { return kAuditAction; }

const WordTable<AuditSubject, kAuditSubjectCount>& wordsOf(AuditSubject) { return kAuditSubject; }

} // namespace sediment
