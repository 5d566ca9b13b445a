#pragma once

#include "util/WordTable.h"

namespace sediment {

// What came of a decision (docs/user-guide.md#decisions). Its spelling is decisions.outcome, the
// `outcome` of an imported record and of `decisions list --json`, the review verb's and the
// Decisions page's words, so its table in Words.cpp is the only place it is written.
// Listed in the order lists and errors show them; Calibration reads them by that order too.
enum class DecisionOutcome {
    Pending,    // not reviewed yet
    Success,    // it worked out
    Partial,    // it half did
    Failure,    // it did not
    Noise,      // nothing to learn from it: left out of calibration
    Superseded, // replaced by a later decision: left out as well
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<DecisionOutcome, 6>& wordsOf(DecisionOutcome);

} // namespace sediment
