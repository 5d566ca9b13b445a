#pragma once

#include "model/ScarKind.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// A lesson learned the hard way (a failure) or a pattern worth repeating (a victory): docs/user-guide.md#scars.
// `lesson` is what prevents a repeat, or what to reproduce.
struct Scar {
    qint64 id = 0;
    QString kind = toString(ScarKind::Failure); // a ScarKind word
    QString title;
    QString context;
    QString lesson;
    int importance = 5; // 0..10
    bool learnable = true;
    std::optional<QString> source;
    QString scope = QStringLiteral("general");
    QString createdAt;
    int recallCount = 0;
    std::optional<QString> lastRecalledAt;
    bool archived = false;
    std::optional<qint64> suggestionId;

    Json toJson() const;

    static bool isKnownKind(const QString& kind);
    // Checks what a caller supplied (kind, non-empty title, importance range) before storing.
    Status validate() const;
};

} // namespace sediment
