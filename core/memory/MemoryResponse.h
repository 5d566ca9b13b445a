#pragma once

#include "util/Json.h"

#include <QString>
#include <QStringList>

namespace sediment {

// The result objects of §2, field for field and in Hermes' order, since `memory apply` prints
// them as a drop-in for the agent's own memory tool.
class MemoryResponse final {
public:
    // {"success":true,"target","entries","usage","entry_count"[,"message"]}
    static Json success(const QString& target, const QStringList& entries, int limit,
                        const QString& message = {});
    // {"success":false,"error"}
    static Json failure(const QString& error);
    // failure plus "current_entries" and "usage" ("{current}/{limit}"), for budget refusals.
    static Json failureWithEntries(const QString& error, const QStringList& entries, int limit);

    static int usage(const QStringList& entries);              // code points of the joined text
    static int percent(int current, int limit);                // int(current/limit*100), capped
    static QString usageText(int current, int limit);          // "28% — 638/2,200 chars"
    static QString budgetText(int current, int limit);         // "638/2,200"
    static Json toJsonArray(const QStringList& entries);
};

} // namespace sediment
