#pragma once

#include "util/WordTable.h"

namespace sediment {

// Whether a scar tells of a failure or of a win, as scars.kind, `scars add --kind` and the Scars
// page's filter spell it.
enum class ScarKind {
    Failure,
    Victory,
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<ScarKind, 2>& wordsOf(ScarKind);

} // namespace sediment
