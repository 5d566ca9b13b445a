#include "model/SkillState.h"

#include "util/WordTable.h"

namespace sediment {

namespace {

using S = SkillState;
using namespace Qt::Literals::StringLiterals;

constexpr WordTable<SkillState, 3> kWords({{
    {S::Active, "active"_L1},
    {S::Stale, "stale"_L1},
    {S::Archived, "archived"_L1},
}});

} // namespace

const QString& toString(SkillState state)
{
    const QStringList& texts = kWords.texts();
    return texts[qsizetype(state)];
}

bool isWord(QStringView text, SkillState state) { return kWords.matches(text, state); }

Result<SkillState> parseSkillState(QStringView text) { return kWords.parse(text, "skill state"_L1); }

const QStringList& skillStateTexts() { return kWords.texts(); }

} // namespace sediment
