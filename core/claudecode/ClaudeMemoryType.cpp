#include "claudecode/ClaudeMemoryType.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using T = ClaudeMemoryType;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<ClaudeMemoryType, 4> kWords({{
                                                    {T::User, "user"_L1},
                                                    {T::Feedback, "feedback"_L1},
                                                    {T::Project, "project"_L1},
                                                    {T::Reference, "reference"_L1},
                                                }},
                                                "memory type"_L1);

} // namespace

const WordTable<ClaudeMemoryType, 4>& wordsOf(ClaudeMemoryType) { return kWords; }

} // namespace sediment
