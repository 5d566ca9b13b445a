#include "scars/ScarRecall.h"

#include "store/Database.h"
#include "store/ScarRepository.h"
#include "util/Time.h"

#include <algorithm>
#include <cmath>

namespace sediment {

Json ScarRecall::Hit::toJson() const
{
    Json j = scar.toJson();
    j["similarity"] = similarity;
    j["importance_factor"] = importanceFactor;
    j["recency_factor"] = recencyFactor;
    j["age_days"] = ageDays;
    j["score"] = score;
    j["fts_rank"] = ftsRank;
    j["why"] = toStd(why());
    return j;
}

QString ScarRecall::Hit::why() const
{
    return QStringLiteral("text match #%1 (similarity %2) × importance %3 (×%4) × age %5 days (×%6)")
        .arg(ftsRank)
        .arg(similarity, 0, 'f', 3)
        .arg(scar.importance)
        .arg(importanceFactor, 0, 'f', 2)
        .arg(ageDays, 0, 'f', 0)
        .arg(recencyFactor, 0, 'f', 3);
}

Result<std::vector<ScarRecall::Hit>> ScarRecall::recall(const QString& query, const QString& scope, int k, bool bump)
{
    if (k < 1)
        return fail(Error::invalid(QStringLiteral("k must be at least 1 (got %1)").arg(k)));
    if (ScarRepository::ftsQuery(query, true, false).isEmpty())
        return fail(Error::invalid(QStringLiteral("the recall query has no searchable word")));
    ScarRepository repo(m_db);
    auto found = repo.candidates(query, scope, std::max(kOverFetch, k));
    if (!found)
        return fail(found.error());
    std::vector<Hit> hits;
    if (found->empty())
        return hits;

    const QDateTime now = m_clock.now();
    double best = 0;
    for (const auto& c : *found)
        best = std::min(best, c.bm25);
    int position = 0;
    for (auto& c : *found) {
        Hit h;
        h.ftsRank = ++position;
        h.bm25 = c.bm25;
        // best < 0 whenever anything matched; guard anyway so a degenerate index gives 1, not NaN.
        h.similarity = best < 0 ? std::clamp(c.bm25 / best, 0.0, 1.0) : 1.0;
        h.importanceFactor = 1.0 + c.scar.importance / 10.0;
        const auto created = time::parseIso(c.scar.createdAt);
        const double ageMs = created ? double(created->msecsTo(now)) : 0.0;
        h.ageDays = std::max(0.0, ageMs / 86'400'000.0);
        h.recencyFactor = std::exp(-h.ageDays / 365.0);
        h.score = h.similarity * h.importanceFactor * h.recencyFactor;
        h.scar = std::move(c.scar);
        hits.push_back(std::move(h));
    }
    // Stable: equal scores keep the full-text order.
    std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.score > b.score; });
    if (int(hits.size()) > k)
        hits.resize(size_t(k));

    if (bump) {
        std::vector<qint64> served;
        for (const Hit& h : hits)
            served.push_back(h.scar.id);
        auto tx = m_db.begin();
        if (!tx)
            return fail(tx.error());
        if (auto s = repo.bumpRecall(served, time::toIso(now)); !s)
            return fail(s.error());
        if (auto s = tx->commit(); !s)
            return fail(s.error());
    }
    return hits;
}

} // namespace sediment
