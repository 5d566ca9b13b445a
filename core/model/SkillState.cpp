#include "model/SkillState.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using S = SkillState;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<SkillState, 3> kWords("skill state"_L1, {{
                                                                {S::Active, "active"_L1},
                                                                {S::Stale, "stale"_L1},
                                                                {S::Archived, "archived"_L1},
                                                            }});

} // namespace

const WordTable<SkillState, 3>& wordsOf(SkillState) { return kWords; }

} // namespace sediment
