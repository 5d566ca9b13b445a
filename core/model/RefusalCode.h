#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace sediment {

// Why a reviewer refused an item. Its spelling is inbox_items.refusal_code, `inbox refuse
// --reason`, the refusal dialog's codes and `R` then a digit (1 to 7, in this order), so the
// table in RefusalCode.cpp is the only place it is written.
enum class RefusalCode {
    Duplicate,   // the memory holds it already
    Wrong,       // not true
    TooSpecific, // will not generalise
    Stale,       // no longer applies
    Unsafe,      // must not be injected into the agent's context
    LowValue,    // not worth the budget
    Other,       // the reviewer's own words say why
};

QString toString(RefusalCode code);
bool isWord(QStringView text, RefusalCode code);
// Exact: an unknown word is an Invalid error naming it.
Result<RefusalCode> parseRefusalCode(QStringView text);
// The seven words in order.
const QStringList& refusalCodeTexts();

} // namespace sediment
