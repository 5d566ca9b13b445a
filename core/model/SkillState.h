#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sediment {

// Where a skill stands with the curator (skills.state, `skills list --state`, the Skills page's
// filter, the curator's transitions). The table in SkillState.cpp is the only place it is spelt.
enum class SkillState {
    Active,   // in use, or not yet idle long enough
    Stale,    // idle past the stale threshold
    Archived, // moved to skills/.archive/
};

// One shared QString per state: the rows of a large skills table hold it without a copy each.
const QString& toString(SkillState state);
bool isWord(QStringView text, SkillState state);
// Exact: an unknown word is an Invalid error naming it.
Result<SkillState> parseSkillState(QStringView text);
// The three words in order.
const QStringList& skillStateTexts();

} // namespace sediment
