#pragma once

#include "model/Scar.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <vector>

namespace sediment {

class Database;

// Recall (docs/user-guide.md#scars): full-text candidates re-ranked by importance and recency, and the anti-forgetting
// bump of what was served.
//
// Similarity: FTS5's bm25() is negative and unbounded (more negative = better). Recall
// over-fetches kOverFetch candidates and maps each to similarity = bm25 / best_bm25, where
// best_bm25 is the most negative score among the candidates. The best textual match therefore
// has similarity 1, the others the fraction of its relevance they reach, all in (0, 1]. The
// mapping is a positive scaling, so it keeps FTS's order and lets the importance and age factors
// decide only between matches of comparable relevance.
//
// score = similarity × (1 + importance/10) × exp(−age_days/365), age from the injected clock
// (a scar dated in the future counts as age 0).
class ScarRecall final {
public:
    static constexpr int kOverFetch = 50;

    struct Hit {
        Scar scar; // as it was before the bump
        double similarity = 0;
        double bm25 = 0;
        double importanceFactor = 0;
        double recencyFactor = 0;
        double ageDays = 0;
        double score = 0;
        int ftsRank = 0; // 1-based position in the full-text order

        Json toJson() const;
        QString why() const; // one line saying what lifted or sank it
    };

    ScarRecall(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

    // The top k; bumps recall_count and last_recalled_at of what it returns (in one transaction)
    // unless bump is false (a preview that must not count as a recall).
    Result<std::vector<Hit>> recall(const QString& query, const QString& scope, int k = 5, bool bump = true);

private:
    Database& m_db;
    const Clock& m_clock;
};

} // namespace sediment
