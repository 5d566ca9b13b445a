#include "claudecode/ClaudeCodeApplier.h"

#include "apply/DirectiveApplier.h"
#include "apply/TargetFile.h"
#include "claudecode/ClaudeCodeOp.h"
#include "claudecode/ClaudeWatchedPaths.h"
#include "model/Destination.h"

#include <QFileInfo>

namespace sediment {

ClaudeCodeApplier::ClaudeCodeApplier(QString home, WriteHook* hook) : m_home(std::move(home)), m_hook(hook) {}

Result<ApplyResult> ClaudeCodeApplier::apply(const QString& destination, const Json& op) const
{
    auto parsed = ClaudeCodeOp::parse(op);
    if (!parsed)
        return fail(parsed.error());
    const ClaudeWatchedPaths guard(m_home, parsed->cwd);
    // A link that is not watched itself was staged for the file it led to: it must still lead to
    // a file of the item's kind.
    const ClaudeFileKind kind =
        isWord(destination, Destination::ClaudeMemory) ? ClaudeFileKind::Memory : ClaudeFileKind::Directive;
    if (const auto found = guard.classify(parsed->filePath); found && found != kind)
        return fail(
            Error::refused(QStringLiteral("%1 is no longer Claude Code's %2; nothing written")
                               .arg(parsed->filePath, kind == ClaudeFileKind::Memory ? QStringLiteral("memory")
                                                                                     : QStringLiteral("directive"))));
    auto file = TargetFile::open(guard, parsed->filePath, m_hook);
    if (!file)
        return fail(file.error());
    auto next = parsed->applyTo(file->snapshot());
    if (!next)
        return ApplyResult::refusal(
            destination, QStringLiteral("stale: %1; Claude Code's edit no longer applies").arg(next.error()), true);
    ApplyResult r = ApplyResult::written(destination, parsed->filePath, file->snapshot(), *next);
    r.detail = Json{{"tool", toStd(toString(parsed->tool))}};
    if (file->exists() && file->text() == *next) {
        r.message = QStringLiteral("%1 already holds it.").arg(parsed->filePath);
        return r;
    }
    if (auto s = file->write(*next); !s)
        return fail(s.error());
    r.message = QStringLiteral("%1 written as Claude Code's %2 would.").arg(parsed->filePath, toString(parsed->tool));
    return r;
}

Result<bool> ClaudeCodeApplier::isStale(const Json& op) const
{
    auto parsed = ClaudeCodeOp::parse(op);
    if (!parsed)
        return fail(parsed.error());
    if (parsed->tool == ClaudeCodeOp::Tool::Write)
        return false; // a whole file replaces whatever is there
    const ClaudeWatchedPaths guard(m_home, parsed->cwd);
    auto file = TargetFile::open(guard, parsed->filePath);
    if (!file)
        return fail(file.error());
    return !parsed->applyTo(file->snapshot()).has_value();
}

Result<ApplyResult> ClaudeCodeApplier::revert(const ApplyResult& applied) const
{
    if (!applied.targetPath)
        return fail(Error::refused(QStringLiteral("nothing recorded to revert")));
    // The item keeps its path, not its session: the file's own folder stands for the session's,
    // which allows the same directive names there and the memory folders, and nothing else.
    const ClaudeWatchedPaths guard(m_home, QFileInfo(*applied.targetPath).absolutePath());
    return DirectiveApplier::restore(guard, applied, m_hook);
}

} // namespace sediment
