#include "inbox/NearDuplicates.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace sediment {

namespace {

using Set = std::vector<quint32>; // trigram hashes, sorted by the bucket's order (rarest first)

Set trigrams(const QString& text)
{
    Set out;
    if (text.size() < 3)
        return out;
    out.reserve(size_t(text.size()) - 2);
    for (qsizetype i = 0; i + 3 <= text.size(); ++i)
        out.push_back(quint32(qHash(QStringView(text).mid(i, 3))));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// |A ∩ B| of two sets sorted by the same order.
size_t overlap(const Set& a, const Set& b, const std::unordered_map<quint32, quint32>& rank)
{
    size_t i = 0, j = 0, n = 0;
    while (i < a.size() && j < b.size()) {
        const quint32 ra = rank.at(a[i]), rb = rank.at(b[j]);
        if (ra == rb) {
            ++n;
            ++i;
            ++j;
        } else if (ra < rb) {
            ++i;
        } else {
            ++j;
        }
    }
    return n;
}

size_t prefixLength(size_t size)
{
    return size - size_t(std::ceil(NearDuplicates::kThreshold * double(size) - 1e-9)) + 1;
}

void offer(std::map<qint64, NearDuplicates::Match>& out, qint64 id, qint64 other, double similarity)
{
    auto it = out.find(id);
    if (it == out.end() || similarity > it->second.similarity
        || (similarity == it->second.similarity && other < it->second.other))
        out[id] = {other, similarity};
}

void findInBucket(const std::vector<const NearDuplicates::Text*>& texts, std::map<qint64, NearDuplicates::Match>& out)
{
    std::vector<Set> sets;
    sets.reserve(texts.size());
    std::unordered_map<quint32, quint32> frequency;
    for (const auto* t : texts) {
        sets.push_back(trigrams(t->text));
        for (quint32 g : sets.back())
            ++frequency[g];
    }
    // Rarest first: the prefixes then hold the trigrams that tell texts apart.
    std::vector<std::pair<quint32, quint32>> byCount;
    byCount.reserve(frequency.size());
    for (const auto& [g, n] : frequency)
        byCount.push_back({n, g});
    std::sort(byCount.begin(), byCount.end());
    std::unordered_map<quint32, quint32> rank;
    rank.reserve(byCount.size());
    for (quint32 r = 0; r < byCount.size(); ++r)
        rank[byCount[r].second] = r;
    for (Set& s : sets)
        std::sort(s.begin(), s.end(), [&](quint32 a, quint32 b) { return rank.at(a) < rank.at(b); });

    // Smallest first, so every candidate already indexed is no larger than the probe.
    std::vector<size_t> order(sets.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sets[a].size() < sets[b].size(); });
    std::unordered_map<quint32, std::vector<size_t>> index;
    std::vector<size_t> seenAt(sets.size(), size_t(-1));
    for (size_t k = 0; k < order.size(); ++k) {
        const size_t probe = order[k];
        const Set& s = sets[probe];
        if (s.empty())
            continue;
        const size_t prefix = prefixLength(s.size());
        const double minSize = NearDuplicates::kThreshold * double(s.size());
        for (size_t p = 0; p < prefix && p < s.size(); ++p) {
            auto hit = index.find(s[p]);
            if (hit == index.end())
                continue;
            for (size_t cand : hit->second) {
                if (seenAt[cand] == probe || double(sets[cand].size()) < minSize - 1e-9)
                    continue;
                seenAt[cand] = probe;
                const size_t both = overlap(s, sets[cand], rank);
                const double jaccard = double(both) / double(s.size() + sets[cand].size() - both);
                if (jaccard + 1e-9 >= NearDuplicates::kThreshold) {
                    offer(out, texts[probe]->id, texts[cand]->id, jaccard);
                    offer(out, texts[cand]->id, texts[probe]->id, jaccard);
                }
            }
        }
        for (size_t p = 0; p < prefix && p < s.size(); ++p)
            index[s[p]].push_back(probe);
    }
}

} // namespace

std::map<qint64, NearDuplicates::Match> NearDuplicates::find(const std::vector<Text>& texts)
{
    std::map<QString, std::vector<const Text*>> buckets;
    for (const Text& t : texts)
        buckets[t.bucket].push_back(&t);
    std::map<qint64, Match> out;
    for (const auto& [bucket, members] : buckets)
        findInBucket(members, out);
    return out;
}

} // namespace sediment
