#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>

namespace sediment {

// What an audit row says was done (audit_log.action, docs/user-guide.md#audit). Rows are hashed
// into a chain and filtered by this word, so toString and parseWord<AuditAction> are the only place it
// is spelt. A memory edit's action is `memory.` plus the memory tool's own action word.
enum class AuditAction {
    ProposalQueued,     // a gate deferred new proposals to a person
    ProposalReinforced, // the same proposal arrived again while pending
    ProposalApplied,    // a gate approved and the store wrote it
    ProposalRejected,   // a gate (or refusal memory) said no
    ProposalFailed,     // a gate approved and the store refused or failed
    InboxApprove,
    InboxPatch,    // approved with the reviewer's edit
    InboxMakeRoom, // approved after removing entries to fit the budget
    InboxApproval, // team mode: approved here, written later by the files host
    InboxApply,    // team mode: the files host writing an approval
    InboxRefuse,
    InboxRevert,
    InboxUndoRefuse,
    InboxResolve, // a person settled an item a crash left half done
    MemoryAdd,
    MemoryReplace,
    MemoryRemove,
    MemoryBatch,
    HermesImport,    // a Hermes staged write entered the inbox
    HermesWithdraw,  // its file went away before a decision
    HermesSettle,    // the decision was written back to Hermes' pending/ file
    JournalRollback, // a write interrupted before its commit was put back
    JournalNeedsAttention,
    ScarAdd,
    ScarArchive,
    ScarSuggest,
    SkillPinned,
    SkillUnpinned,
    SkillRestored,
    SkillsImported,
    SkillStale, // the curator's transitions
    SkillArchived,
    SkillReactivated,
    DecisionImport,
    DecisionReview,
    CalibrationSnapshot,
    TeamGrant,
    TeamFilesHost,
    TeamPolicy,
    ClaudeMemoryEdit, // a person edited a Claude Code memory file on the Memory page
};

inline constexpr std::size_t kAuditActionCount = 40;

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<AuditAction, kAuditActionCount>& wordsOf(AuditAction);
// A memory edit's action from the memory tool's own word (add, replace, remove, batch); any
// other word is an Invalid error naming it.
Result<AuditAction> memoryEditAction(QStringView toolAction);

} // namespace sediment
