#pragma once

#include "model/ApplyResult.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;
class WriteHook;

// Applies validated ops to their destinations (docs/verbs.md#propose table), confined to the workspace, atomically,
// keeping the before-content so that revert works (docs/user-guide.md#inbox).
class Applier final {
public:
    // `hook`, when given, is told of every file write before it happens (the decision journal).
    // `profile`: the Hermes profile whose stores a write goes to (WorkspaceProfiles); empty for the
    // workspace's own.
    Applier(Workspace& workspace, const Clock& clock, WriteHook* hook = nullptr, QString profile = QString());

    Result<ApplyResult> apply(const QString& destination, const Json& op) const;
    // The same, with the proposal's provenance (`source`: agent, session, scar), which new
    // notes record in their front matter; without it they say `source: unknown`.
    Result<ApplyResult> apply(const QString& destination, const Json& op, const Json& source) const;

    // Whether the op no longer fits its target: `before`/`old_text` not found exactly once, the
    // memory entry gone, the skill to patch missing.
    Result<bool> isStale(const QString& destination, const Json& op) const;

    // Writes `applied.before` back if the target still holds `applied.after`; otherwise a
    // Refused error "target changed since; revert by hand".
    Result<ApplyResult> revert(const QString& destination, const ApplyResult& applied) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    WriteHook* m_hook = nullptr;
    QString m_profile;
};

} // namespace sediment
