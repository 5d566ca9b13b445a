#include "model/DecisionCategory.h"

namespace sediment {

namespace {

using C = DecisionCategory;
using S = DecisionStakes;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<DecisionCategory, 5> kCategories("decision category"_L1, {{
    {C::Architecture, "architecture"_L1},
    {C::Process, "process"_L1},
    {C::Tooling, "tooling"_L1},
    {C::Security, "security"_L1},
    {C::Integration, "integration"_L1},
}});

constexpr WordTable<DecisionStakes, 4> kStakes("stakes"_L1, {{
    {S::Low, "low"_L1},
    {S::Medium, "medium"_L1},
    {S::High, "high"_L1},
    {S::Critical, "critical"_L1},
}});

} // namespace

const WordTable<DecisionCategory, 5>& wordsOf(DecisionCategory) { return kCategories; }

const WordTable<DecisionStakes, 4>& wordsOf(DecisionStakes) { return kStakes; }

} // namespace sediment
