#pragma once

#include "memory/MemoryStore.h"
#include "util/Json.h"

#include <QStringList>

#include <optional>

namespace sediment {

// The pure part of a memory operation: what add/replace/remove/batch do to a list of entries
// and which §2 message they produce. No files, no locks, so every rule is testable in memory;
// MemoryStore supplies the entries read under the lock and writes the outcome.
class MemoryEdit final {
public:
    MemoryEdit(QString target, int limit) : m_target(std::move(target)), m_limit(limit) {}

    struct Outcome {
        bool success = false;
        Json result;         // the §2 result object
        QStringList entries; // the store after the operation (unchanged on failure)
        bool write = false;  // the file must be rewritten with `entries`
    };

    // Checks that need no file (empty content, threat scan), run before the lock is taken as
    // Hermes does. A failure result object, or nullopt when the operation may proceed.
    std::optional<Json> precheck(const MemoryOp& op) const;

    // Applies a prechecked operation to the entries read under the lock.
    Outcome apply(const MemoryOp& op, const QStringList& entries) const;

private:
    Outcome add(const QString& content, const QStringList& entries) const;
    Outcome replace(const QString& oldText, const QString& content,
                    const QStringList& entries) const;
    Outcome remove(const QString& oldText, const QStringList& entries) const;
    Outcome batch(const std::vector<MemoryOp>& operations, const QStringList& entries) const;

    Outcome succeeded(const QStringList& entries, const QString& message, bool write) const;
    static Outcome failed(Json result, const QStringList& entries);

    QString m_target;
    int m_limit;
};

} // namespace sediment
