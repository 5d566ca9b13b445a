#pragma once

#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// One row of the append-only audit log (docs/user-guide.md#audit). Actors: `human:<name>`, `gate:score`, `curator`,
// `agent:<name>`, `cli:<user>`.
struct AuditEntry {
    qint64 seq = 0;
    QString at;
    QString actor;
    QString action;
    QString subjectType;
    QString subjectId;
    std::optional<QString> reason;
    std::optional<QString> before;
    std::optional<QString> after;
    Json details = Json::object();
    QString prevHash;
    QString hash;

    Json toJson() const; // the docs/user-guide.md#audit field names
};

} // namespace sediment
