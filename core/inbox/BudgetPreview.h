#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

class Workspace;
struct InboxItem;
struct MemoryOp;

// What a memory item would do to its store's budget (§5): "1840 → 1990 / 2200 chars", over
// when the result passes the limit. Computed on the entries as they are now, by simulating the
// op with the store's own rules (trim, duplicates, substring match), so the preview and the
// approval agree.
struct BudgetPreview {
    QString target;
    int current = 0;
    int after = 0;
    int limit = 0;
    bool over = false;

    QString text() const;
    Json toJson() const; // {"target","current","after","limit","over","text"}

    // No value for items of other destinations.
    static Result<std::optional<BudgetPreview>> forItem(Workspace& workspace, const InboxItem& item);
    // The entries after the op; an op that matches nothing leaves them as they are.
    static QStringList simulate(QStringList entries, const MemoryOp& op);
    static BudgetPreview compute(const QString& target, const QStringList& entries,
                                 const MemoryOp& op, int limit);
};

} // namespace sediment
