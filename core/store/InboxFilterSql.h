#pragma once

#include "store/Sql.h"

#include "model/InboxQuery.h"
#include "store/InboxReadModel.h"

#include <QString>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace sediment {

// The inbox query language (docs/user-guide.md#the-window) as SQL: a WHERE clause over inbox_items with its parameters in
// binding order (anonymous `?` placeholders), and the ORDER BY of a sort. InboxReadModel runs
// the statements; this class only writes them, so the translation can be read in one place.
class InboxFilterSql final {
public:
    using Param = std::variant<QString, double, qint64>;

    std::string from = "inbox_items"; // the table, with the index to use when SQLite would
                                      // otherwise pick a worse one
    std::string sql = "1 = 1";        // a condition in both dialects (the server wants a boolean)
    std::vector<Param> params;
    Dialect dialect = Dialect::Sqlite;

    // An id range (after, upTo] that the statement is limited to: one window of a scan.
    struct Window {
        qint64 after = 0;
        qint64 upTo = 0;
    };

    // `tableScan` writes the status test as `+status`, which SQLite does not serve from an index.
    // A window is written where it narrows most: inside the free-text subquery when there is
    // one (so that each window reads only its part of the trigram index), else on the row.
    // On a server (Dialect::Postgres) there are no index hints and no trigram index: every word
    // is matched with ILIKE, and a window is always on the row.
    static InboxFilterSql of(const InboxFilter& f, bool tableScan = false, std::optional<Window> window = std::nullopt,
                             Dialect dialect = Dialect::Sqlite);

    // True when every candidate row must be read anyway (free text that the trigram index cannot
    // serve, exclusions) and no index narrows the candidates (`dest:`, `agent:`, `is:stale`, an
    // indexed word): then a window is best read straight from the table by id range, rather
    // than through the status index and one table lookup per entry.
    static bool readsEveryRow(const InboxFilter& f);
    // True when at least one word of the filter is looked up in the trigram index.
    static bool usesTextIndex(const InboxFilter& f);
    // A word the trigram index can find: a run of three characters or more without a LIKE
    // wildcard (the index needs a trigram to look up), and no field separator (U+001F, which
    // joins the fields in the index and must not let a word match across two of them).
    static bool isIndexableWord(const QString& word);

    // A word searched as the query language means it: a substring of the rationale, the payload
    // or the agent, ASCII letters in either case (LIKE's own meaning). The condition takes
    // likePattern(word) three times.
    static constexpr Sql kTextMatch{"rationale LIKE ? ESCAPE '\\' OR op_json LIKE ? "
                                    "ESCAPE '\\' OR COALESCE(agent, '') LIKE ? ESCAPE '\\'",
                                    "rationale ILIKE ? ESCAPE '\\' OR op_json ILIKE ? "
                                    "ESCAPE '\\' OR COALESCE(agent, '') ILIKE ? ESCAPE '\\'"};
    static QString likePattern(const QString& word);
    // The server's trigram index's expression (schema 10): the three searched fields joined by
    // U+001F. A condition must spell it exactly for the planner to use the index.
    static constexpr const char* kJoinedText = "(rationale || chr(31) || op_json || chr(31) || COALESCE(agent, ''))";

    // The ordering expression; NULL-free so that keyset comparisons (rowOf) hold.
    static const char* keySql(InboxReadModel::SortKey key);
    static std::string orderBy(InboxReadModel::Sort sort);

    // One more condition, ANDed; its parameters go to `params` in the same order.
    void add(const std::string& clause) { sql += " AND (" + clause + ")"; }

private:
    void addValues(const char* column, const InboxFilter::Values& values, bool nocase);
    void addProfiles(const InboxFilter::Values& values);
    void addText(const InboxFilter& f, const std::optional<Window>& window);
    // An indexable word that the filter does not mark as too common for the index.
    bool looksUp(const InboxFilter& f, const QString& word) const;
    static bool looksUpInIndex(const InboxFilter& f, const QString& word);
};

} // namespace sediment
