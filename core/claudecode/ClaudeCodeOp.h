#pragma once

#include "claudecode/ClaudeCodeTool.h"
#include "claudecode/ClaudeFileKind.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <expected>
#include <optional>
#include <vector>

namespace sediment {

class Sanitizer;

// One Write, Edit or MultiEdit Claude Code asked for on a watched file, held back for review
// (docs/verbs.md#claude-code). Its op, in destinations claude_memory and claude_md:
//   {"tool":"Write", "file_path", "cwd", "content"}
//   {"tool":"Edit", "file_path", "cwd", "old_string", "new_string", "replace_all"}
//   {"tool":"MultiEdit", "file_path", "cwd", "edits":[{"old_string","new_string","replace_all"}]}
// `cwd` is the session's folder: it says which directives were the session's to write, and where
// the project's settings may move auto memory. It is provenance, not part of the write: the
// content hash and the duplicate check read the op without it (identity()), so that the same
// write from two folders of a project is one item. The "tool" key tells this op from Sediment's
// own claude_md op {path, before, after}.
struct ClaudeCodeOp {
    using Tool = ClaudeCodeTool;
    struct Edit {
        QString oldString;
        QString newString;
        bool replaceAll = false;
    };

    Tool tool = Tool::Write;
    QString filePath; // absolute, as Claude Code gave it
    QString cwd;
    QString content;         // Write
    std::vector<Edit> edits; // Edit: one; MultiEdit: one or more, in order

    // Whether an inbox op is one of these (rather than Sediment's own claude_md op).
    static bool isPayload(const Json& op);

    // Checks an op (from the hook, `propose` or a reviewer's patch) and returns it canonical:
    // known keys only, strings where strings go, an absolute file_path that is a watched file of
    // the destination's kind, bodies sanitised and capped as every file body is
    // (docs/verbs.md#propose).
    static Result<Json> normalise(Json op, ClaudeFileKind kind, const QString& home, Sanitizer& sanitizer);
    // A normalised op as a value (an op that is not one is an Invalid error).
    static Result<ClaudeCodeOp> parse(const Json& op);
    // The op as the same write reads whoever asked for it: without `cwd`.
    static Json identity(Json op);
    Json toJson() const;

    // What the tool would leave in the file that now holds `current` (no value: no file): the
    // new text, or why the edit no longer applies (stale).
    std::expected<QString, QString> applyTo(const std::optional<QString>& current) const;
    // One line for the inbox's list.
    QString summary() const;
};

} // namespace sediment
