#pragma once

#include "cli/Context.h"
#include "model/InboxItem.h"
#include "store/InboxClaimRepository.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {
class Workspace;
}

namespace sediment::cli {

// How `sediment inbox` shows an item: one line in a listing, the whole item for `show` and after
// a decision, and the same as JSON. The JSON keeps the item's fields and adds what a reviewer
// needs beside it: the approvals a two-person item has, the store's budget, who holds a claim.
class InboxItemView final {
public:
    static QString line(const InboxItem& it);
    static Json toJson(Workspace& ws, const InboxItem& it, bool withBudget);
    static void print(const Context& ctx, Workspace& ws, const InboxItem& it);
    static Json claimToJson(const std::optional<InboxClaim>& claim);
};

} // namespace sediment::cli
