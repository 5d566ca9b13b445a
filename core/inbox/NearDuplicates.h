#pragma once

#include <QString>

#include <map>
#include <vector>

namespace sediment {

// Near duplicates among pending items (docs/user-guide.md#preflight): two normalised texts (SameText) of the same
// destination and profile are near duplicates when the Jaccard similarity of their character
// trigram sets is at least 0.8 (|A ∩ B| / |A ∪ B|). Texts shorter than three characters have no
// trigrams and are never near anything.
//
// Found with prefix filtering rather than by comparing every pair: with the trigrams of every
// text ordered rarest first, two sets that reach the threshold share at least one trigram among
// the first |A| - ceil(0.8 |A|) + 1 of each, so only texts meeting in those prefixes are compared.
class NearDuplicates final {
public:
    static constexpr double kThreshold = 0.8;

    struct Text {
        qint64 id = 0;
        QString bucket; // destination and profile: only texts of one bucket are compared
        QString text;   // normalised
    };
    struct Match {
        qint64 other = 0;
        double similarity = 0;
    };

    // For each text with a near duplicate: its most similar other (the older, lower id, on a tie).
    static std::map<qint64, Match> find(const std::vector<Text>& texts);
};

} // namespace sediment
