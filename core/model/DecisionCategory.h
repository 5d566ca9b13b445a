#pragma once

#include "util/WordTable.h"

namespace sediment {

// What a decision was about, as an imported record and decisions.category spell it. Calibration
// counts each category by its place in this order, so a new one goes at the end.
enum class DecisionCategory {
    Architecture,
    Process,
    Tooling,
    Security,
    Integration,
};

// How much rode on a decision, from low to critical, as decisions.stakes spells it.
enum class DecisionStakes {
    Low,
    Medium,
    High,
    Critical,
};

// Their tables, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<DecisionCategory, 5>& wordsOf(DecisionCategory);
const WordTable<DecisionStakes, 4>& wordsOf(DecisionStakes);

} // namespace sediment
