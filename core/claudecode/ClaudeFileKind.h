#pragma once

namespace sediment {

// What a file is to Claude Code (docs/verbs.md#claude-code): its auto memory (an index and topic
// files it writes on its own) or a directive it loads (CLAUDE.md, CLAUDE.local.md, rules). Each
// kind is an inbox destination: claude_memory and claude_md.
enum class ClaudeFileKind {
    Memory,
    Directive,
};

} // namespace sediment
