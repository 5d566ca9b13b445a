#include "inbox/BudgetPreview.h"

#include "memory/MemoryEdit.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"
#include "model/InboxItem.h"
#include "proposal/WorkspaceOp.h"
#include "team/MemorySnapshots.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

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
    const QString line = QStringLiteral("%1 → %2 / %3 chars").arg(current).arg(after).arg(limit);
    return asOf.isEmpty() ? line : line + QStringLiteral(" (the store as %1)").arg(asOf);
}

Json BudgetPreview::toJson() const
{
    return Json{{"target", toStd(target)}, {"current", current}, {"after", after},
                {"limit", limit},          {"over", over},       {"text", toStd(text())}};
}

QStringList BudgetPreview::simulate(QStringList entries, const MemoryOp& op)
{
    if (op.action != QLatin1String("batch"))
        return applyOne(std::move(entries), op);
    for (const MemoryOp& sub : op.operations)
        entries = applyOne(std::move(entries), sub);
    return entries;
}

BudgetPreview BudgetPreview::compute(const QString& target, const QStringList& entries, const MemoryOp& op, int limit)
{
    BudgetPreview p;
    p.target = target;
    p.limit = limit;
    p.current = MemoryStore::usage(entries);
    p.after = MemoryStore::usage(simulate(entries, op));
    p.over = p.after > limit;
    return p;
}

Result<std::optional<BudgetPreview::Input>> BudgetPreview::inputFor(Workspace& workspace, const InboxItem& item)
{
    if (!isMemoryStore(item.destination))
        return std::optional<Input>();
    auto op = readMemoryOp(item.destination, item.effectiveOp());
    if (!op)
        return fail(op.error());
    const QString profile = item.hermesProfile();
    // A team's memory files are on the files host: a reviewer elsewhere reads the entries it
    // published, never a file of the same name on this machine.
    auto filesHost = FilesHost::elsewhere(workspace);
    if (!filesHost)
        return fail(filesHost.error());
    if (*filesHost) {
        auto snapshot = MemorySnapshots::published(workspace, item.destination, profile);
        if (!snapshot)
            return fail(snapshot.error());
        if (!*snapshot)
            return fail(Error::refused(QStringLiteral("%1 is on %2, which has not published it yet: run any "
                                                      "sediment command there")
                                           .arg(MemoryEdit::fileName(item.destination), **filesHost)));
        return std::optional<Input>(Input{item.destination, std::move((*snapshot)->entries), std::move(*op),
                                          (*snapshot)->charLimit,
                                          QStringLiteral("%1 at %2").arg((*snapshot)->host, (*snapshot)->takenAt)});
    }
    const MemoryStore store(item.destination, WorkspaceProfiles::memoryFile(workspace, item.destination, profile),
                            WorkspaceProfiles::charLimit(workspace, item.destination, profile));
    auto entries = store.entries();
    if (!entries)
        return fail(entries.error());
    return std::optional<Input>(
        Input{item.destination, std::move(*entries), std::move(*op), store.charLimit(), QString()});
}

Result<std::optional<BudgetPreview>> BudgetPreview::forItem(Workspace& workspace, const InboxItem& item)
{
    return BudgetPreview::fromInput(workspace, item, [](const BudgetPreview::Input& in) {
        BudgetPreview p = compute(in.target, in.entries, in.op, in.limit);
        p.asOf = in.asOf;
        return p;
    });
}

} // namespace sediment
