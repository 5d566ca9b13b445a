#pragma once

#include "inbox/InboxQuery.h"
#include "store/InboxReadModel.h"

#include <QString>

#include <string>
#include <variant>
#include <vector>

namespace sediment {

// The inbox query language (§10) as SQL: a WHERE clause over inbox_items with its parameters in
// binding order (anonymous `?` placeholders), and the ORDER BY of a sort. InboxReadModel runs
// the statements; this class only writes them, so the translation can be read in one place.
class InboxFilterSql final {
public:
    using Param = std::variant<QString, double, qint64>;

    std::string sql = "1";
    std::vector<Param> params;

    // `tableScan` writes the status test as `+status`, which SQLite does not serve from an index.
    static InboxFilterSql of(const InboxFilter& f, bool tableScan = false);

    // True when every candidate row must be read anyway (agent, score, free text, exclusions)
    // and no index narrows the candidates (`dest:` or `is:stale`): then a window is best read
    // straight from the table by id range, rather than through the status index and one table
    // lookup per entry.
    static bool readsEveryRow(const InboxFilter& f);

    // The ordering expression; NULL-free so that keyset comparisons (rowOf) hold.
    static const char* keySql(InboxReadModel::SortKey key);
    static std::string orderBy(InboxReadModel::Sort sort);

    // One more condition, ANDed; its parameters go to `params` in the same order.
    void add(const std::string& clause) { sql += " AND (" + clause + ")"; }

private:
    void addValues(const char* column, const InboxFilter::Values& values, bool nocase);
};

} // namespace sediment
