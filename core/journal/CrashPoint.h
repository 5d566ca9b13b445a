#pragma once

#include <string_view>

namespace sediment {

// Named points of the journal's three steps where a test can make the process die as a
// `kill -9` would: SEDIMENT_CRASH_AT=after-journal (the row is committed, the file untouched),
// after-write (the file holds the new bytes, the outcome is not committed), after-commit (all
// done, nothing reported yet) or mid-batch (a skill batch has written part of its operations).
// The crash harness (tests/crash/) uses them to reach each window on purpose, beside its kills
// at random moments. Unset, a point costs one comparison.
class CrashPoint final {
public:
    static void reach(std::string_view name);
};

} // namespace sediment
