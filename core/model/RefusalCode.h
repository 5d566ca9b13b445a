#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sediment {

// Why a reviewer refused an item. Its spelling is inbox_items.refusal_code, `inbox refuse
// --reason`, the refusal dialog's codes and `R` then a digit (1 to 7, in this order), so the
// table in Words.cpp is the only place it is written.
enum class RefusalCode {
    Duplicate,   // the memory holds it already
    Wrong,       // not true
    TooSpecific, // will not generalise
    Stale,       // no longer applies
    Unsafe,      // must not be injected into the agent's context
    LowValue,    // not worth the budget
    Other,       // the reviewer's own words say why
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<RefusalCode, 7>& wordsOf(RefusalCode);

} // namespace sediment
