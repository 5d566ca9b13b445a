#include "inbox/BudgetPreview.h"

#include "apply/MemoryApplier.h"
#include "hermes/HermesProfiles.h"
#include "inbox/InboxItem.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"
#include "workspace/Workspace.h"

namespace sediment {

// Several different entries mean the store would refuse, so the preview changes nothing.
std::optional<qsizetype> BudgetPreview::matchIndex(const QStringList& entries, const QString& oldText)
{
    if (const qsizetype exact = entries.indexOf(oldText); exact >= 0)
        return exact;
    std::optional<qsizetype> found;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (!entries[i].contains(oldText))
            continue;
        if (found && entries[*found] != entries[i])
            return std::nullopt;
        if (!found)
            found = i;
    }
    return found;
}

namespace {

QStringList applyOne(QStringList entries, const MemoryOp& op)
{
    const QString content = UnicodeText::strip(op.content.value_or(QString()));
    const QString oldText = UnicodeText::strip(op.oldText.value_or(QString()));
    if (op.action == QLatin1String("add")) {
        if (!content.isEmpty() && !entries.contains(content))
            entries << content;
    } else if (op.action == QLatin1String("replace") || op.action == QLatin1String("remove")) {
        if (oldText.isEmpty())
            return entries;
        // A pinned write touches its entry or nothing.
        const auto pinned = op.matchedEntry ? entries.indexOf(*op.matchedEntry) : -1;
        const auto at = op.matchedEntry ? (pinned >= 0 ? std::optional<qsizetype>(pinned) : std::nullopt)
                                        : BudgetPreview::matchIndex(entries, oldText);
        if (!at)
            return entries;
        if (op.action == QLatin1String("remove"))
            entries.removeAt(*at);
        else if (!content.isEmpty())
            entries[*at] = content;
    }
    return entries;
}

} // namespace

QString BudgetPreview::text() const
{
    return QStringLiteral("%1 → %2 / %3 chars").arg(current).arg(after).arg(limit);
}

Json BudgetPreview::toJson() const
{
    return Json{{"target", us(target)}, {"current", current}, {"after", after},
                {"limit", limit},       {"over", over},       {"text", us(text())}};
}

QStringList BudgetPreview::simulate(QStringList entries, const MemoryOp& op)
{
    if (op.action != QLatin1String("batch"))
        return applyOne(std::move(entries), op);
    for (const MemoryOp& sub : op.operations)
        entries = applyOne(std::move(entries), sub);
    return entries;
}

BudgetPreview BudgetPreview::compute(const QString& target, const QStringList& entries,
                                     const MemoryOp& op, int limit)
{
    BudgetPreview p;
    p.target = target;
    p.limit = limit;
    p.current = MemoryStore::usage(entries);
    p.after = MemoryStore::usage(simulate(entries, op));
    p.over = p.after > limit;
    return p;
}

Result<std::optional<BudgetPreview::Input>> BudgetPreview::inputFor(const Workspace& workspace,
                                                                   const InboxItem& item)
{
    if (item.destination != QLatin1String("memory") && item.destination != QLatin1String("user"))
        return std::optional<Input>();
    auto op = MemoryApplier::toMemoryOp(item.destination, item.effectiveOp());
    if (!op)
        return fail(op.error());
    const QString profile = HermesProfiles::of(item);
    const MemoryStore store(item.destination, HermesProfiles::memoryFile(workspace, item.destination, profile),
                            HermesProfiles::charLimit(workspace, item.destination, profile));
    auto entries = store.entries();
    if (!entries)
        return fail(entries.error());
    return std::optional<Input>(Input{item.destination, std::move(*entries), std::move(*op),
                                      store.charLimit()});
}

Result<std::optional<BudgetPreview>> BudgetPreview::forItem(Workspace& workspace, const InboxItem& item)
{
    return BudgetPreview::fromInput(workspace, item, [](const BudgetPreview::Input& in) {
        return compute(in.target, in.entries, in.op, in.limit);
    });
}

} // namespace sediment
