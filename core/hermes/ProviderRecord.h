#pragma once

#include "util/Json.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

// A record a memory provider plugin staged in `pending/memory/` for its own approval flow (the
// Mnemosyne provider: `remember`, `update`, `forget`, `invalidate`, naming its `memory_id`). It
// is no write to MEMORY.md or USER.md: Sediment never imports, applies or deletes it, and lists
// it as left for its plugin rather than as an unusable file (docs/user-guide.md#hermes).
struct ProviderRecord {
    QString id;
    QString fileName;
    QString profile;
    QString action;   // the provider's own verb, e.g. "remember"
    QString memoryId; // the provider's id of the memory it touches; empty for a new one
    QString summary;

    // The record in `bytes` when it is a provider's: a JSON object whose payload's action is a
    // provider verb, or any action but the memory tool's with a `memory_id`.
    static std::optional<ProviderRecord> recognise(const QByteArray& bytes, const QString& fileName);

    Json toJson() const;
    // "pending/memory/ab12.json: provider record (remember 7f3a), left for their plugin"
    QString line(const QString& prefix) const;
};

} // namespace sediment
