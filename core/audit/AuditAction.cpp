#include "audit/AuditAction.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using A = AuditAction;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<AuditAction, kAuditActionCount> kWords("audit action"_L1,
                                                           {{
                                                               {A::ProposalQueued, "proposal.queued"_L1},
                                                               {A::ProposalReinforced, "proposal.reinforced"_L1},
                                                               {A::ProposalApplied, "proposal.applied"_L1},
                                                               {A::ProposalRejected, "proposal.rejected"_L1},
                                                               {A::ProposalFailed, "proposal.failed"_L1},
                                                               {A::InboxApprove, "inbox.approve"_L1},
                                                               {A::InboxPatch, "inbox.patch"_L1},
                                                               {A::InboxMakeRoom, "inbox.make_room"_L1},
                                                               {A::InboxApproval, "inbox.approval"_L1},
                                                               {A::InboxApply, "inbox.apply"_L1},
                                                               {A::InboxRefuse, "inbox.refuse"_L1},
                                                               {A::InboxRevert, "inbox.revert"_L1},
                                                               {A::InboxUndoRefuse, "inbox.undo_refuse"_L1},
                                                               {A::InboxResolve, "inbox.resolve"_L1},
                                                               {A::MemoryAdd, "memory.add"_L1},
                                                               {A::MemoryReplace, "memory.replace"_L1},
                                                               {A::MemoryRemove, "memory.remove"_L1},
                                                               {A::MemoryBatch, "memory.batch"_L1},
                                                               {A::HermesImport, "hermes_import"_L1},
                                                               {A::HermesWithdraw, "hermes_withdraw"_L1},
                                                               {A::HermesSettle, "hermes_settle"_L1},
                                                               {A::JournalRollback, "journal.rollback"_L1},
                                                               {A::JournalNeedsAttention, "journal.needs_attention"_L1},
                                                               {A::ScarAdd, "scar.add"_L1},
                                                               {A::ScarArchive, "scar.archive"_L1},
                                                               {A::ScarSuggest, "scar.suggest"_L1},
                                                               {A::SkillPinned, "skill.pinned"_L1},
                                                               {A::SkillUnpinned, "skill.unpinned"_L1},
                                                               {A::SkillRestored, "skill.restored"_L1},
                                                               {A::SkillsImported, "skills.imported"_L1},
                                                               {A::SkillStale, "skill.stale"_L1},
                                                               {A::SkillArchived, "skill.archived"_L1},
                                                               {A::SkillReactivated, "skill.reactivated"_L1},
                                                               {A::DecisionImport, "decision.import"_L1},
                                                               {A::DecisionReview, "decision.review"_L1},
                                                               {A::CalibrationSnapshot, "calibration.snapshot"_L1},
                                                               {A::TeamGrant, "team.grant"_L1},
                                                               {A::TeamFilesHost, "team.files_host"_L1},
                                                               {A::TeamPolicy, "team.policy"_L1},
                                                               {A::ClaudeMemoryEdit, "claude_memory.edit"_L1},
                                                           }});

} // namespace

const WordTable<AuditAction, kAuditActionCount>& wordsOf(AuditAction) { return kWords; }

Result<AuditAction> memoryEditAction(QStringView toolAction)
{
    for (const AuditAction a : {A::MemoryAdd, A::MemoryReplace, A::MemoryRemove, A::MemoryBatch}) {
        const QLatin1StringView word = wordsOf(a).spelling(a);
        if (word.startsWith("memory."_L1) && word.sliced(7) == toolAction)
            return a;
    }
    return fail(Error::invalid(QStringLiteral("unknown memory action '%1'").arg(toolAction)));
}

} // namespace sediment
