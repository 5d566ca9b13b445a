#include "model/DecisionOutcome.h"

namespace sediment {

namespace {

using O = DecisionOutcome;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<DecisionOutcome, 6> kWords("decision outcome"_L1, {{
                                                                          {O::Pending, "pending"_L1},
                                                                          {O::Success, "success"_L1},
                                                                          {O::Partial, "partial"_L1},
                                                                          {O::Failure, "failure"_L1},
                                                                          {O::Noise, "noise"_L1},
                                                                          {O::Superseded, "superseded"_L1},
                                                                      }});

} // namespace

const WordTable<DecisionOutcome, 6>& wordsOf(DecisionOutcome) { return kWords; }

} // namespace sediment
