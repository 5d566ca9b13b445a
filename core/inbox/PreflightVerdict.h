#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>
#include <tuple>
#include <vector>

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
    // The pending items aimed at the same target (InboxGroup), this one among them, oldest
    // first, and that target for a reader; empty when it is the only one.
    std::vector<qint64> group;
    QString groupTarget;

    // is:dead (fails or stale), is:dup (duplicate or present), is:ok (applies), is:unsafe.
    bool isDead() const { return kind == PreflightKind::Fails || kind == PreflightKind::Stale; }
    bool isDup() const { return kind == PreflightKind::Duplicate || kind == PreflightKind::Present; }
    bool isOk() const { return kind == PreflightKind::Applies; }
    bool isUnsafe() const { return !unsafe.isEmpty(); }

    Json toJson() const;

    // Where group:target lists item `id`: the largest group first, groups in the order of their
    // oldest item, each group's items oldest first. Compare ranks with <.
    std::tuple<qsizetype, qint64, qsizetype> groupRank(qint64 id) const;
};

} // namespace sediment
