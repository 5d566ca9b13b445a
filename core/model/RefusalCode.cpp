#include "model/RefusalCode.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using R = RefusalCode;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<RefusalCode, 7> kWords("refusal reason"_L1, {{
                                                                    {R::Duplicate, "duplicate"_L1},
                                                                    {R::Wrong, "wrong"_L1},
                                                                    {R::TooSpecific, "too_specific"_L1},
                                                                    {R::Stale, "stale"_L1},
                                                                    {R::Unsafe, "unsafe"_L1},
                                                                    {R::LowValue, "low_value"_L1},
                                                                    {R::Other, "other"_L1},
                                                                }});

} // namespace

const WordTable<RefusalCode, 7>& wordsOf(RefusalCode) { return kWords; }

} // namespace sediment
