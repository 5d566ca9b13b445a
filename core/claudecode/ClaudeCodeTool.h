#pragma once

#include "util/WordTable.h"

namespace sediment {

// The Claude Code tools whose file writes Sediment holds back for review, under the names its
// hooks give them in `tool_name` (docs/verbs.md#claude-code); one table spells them.
enum class ClaudeCodeTool {
    Write,
    Edit,
    MultiEdit,
};

// Its table, which toString, findWord and the others in util/WordTable.h read.
const WordTable<ClaudeCodeTool, 3>& wordsOf(ClaudeCodeTool);

} // namespace sediment
