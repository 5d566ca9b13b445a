#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;
class WriteHook;

// What applying one validated op did. A store's refusal (over budget, stale target, invalid
// existing settings.json) is `applied == false` with the store's message: the caller records the
// item as `failed`. An Error is reserved for I/O trouble that stops the whole command.
struct ApplyResult {
    bool applied = false;
    bool stale = false;                // refused because the target changed since the proposal
    QString message;                   // the store's message ("Entry added.", or why it refused)
    QString store;                     // the store written, e.g. "memory", "claude_md", "skill"
    std::optional<QString> targetPath; // relative to the workspace
    std::optional<QString> before;     // the target's content before (empty file: "";
                                       // no value: the file did not exist, revert removes it)
    std::optional<QString> after;      // the target's content after
    Json detail = Json::object();      // destination-specific (e.g. memory result object)

    // A store's "no": nothing written, the item becomes `failed` (or stays pending when stale).
    static ApplyResult refusal(QString store, QString message, bool stale = false)
    {
        ApplyResult r;
        r.store = std::move(store);
        r.message = std::move(message);
        r.stale = stale;
        return r;
    }
};

// Applies validated ops to their destinations (docs/verbs.md#propose table), confined to the workspace, atomically,
// keeping the before-content so that revert works (docs/user-guide.md#inbox).
class Applier final {
public:
    // `hook`, when given, is told of every file write before it happens (the decision journal).
    // `profile`: the Hermes profile whose stores a write goes to (HermesProfiles); empty for the
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
