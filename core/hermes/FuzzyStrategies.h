#pragma once

#include "util/PyText.h"

#include <utility>
#include <vector>

namespace sediment::fuzzy {

// The nine matching strategies of Hermes' fuzzy patch matcher, in Hermes' order, each returning
// the spans (code point offsets) it matches; and the Unicode normalisation the unicode strategy
// and the replacement share.
using pytext::U;
using Span = std::pair<std::size_t, std::size_t>;
using Spans = std::vector<Span>;

struct Strategy {
    const char* name;
    Spans (*fn)(const U&, const U&);
};
const std::vector<Strategy>& strategies();

U unicodeNormalize(const U& s);
// For each code point of `original`, its offset in unicodeNormalize(original); one more at the end.
std::vector<std::size_t> origToNormMap(const U& original);

} // namespace sediment::fuzzy
