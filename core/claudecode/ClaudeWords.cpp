// The words Claude Code itself writes and Sediment reads back: the type of a memory topic file
// and the tools whose writes the hook holds back. Spelt as Claude Code spells them.
#include "claudecode/ClaudeCodeTool.h"
#include "claudecode/ClaudeMemoryType.h"

namespace sediment {

namespace {

using namespace Qt::Literals::StringLiterals;

constexpr WordTable<ClaudeMemoryType, 4> kMemoryType({{
                                                         {ClaudeMemoryType::User, "user"_L1},
                                                         {ClaudeMemoryType::Feedback, "feedback"_L1},
                                                         {ClaudeMemoryType::Project, "project"_L1},
                                                         {ClaudeMemoryType::Reference, "reference"_L1},
                                                     }},
                                                     "memory type"_L1);

constexpr WordTable<ClaudeCodeTool, 3> kTool({{
                                                 {ClaudeCodeTool::Write, "Write"_L1},
                                                 {ClaudeCodeTool::Edit, "Edit"_L1},
                                                 {ClaudeCodeTool::MultiEdit, "MultiEdit"_L1},
                                             }},
                                             "tool"_L1);

} // namespace

const WordTable<ClaudeMemoryType, 4>& wordsOf(ClaudeMemoryType) { return kMemoryType; }

const WordTable<ClaudeCodeTool, 3>& wordsOf(ClaudeCodeTool) { return kTool; }

} // namespace sediment
