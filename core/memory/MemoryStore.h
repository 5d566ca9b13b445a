#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace sediment {

// One operation on a bounded store (docs/user-guide.md#memory): add | replace | remove, or batch (Hermes' batch shape:
// all operations or none, the budget checked on the final state only).
struct MemoryOp {
    QString action;
    std::optional<QString> content;
    std::optional<QString> oldText;
    std::vector<MemoryOp> operations; // batch only
    // The whole entry a staged replace/remove was reviewed against: the write applies to that
    // entry only, and is refused once it is no longer in the store verbatim.
    std::optional<QString> matchedEntry;
    // In a batch, `content` came from the `new_text` alias, which Hermes does not scan up front.
    bool contentFromAlias = false;

    bool isDestructive() const; // replace or remove
    // What the op does, step by step: a batch's operations, or the op itself.
    std::span<const MemoryOp> steps() const;
    Json toJson() const;
};

// What an operation did. `result` is exactly the docs/user-guide.md#memory result object (success or failure), the one
// `sediment memory apply` prints. `changed` says whether the file was written.
struct MemoryOutcome {
    bool success = false;
    Json result;
    bool changed = false;
    QString message;    // the success message, or the error text on failure
    QString fileBefore; // the file's bytes (UTF-8) before the operation
    QString fileAfter;  // and after; equal to fileBefore when nothing was written
};

// A bounded, file-backed store byte-compatible with Hermes' memory tool: MEMORY.md or USER.md.
// Every change takes the Hermes-compatible flock on the sidecar `.lock`, re-reads the file under
// it and writes atomically.
class MemoryStore final {
public:
    MemoryStore(QString target, QString filePath, int charLimit);

    const QString& target() const { return m_target; }
    const QString& filePath() const { return m_filePath; }
    int charLimit() const { return m_limit; }

    // Applies an operation (add/replace/remove/batch). Refusals (empty content, threat, no match,
    // over budget) are a failure outcome, not an Error; an Error is an I/O failure.
    Result<MemoryOutcome> apply(const MemoryOp& op) const;
    // The same, calling `beforeWrite` under the lock once the new contents are known and before
    // the file is replaced: the caller records its audit row there, inside its own transaction,
    // so an error from it (or from the write) leaves both the file and the log unchanged.
    using BeforeWrite = std::function<Status(const MemoryOutcome&)>;
    Result<MemoryOutcome> apply(const MemoryOp& op, const BeforeWrite& beforeWrite) const;
    // The same, calling `afterReplace` under the lock once the new contents are synced and
    // renamed into place but before the folder is synced: the caller commits its transaction
    // there. Its durable commit then shares the filesystem's journal commit with the rename (one
    // flush instead of two), and the folder sync that follows finds little left to do. If it
    // fails, the previous contents are put back, so the file never holds a change whose audit
    // row was not committed.
    using AfterReplace = std::function<Status()>;
    Result<MemoryOutcome> apply(const MemoryOp& op, const BeforeWrite& beforeWrite,
                                const AfterReplace& afterReplace) const;

    // The entries as the reading rules of docs/user-guide.md#memory give them.
    Result<QStringList> entries() const;
    // A success result object listing the store, as `memory show --json` prints it.
    Result<Json> show() const;
    // The frozen snapshot block; empty for an empty store. An entry that matches the threat
    // scan is shown as Hermes' "[BLOCKED: ...]" placeholder instead (it stays in the file).
    Result<QString> snapshot() const;
    // The placeholder the snapshot shows for an entry, or the entry itself when it is clean.
    static QString snapshotEntry(const QString& entry, const QString& fileName);

    // Usage in code points of the joined entries.
    static int usage(const QStringList& entries);
    // "28% — 638/2,200 chars"
    static QString usageText(int current, int limit);

    // Writes the file back to exactly `contents` under the lock if it currently holds `expected`
    // (revert of an applied item). When entries changed since, the item's own change is undone on
    // them instead (undoneOn), if what it wrote is still there; otherwise a Refused error
    // "target changed since; revert by hand".
    // `beforeWrite` is called as in apply(), under the lock, before the file is replaced.
    Result<MemoryOutcome> restore(const QString& expected, const QString& contents,
                                  const BeforeWrite& beforeWrite = {}) const;

private:
    // `current` with the change from `before` to `after` undone entry by entry.
    Result<QString> undoneOn(const QString& current, const QString& after, const QString& before) const;
    // Hermes' refusal of a write to a file that exists but cannot be read.
    QString readFailedMessage() const;
    // Saves `text` beside the file as `<file>.bak.<unix seconds>` and returns Hermes' refusal
    // of a file that would not round-trip.
    Json driftRefusal(const QString& text) const;

    QString m_target;
    QString m_filePath;
    int m_limit;
};

} // namespace sediment
