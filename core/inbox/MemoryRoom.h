#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace sediment {

// Room made in a full memory store so that one approval fits (issue 15, item 5): a full store is
// the common case on a real home, and refusing every add there only moves the work to the agent.
// The reviewer names entries to remove and groups of entries to merge into one text; the
// approval and the room become one Hermes batch (remove/replace ops, then the item's own ops),
// which the store applies all-or-nothing with the budget checked on the final state, as one
// decision with one audit row.
//
// Every edit names whole entries as they are in the store now, and each op is pinned to its entry
// (`matched_entry`): if the store changes before the write, the write fails rather than touch
// another entry a substring would find. For the same reason the item's own replace/remove ops
// are pinned to the entry they select now, the one the reviewer saw in the diff.
struct MemoryRoom {
    // One edit: the entries it takes out, and for a merge the one text that replaces them.
    struct Edit {
        QStringList entries; // remove: one entry; merge: two or more
        QString into;        // empty for a removal
        bool isMerge() const { return !into.isEmpty() || entries.size() > 1; }
    };
    std::vector<Edit> edits;

    bool isEmpty() const { return edits.empty(); }

    // `{"remove": [entry, ...], "merge": [{"entries": [entry, ...], "into": text}, ...]}`; both
    // keys optional, at least one edit, nothing else. Invalid names the offending key.
    static Result<MemoryRoom> fromJson(const Json& room);
    Json toJson() const;

    // The batch that applies the room and then `itemOp` (one op or a batch) to the store whose
    // entries are `entries` now. Invalid when an entry is not in the store verbatim, is named
    // twice, is the one the item itself edits, or a merge lacks entries or text; Refused when one
    // of the item's own replace/remove ops no longer selects exactly one entry.
    Result<Json> batchFor(const QStringList& entries, const Json& itemOp) const;
    // How many of batchFor's ops are the room's: one per entry named.
    int opCount() const;

    // The entries `itemOp`'s own replace/remove ops edit in the store as it is now (their pins),
    // which a room may not name; empty for an op that edits none or no longer selects one.
    static QStringList entriesEditedBy(const QStringList& entries, const Json& itemOp);

private:
    // `itemOp`'s ops (one, or a batch's), each replace/remove pinned to the entry it selects on
    // `entries` after the ops before it; Refused when one selects no single entry.
    static Result<Json> pinnedItemOps(const QStringList& entries, const Json& itemOp);
};

} // namespace sediment
