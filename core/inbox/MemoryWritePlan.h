#pragma once

#include "inbox/BudgetPreview.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

class Workspace;
struct InboxItem;
struct MemoryOp;

// What a memory item would write, step by step, for the reviewer (docs/user-guide.md#inbox, docs/verbs.md#hermes): every operation of
// the op (one, or each of a batch, in order) with the store's usage before and after it and the
// store's own message for it, then the whole write's effect on the budget and whether the store
// would take it. A batch is all-or-nothing with the budget checked on the final state only (docs/user-guide.md#memory),
// so a step may pass the limit on its way and the write still fit; a step the store would refuse
// (no match, several matches, a threat) makes the whole write refused.
//
// Everything is simulated with MemoryEdit, the store's pure rules, on the entries as they are
// now; nothing is written. A write has one target store, a batch included (docs/verbs.md#hermes).
struct MemoryWritePlan {
    struct Step {
        QString action;                 // add | replace | remove
        std::optional<QString> oldText; // replace, remove
        std::optional<QString> content; // add, replace
        int before = 0;                 // the store's usage before this step
        int after = 0;                  // ... and after it (unchanged when it would fail)
        bool ok = true;                 // the store would accept this step
        QString message;                // the store's message for this step

        // "add “…”", "replace “old” → “new”", "remove “old”".
        QString text() const;
        Json toJson() const; // {"action","old_text","content","before","after","ok","message"}
    };

    QString target; // memory | user
    bool batch = false;
    std::vector<Step> steps;
    BudgetPreview budget;  // the whole write, on the store as it is now
    bool accepted = false; // the store would apply the whole write
    QString verdict;       // the store's message for the whole write

    Json toJson() const; // {"target","batch","steps":[...],"budget":{...},"accepted","verdict"}

    // No value for items of other destinations.
    static Result<std::optional<MemoryWritePlan>> forItem(Workspace& workspace, const InboxItem& item);
    static MemoryWritePlan compute(const QString& target, const QStringList& entries, const MemoryOp& op, int limit);
};

} // namespace sediment
