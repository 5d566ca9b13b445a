#include "model/GateKind.h"

namespace sediment {

namespace {

using G = GateKind;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<GateKind, 3> kWords("gate"_L1, {{
                                                       {G::Human, "human"_L1},
                                                       {G::Score, "score"_L1},
                                                       {G::ScoreThenHuman, "score-then-human"_L1},
                                                   }});

} // namespace

const WordTable<GateKind, 3>& wordsOf(GateKind) { return kWords; }

} // namespace sediment
