#pragma once

#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <string>

namespace sediment {

// The result objects of docs/user-guide.md#memory, field for field and in Hermes' order, since `memory apply` prints
// them as a drop-in for the agent's own memory tool.
class MemoryResponse final {
public:
    // {"success":true,"done":true,"target","usage","entry_count"[,"message"][,extra...],"note"}:
    // a finished write, without the entries (Hermes leaves them out so that the agent does not
    // go looking for more to change). `extra` holds replaced_entry / removed_entry and the like.
    static Json success(const QString& target, const QStringList& entries, int limit, const QString& message = {},
                        const Json& extra = Json::object());
    // {"success":true,"target","entries","usage","entry_count"}: the store as `memory show`
    // lists it.
    static Json listing(const QString& target, const QStringList& entries, int limit);
    // {"success":false,"error"}
    static Json failure(const QString& error);
    // failure plus "current_entries" and "usage" ("{current}/{limit}"), for budget refusals.
    static Json failureWithEntries(const QString& error, const QStringList& entries, int limit);
    // failure plus "usage" only: a refused batch, whose caller already holds the entries.
    static Json failureWithUsage(const QString& error, const QStringList& entries, int limit);
    // {"error","success":false}: a request the tool refuses before it looks at the store, in
    // the shape of Hermes' tool_error (the error text capped as Hermes caps it).
    static Json toolError(const QString& error);
    // An error text cut as Hermes cuts the ones it returns to the agent.
    static QString boundError(const QString& error);

    static int usage(const QStringList& entries);      // code points of the joined text
    static int percent(int current, int limit);        // int(current/limit*100), capped
    static QString usageText(int current, int limit);  // "28% — 638/2,200 chars"
    static QString budgetText(int current, int limit); // "638/2,200"
    static Json toJsonArray(const QStringList& entries);

    // The text Python's json.dumps prints for `value`: with ensure_ascii=False (`asciiOnly`
    // false, the tool's results) or with its default escaping of every non-ASCII character.
    static std::string print(const Json& value, bool asciiOnly = false);
};

} // namespace sediment
