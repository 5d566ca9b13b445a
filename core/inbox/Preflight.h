#pragma once

#include "inbox/PreflightVerdict.h"
#include "model/InboxItem.h"
#include "model/InboxQuery.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <map>
#include <vector>

namespace sediment {

struct AgentPreview;

class Workspace;

// Preflight (docs/user-guide.md#preflight): what approving each pending item would do
// against the files as they are now, computed by the code that approves, stopped before its
// first write (DryRunHook); a staged Hermes skill write through skill_manage's own preview,
// which simulates a batch in a scratch copy. Then, across the queue, exact duplicates (SameText:
// the oldest pending item wins, the others are `duplicate` of it) and near duplicates
// (NearDuplicates, which only annotate). Writes nothing and records nothing.
class Preflight final {
public:
    Preflight(Workspace& workspace, const Clock& clock);

    // One item on its own: applies, fails, stale or present.
    Result<PreflightVerdict> check(const InboxItem& item) const;
    // The whole pending queue, `pending` oldest first (created_at, then id).
    Result<std::map<qint64, PreflightVerdict>> run(const std::vector<InboxItem>& pending) const;
    // Every pending item of the workspace, read in pages.
    Result<std::map<qint64, PreflightVerdict>> runAll() const;
    // The workspace's pending items, read in pages, oldest first (created_at, then id).
    static Result<std::vector<InboxItem>> pendingOldestFirst(Workspace& workspace);
    // That order: `a` was staged before `b`.
    static bool stagedBefore(const InboxItem& a, const InboxItem& b)
    {
        return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    }

    // Whether an item passes a query's is:dead / is:dup / is:ok terms; `v` is its verdict, none
    // for an item that is not pending (it is none of them).
    static bool passes(const InboxFilter::Values& terms, const PreflightVerdict* v);
    // The first thing the threat scan (Hermes' patterns, invisible characters) or the secret
    // scan finds in the text an op would write, whatever its destination; empty when clean. The
    // old side of an edit (old_text, old_string, before, matched_entry) is not the op's to write.
    static QString unsafeIn(const Json& op);

private:
    // The verdict on an agent's own preview of a write: its refusal fails; a write that changes
    // nothing is present already.
    Result<PreflightVerdict> checkAgentPreview(const AgentPreview& pv) const;
    // A memory add the store would write: present when an entry is the same text (SameText).
    Result<PreflightVerdict> heldAlready(const InboxItem& item) const;

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
