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
}});

} // namespace

QString toString(ClaudeMemoryType type) { return kWords.text(type); }

Result<ClaudeMemoryType> parseClaudeMemoryType(QStringView text) { return kWords.parse(text, "memory type"_L1); }

} // namespace sediment
