#pragma once

#include "memory/MemoryStore.h"
#include "util/Json.h"

#include <QStringList>

#include <optional>
#include <variant>

namespace sediment {

// The pure part of a memory operation: what add/replace/remove/batch do to a list of entries
// and which docs/user-guide.md#memory message they produce. No files, no locks, so every rule is testable in memory;
// MemoryStore supplies the entries read under the lock and writes the outcome.
class MemoryEdit final {
public:
    MemoryEdit(QString target, int limit) : m_target(std::move(target)), m_limit(limit) {}

    struct Outcome {
        bool success = false;
        Json result;         // the docs/user-guide.md#memory result object
        QStringList entries; // the store after the operation (unchanged on failure)
        bool write = false;  // the file must be rewritten with `entries`
    };

    // Checks that need no file (empty content, threat scan), run before the lock is taken as
    // Hermes does. A failure result object, or nullopt when the operation may proceed.
    std::optional<Json> precheck(const MemoryOp& op) const;

    // A single replace or remove that names no old_text at all: the tool answers with the
    // store's entries so that the agent can pick one, before any other check.
    static bool lacksOldText(const MemoryOp& op);
    Json missingOldText(const MemoryOp& op, const QStringList& entries) const;

    // Applies an operation to the entries read under the lock (prechecks included).
    Outcome apply(const MemoryOp& op, const QStringList& entries) const;

    // "MEMORY.md" or "USER.md": how Hermes names a store in its messages.
    static QString fileName(const QString& target);
    // Hermes' refusal of a staged write whose pinned entry is gone.
    static QString staleEntryMessage(const QString& entry);

private:
    Outcome add(const QString& content, const QStringList& entries) const;
    Outcome edit(const MemoryOp& op, const QStringList& entries) const;
    Outcome batch(const std::vector<MemoryOp>& operations, const QStringList& entries) const;

    // The index of the entry an edit applies to, or the failure result.
    std::variant<qsizetype, Json> locate(const QStringList& entries, const QString& oldText, const QString& verb,
                                         const std::optional<QString>& matchedEntry) const;

    Outcome succeeded(const QStringList& entries, const QString& message, bool write,
                      const Json& extra = Json::object()) const;
    static Outcome failed(Json result, const QStringList& entries);

    QString m_target;
    int m_limit;
};

} // namespace sediment
