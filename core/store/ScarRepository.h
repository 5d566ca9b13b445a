#pragma once

#include "model/Scar.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Database;

// The scars table and its FTS5 index (kept in step by triggers, see Schema.cpp). Writes run
// inside the caller's transaction so that audit rows commit with them.
class ScarRepository final {
public:
    explicit ScarRepository(Database& db) : m_db(db) {}

    Result<qint64> insert(const Scar& scar);
    Result<std::optional<Scar>> get(qint64 id);

    // What the Scars page and `scars list` filter on; every filter runs in SQL.
    struct Filter {
        QString text;  // full-text, every word must match (the last as a prefix)
        QString scope; // empty or "all": any
        QString kind;  // empty: any
        int minImportance = 0;
        bool includeArchived = false;
    };
    enum class Order { Newest, Importance, Recalls, Title };

    Result<std::vector<qint64>> ids(const Filter& filter, Order order = Order::Newest, int limit = -1);
    Result<qint64> count(const Filter& filter);
    // Rows for a page of ids, in the order given (the lazy table model's row cache).
    Result<std::vector<Scar>> byIds(const std::vector<qint64>& ids);
    // Every matching scar, whole: what a listing prints (the table pages by ids instead).
    Result<std::vector<Scar>> list(const Filter& filter, Order order, int limit = -1);

    // Full-text candidates for recall, best first, with FTS5's bm25 score (lower is better,
    // always negative for a match; equal scores in id order). Archived scars never come back.
    struct Candidate {
        Scar scar;
        double bm25 = 0;
    };
    Result<std::vector<Candidate>> candidates(const QString& text, const QString& scope, int limit);

    Status bumpRecall(const std::vector<qint64>& ids, const QString& at);

    Result<std::vector<Scar>> unrecalledCreatedBefore(const QString& cutoff);
    Status setArchived(qint64 id, bool archived);

    // Learnable, not archived, without a suggestion: most important first, then oldest.
    Result<std::vector<Scar>> awaitingSuggestion(int limit);
    Status setSuggestion(qint64 id, qint64 suggestionId);

    Result<std::vector<QString>> scopes();

    // Turns what a person typed into a safe FTS5 query: words quoted (no operator injection),
    // joined by AND (all words) or OR (any word, for recall); empty when nothing is searchable.
    static QString ftsQuery(const QString& text, bool anyWord, bool lastAsPrefix);
    // The same query for the server's text search (to_tsquery, configuration `simple`).
    static QString tsQuery(const QString& text, bool anyWord, bool lastAsPrefix);

private:
    // How many FTS matches recall ranks per scar it wants before joining them to their rows:
    // enough that a scope holding an eighth of the scars rarely needs the second pass.
    static constexpr int kWindowFactor = 8;

    struct Window {
        std::vector<Candidate> kept; // in (bm25, id) order, at most `limit`
        bool complete = false;       // false: the window may have cut off better kept matches
    };
    Result<Window> rankedWindow(const QString& match, const QString& scope, int limit, int window);

    Database& m_db;
};

} // namespace sediment
