#pragma once

#include "memory/MemoryStore.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace sediment {

class Workspace;
struct InboxItem;

// What a memory item would do to its store's budget (docs/user-guide.md#inbox): "1840 → 1990 / 2200 chars", over
// when the result passes the limit. Computed on the entries as they are now, by simulating the
// op with the store's own rules (trim, duplicates, substring match), so the preview and the
// approval agree.
struct BudgetPreview {
    QString target;
    int current = 0;
    int after = 0;
    int limit = 0;
    bool over = false;
    QString asOf; // team mode, off the files host: "HOST at TIME", whose published entries it read

    QString text() const;
    // How many characters must go for the write to fit; 0 when it fits.
    int excess() const { return after > limit ? after - limit : 0; }
    Json toJson() const; // {"target","current","after","limit","over","text"}

    // What a preview of a memory item is computed from: its op in the store's terms and its
    // store's entries and limit as they are now. MemoryWritePlan starts from the same, so the
    // budget line and the step-by-step plan always read the store alike.
    struct Input {
        QString target;
        QStringList entries;
        MemoryOp op;
        int limit = 0;
        QString asOf; // set when the entries are the files host's published ones
    };
    // No value for items of other destinations.
    static Result<std::optional<Input>> inputFor(Workspace& workspace, const InboxItem& item);
    // `make` applied to the item's Input; no value for items of other destinations.
    template <class Make>
    static auto fromInput(Workspace& workspace, const InboxItem& item, Make make)
        -> Result<std::optional<decltype(make(std::declval<const Input&>()))>>
    {
        auto in = inputFor(workspace, item);
        if (!in)
            return fail(in.error());
        if (!*in)
            return std::nullopt;
        return make(**in);
    }

    // No value for items of other destinations.
    static Result<std::optional<BudgetPreview>> forItem(Workspace& workspace, const InboxItem& item);
    // The entry an edit's `old_text` selects, as the store selects it (an entry equal to it wins,
    // else the one entry containing it); none when nothing or several different entries match.
    static std::optional<qsizetype> matchIndex(const QStringList& entries, const QString& oldText);
    // The entries after the op; an op that matches nothing leaves them as they are.
    static QStringList simulate(QStringList entries, const MemoryOp& op);
    static BudgetPreview compute(const QString& target, const QStringList& entries, const MemoryOp& op, int limit);
};

} // namespace sediment
