#include "model/ScarKind.h"

namespace sediment {

namespace {

using namespace Qt::Literals::StringLiterals;

constexpr WordTable<ScarKind, 2> kWords("scar kind"_L1, {{
    {ScarKind::Failure, "failure"_L1},
    {ScarKind::Victory, "victory"_L1},
}});

} // namespace

const WordTable<ScarKind, 2>& wordsOf(ScarKind) { return kWords; }

} // namespace sediment
