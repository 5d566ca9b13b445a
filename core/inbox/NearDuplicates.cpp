#include "inbox/NearDuplicates.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace sediment {

namespace {

using Set = std::vector<quint32>; // trigram hashes; after ranking, dense ranks in ascending order

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

// |A ∩ B| of two sets of ranks, both ascending.
size_t overlap(const Set& a, const Set& b)
{
    size_t i = 0, j = 0, n = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] == b[j]) {
            ++n;
            ++i;
            ++j;
        } else if (a[i] < b[j]) {
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

// The part of a set that goes into the index: shorter than the probing prefix because every
// later probe is at least as large (AllPairs' indexing prefix): two sets x, y with |x| >= |y|
// reaching the threshold t share at least 2t/(1+t) |y| trigrams.
size_t indexPrefixLength(size_t size)
{
    constexpr double t = NearDuplicates::kThreshold;
    return size - size_t(std::ceil(2 * t / (1 + t) * double(size) - 1e-9)) + 1;
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
    // Rarest first: the prefixes then hold the trigrams that tell texts apart. Each trigram is
    // replaced by its rank once, so that the sets compare as plain ascending integers.
    std::vector<std::pair<quint32, quint32>> byCount;
    byCount.reserve(frequency.size());
    for (const auto& [g, n] : frequency)
        byCount.push_back({n, g});
    std::sort(byCount.begin(), byCount.end());
    std::unordered_map<quint32, quint32> rank;
    rank.reserve(byCount.size());
    for (quint32 r = 0; r < byCount.size(); ++r)
        rank[byCount[r].second] = r;
    for (Set& s : sets) {
        for (quint32& g : s)
            g = rank[g];
        std::sort(s.begin(), s.end());
    }

    // Smallest first, so every candidate already indexed is no larger than the probe.
    std::vector<size_t> order(sets.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sets[a].size() < sets[b].size(); });
    std::vector<std::vector<size_t>> index(byCount.size());
    std::vector<size_t> seenAt(sets.size(), size_t(-1));
    for (const size_t probe : order) {
        const Set& s = sets[probe];
        if (s.empty())
            continue;
        const size_t prefix = std::min(prefixLength(s.size()), s.size());
        const double minSize = NearDuplicates::kThreshold * double(s.size());
        for (size_t p = 0; p < prefix; ++p) {
            for (size_t cand : index[s[p]]) {
                if (seenAt[cand] == probe || double(sets[cand].size()) < minSize - 1e-9)
                    continue;
                seenAt[cand] = probe;
                const size_t both = overlap(s, sets[cand]);
                const double jaccard = double(both) / double(s.size() + sets[cand].size() - both);
                if (jaccard + 1e-9 >= NearDuplicates::kThreshold) {
                    offer(out, texts[probe]->id, texts[cand]->id, jaccard);
                    offer(out, texts[cand]->id, texts[probe]->id, jaccard);
                }
            }
        }
        const size_t indexed = std::min(indexPrefixLength(s.size()), s.size());
        for (size_t p = 0; p < indexed; ++p)
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
