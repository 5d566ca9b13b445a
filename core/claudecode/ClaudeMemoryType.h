#pragma once

#include "util/WordTable.h"

#include <QString>
#include <QStringView>

namespace sediment {

// The kind of a Claude Code auto-memory topic file, the `type` of its front matter
// (docs/user-guide.md#claude-code). Claude Code writes these four words; one table spells them.
enum class ClaudeMemoryType {
    User,
    Feedback,
    Project,
    Reference,
};

// Its table, which toString, isWord, parseWord and the others in util/WordTable.h read.
const WordTable<ClaudeMemoryType, 4>& wordsOf(ClaudeMemoryType);

} // namespace sediment
