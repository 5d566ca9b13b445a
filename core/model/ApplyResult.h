#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

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

    // A write done (or found done): `before` gave way to `after` at `targetPath` in `store`.
    static ApplyResult written(QString store, std::optional<QString> targetPath, std::optional<QString> before,
                               std::optional<QString> after, QString message = {})
    {
        ApplyResult r;
        r.applied = true;
        r.store = std::move(store);
        r.targetPath = std::move(targetPath);
        r.before = std::move(before);
        r.after = std::move(after);
        r.message = std::move(message);
        return r;
    }

    // A store's "no": nothing written, the item becomes `failed` (or stays pending when stale).
    static ApplyResult refusal(QString store, QString message, bool stale = false)
    {
        ApplyResult r;
        r.store = std::move(store);
        r.message = std::move(message);
        r.stale = stale;
        return r;
    }

    // An error met on the way to the target: a Refused one (a path the workspace does not allow, a
    // file that changed under the write) is the store's "no"; any other stops the command.
    static Result<ApplyResult> refusedOr(QString store, const Error& error)
    {
        if (error.kind == ErrorKind::Refused)
            return refusal(std::move(store), error.message);
        return fail(error);
    }
};

} // namespace sediment
