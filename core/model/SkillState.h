#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sediment {

// Where a skill stands with the curator (skills.state, `skills list --state`, the Skills page's
// filter, the curator's transitions). Its table in Words.cpp is the only place it is spelt.
enum class SkillState {
    Active,   // in use, or not yet idle long enough
    Stale,    // idle past the stale threshold
    Archived, // moved to skills/.archive/
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<SkillState, 3>& wordsOf(SkillState);

} // namespace sediment
