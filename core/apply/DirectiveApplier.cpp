#include "apply/DirectiveApplier.h"

#include "apply/TargetFile.h"
#include "apply/TextEdit.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

const QString kStore = toString(Destination::ClaudeMd);

} // namespace

DirectiveApplier::DirectiveApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook)
    : m_workspace(workspace)
    , m_guard(guard)
    , m_hook(hook)
{}

QString DirectiveApplier::path(const DirectiveEdit& op) const
{
    return op.path.value_or(m_workspace.config().claudeMd);
}

bool DirectiveApplier::replacedAlready(const QString& text, const QString& before, const QString& after)
{
    return !before.isEmpty() && !after.trimmed().isEmpty() && !text.contains(before) && text.contains(after);
}

QString DirectiveApplier::staleReason(const QString& text, const QString& before, const QString& where)
{
    if (before.isEmpty())
        return {};
    const qsizetype n = TextEdit::occurrences(text, before);
    if (n == 1)
        return {};
    if (n == 0)
        return QStringLiteral("stale: the 'before' text is no longer in %1; patch the item").arg(where);
    return QStringLiteral("stale: the 'before' text occurs %1 times in %2; patch the item with a "
                          "longer 'before'")
        .arg(n)
        .arg(where);
}

Result<ApplyResult> DirectiveApplier::edit(const TargetFile& file, const QString& before, const QString& after,
                                           const QString& store)
{
    ApplyResult r = ApplyResult::written(store, file.relative(), file.snapshot(), std::nullopt);
    // Re-applying a replacement the file shows done (the old text gone, the new one there) is a
    // success that writes nothing.
    if (replacedAlready(file.text(), before, after)) {
        r.after = r.before;
        r.message = QStringLiteral("%1 already holds this replacement; nothing written.").arg(file.relative());
        return r;
    }
    const QString why = staleReason(file.text(), before, file.relative());
    if (!why.isEmpty())
        return ApplyResult::refusal(store, why, true);
    // Re-applying an append that is already there is a success that does not grow the file.
    const QString paragraph = after.trimmed();
    if (before.isEmpty() && !paragraph.isEmpty() && file.text().contains(paragraph)) {
        r.after = r.before;
        r.message = QStringLiteral("%1 already holds this paragraph; nothing written.").arg(file.relative());
        return r;
    }
    const QString edited = *TextEdit::apply(file.text(), before, after);
    if (auto s = file.write(edited); !s)
        return ApplyResult::refusedOr(store, s.error());
    r.after = edited;
    r.message = before.isEmpty() ? QStringLiteral("Paragraph appended to %1.").arg(file.relative())
                                 : QStringLiteral("Text replaced in %1.").arg(file.relative());
    return r;
}

Result<ApplyResult> DirectiveApplier::apply(const DirectiveEdit& op) const
{
    auto file = TargetFile::open(m_guard, path(op), m_hook);
    if (!file)
        return ApplyResult::refusedOr(kStore, file.error());
    return edit(*file, op.before, op.after, kStore);
}

Result<bool> DirectiveApplier::isStale(const DirectiveEdit& op) const
{
    if (op.before.isEmpty())
        return false;
    const QString rel = path(op);
    auto file = TargetFile::open(m_guard, rel, m_hook);
    if (!file) // a refused target is reported when applying, not as staleness
        return file.error().kind == ErrorKind::Refused ? Result<bool>(false) : fail(file.error());
    return !replacedAlready(file->text(), op.before, op.after) && !staleReason(file->text(), op.before, rel).isEmpty();
}

Result<ApplyResult> DirectiveApplier::restore(const PathResolver& guard, const ApplyResult& applied, WriteHook* hook)
{
    if (!applied.targetPath)
        return fail(Error::refused(QStringLiteral("nothing recorded to revert")));
    if (auto s = TargetFile::restore(guard, *applied.targetPath, applied.after, applied.before, hook); !s)
        return fail(s.error());
    return ApplyResult::written(applied.store, applied.targetPath, applied.after, applied.before,
                                applied.before ? QStringLiteral("Reverted %1.").arg(*applied.targetPath)
                                               : QStringLiteral("Removed %1.").arg(*applied.targetPath));
}

Result<ApplyResult> DirectiveApplier::revert(const ApplyResult& applied) const
{
    return restore(m_guard, applied, m_hook);
}

} // namespace sediment
