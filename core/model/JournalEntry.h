#pragma once

#include "util/Json.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

// One row of the decision journal: a file write announced before it happens. `expected` is
// what the target held when the decision was taken and `written` what it is about to hold; no
// value means "no file" (a new note before, a removed note after). `outcome` is what to commit
// once the bytes are on disk: the audit row, and for an inbox decision the item's new state.
struct JournalEntry {
    enum class State { Open, NeedsAttention };

    qint64 id = 0;
    State state = State::Open;
    QString subjectType; // "inbox_item" or "memory"
    QString subjectId;
    std::optional<qint64> itemId;
    QString targetPath; // absolute
    std::optional<QByteArray> expected;
    std::optional<QByteArray> written;
    Json outcome = Json::object();
    std::optional<QString> foundHash; // set when settling found neither
    QString createdAt;

    // SHA-256 hex of the bytes, or no value for "no file".
    static std::optional<QString> hashOf(const std::optional<QByteArray>& bytes);
    // Whether a file holding `onDisk` (no value: absent) holds `bytes`. An absent file and an
    // empty one count as the same: a memory store that was never written reads as empty.
    static bool holds(const std::optional<QByteArray>& onDisk, const std::optional<QByteArray>& bytes);
};

} // namespace sediment
