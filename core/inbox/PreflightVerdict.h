#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// What approving a pending item would do now (docs/user-guide.md#preflight). Its spelling is the
// `verdict` of `inbox list --json`'s `preflight` object and of the window's column.
enum class PreflightKind {
    Applies,   // it would write its change
    Fails,     // the store or the agent would refuse it, with `message`
    Stale,     // its target changed since it was proposed
    Duplicate, // the same text as an older pending item (`of`)
    Present,   // the store already holds it: approving changes nothing
};

QString toString(PreflightKind kind);
Result<PreflightKind> parsePreflightKind(QStringView text);

struct PreflightVerdict {
    PreflightKind kind = PreflightKind::Applies;
    QString message;
    std::optional<qint64> of; // Duplicate: the older pending item it repeats
    // A near duplicate (the verdict is not changed by it): the most similar other pending item
    // and the similarity (trigram Jaccard, NearDuplicates).
    std::optional<qint64> similarTo;
    double similarity = 0;
    // What the threat scan or the secret scan found in the text it would write (empty: clean).
    // A flag beside the verdict, which it does not change.
    QString unsafe;

    // is:dead (fails or stale), is:dup (duplicate or present), is:ok (applies), is:unsafe.
    bool isDead() const { return kind == PreflightKind::Fails || kind == PreflightKind::Stale; }
    bool isDup() const { return kind == PreflightKind::Duplicate || kind == PreflightKind::Present; }
    bool isOk() const { return kind == PreflightKind::Applies; }
    bool isUnsafe() const { return !unsafe.isEmpty(); }

    Json toJson() const;
};

} // namespace sediment
