#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>
#include <QString>

namespace sediment {

// The JSON object Claude Code writes on a PreToolUse command hook's stdin (docs/verbs.md#claude-code):
// session_id, transcript_path, cwd, hook_event_name, tool_name, tool_input, tool_use_id (and
// permission_mode in newer versions). Fields it does not need are kept in `raw`.
struct ClaudeHookCall {
    QString sessionId;
    QString transcriptPath;
    QString cwd;
    QString eventName;
    QString toolName;
    QString toolUseId;
    Json toolInput = Json::object();

    // Invalid for what is not the hook's object: not JSON, not an object, no hook_event_name
    // or tool_name string, a tool_input that is not an object.
    static Result<ClaudeHookCall> parse(const QByteArray& bytes);

    // A Write, Edit or MultiEdit before it runs: the calls that may be staged.
    bool isFileWrite() const;
    // tool_input.file_path made absolute against cwd (the tool's own are absolute already);
    // empty when there is none.
    QString filePath() const;
};

} // namespace sediment
