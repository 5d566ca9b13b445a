#pragma once

#include "apply/Applier.h"

namespace sediment {

class PathGuard;
class PathResolver;
class WriteHook;
class TargetFile;
struct DirectiveEdit;

// claude_md: replace the one occurrence of `before` by `after` in a directives file (default
// from the configuration), or append `after` as a new paragraph when `before` is empty. The
// file may not exist yet; an anchor found zero or several times makes the item stale.
class DirectiveApplier final {
public:
    DirectiveApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const DirectiveEdit& op) const;
    Result<bool> isStale(const DirectiveEdit& op) const;
    Result<ApplyResult> revert(const ApplyResult& applied) const;

    // The edit itself, shared with skill patches: refusal when the anchor is missing or
    // ambiguous, no write when the text already holds the appended paragraph or the replacement.
    static Result<ApplyResult> edit(const TargetFile& file, const QString& before, const QString& after,
                                    const QString& store);
    // Why an anchor does not fit, or empty when it does.
    static QString staleReason(const QString& text, const QString& before, const QString& where);
    // Whether `text` shows the replacement of `before` by `after` done: the old text gone, the new
    // one there.
    static bool replacedAlready(const QString& text, const QString& before, const QString& after);

    // Puts back what an applied item found (shared by every file destination).
    static Result<ApplyResult> restore(const PathResolver& guard, const ApplyResult& applied,
                                       WriteHook* hook = nullptr);

private:
    QString path(const DirectiveEdit& op) const;

    Workspace& m_workspace;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
