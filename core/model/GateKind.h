#pragma once

#include "util/WordTable.h"

namespace sediment {

// Which gates judge a proposal after refusal memory: the workspace config's `gate`
// (docs/user-guide.md#configuration), checked by Config and built by GateChain, and the name an
// automatic decision is recorded under (gate:<word>). Its table is in Words.cpp.
enum class GateKind {
    Human,          // every proposal waits for a person
    Score,          // the score alone approves or rejects
    ScoreThenHuman, // the score rejects below the threshold, a person decides the rest
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<GateKind, 3>& wordsOf(GateKind);

} // namespace sediment
