#include "claudecode/ClaudeHookCall.h"

#include "claudecode/ClaudeCodeTool.h"
#include "util/JsonField.h"

#include <QDir>

namespace sediment {

Result<ClaudeHookCall> ClaudeHookCall::parse(const QByteArray& bytes)
{
    const Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (doc.is_discarded())
        return fail(Error::invalid(QStringLiteral("standard input is not JSON; expected Claude Code's PreToolUse "
                                                  "hook object")));
    if (!doc.is_object())
        return fail(Error::invalid(QStringLiteral("standard input is JSON but not an object; expected Claude Code's "
                                                  "PreToolUse hook object")));
    for (const char* key : {"hook_event_name", "tool_name"})
        if (!doc.contains(key) || !doc[key].is_string())
            return fail(Error::invalid(
                QStringLiteral("standard input has no string '%1'; expected Claude Code's PreToolUse hook object")
                    .arg(QLatin1String(key))));
    ClaudeHookCall call;
    call.sessionId = json::stringAt(doc, "session_id");
    call.transcriptPath = json::stringAt(doc, "transcript_path");
    call.cwd = json::stringAt(doc, "cwd");
    call.eventName = json::stringAt(doc, "hook_event_name");
    call.toolName = json::stringAt(doc, "tool_name");
    call.toolUseId = json::stringAt(doc, "tool_use_id");
    if (const auto it = doc.find("tool_input"); it != doc.end()) {
        if (!it->is_object())
            return fail(Error::invalid(QStringLiteral("tool_input must be an object")));
        call.toolInput = *it;
    }
    if (call.isFileWrite()) {
        if (!call.toolInput.contains("file_path") || !call.toolInput["file_path"].is_string())
            return fail(
                Error::invalid(QStringLiteral("tool_input of %1 has no string 'file_path'").arg(call.toolName)));
        if (!QDir::isAbsolutePath(call.cwd) && !QDir::isAbsolutePath(call.filePath()))
            return fail(Error::invalid(QStringLiteral("cwd must be an absolute path (got '%1')").arg(call.cwd)));
    }
    return call;
}

bool ClaudeHookCall::isFileWrite() const
{
    return eventName == QLatin1String("PreToolUse") && findWord<ClaudeCodeTool>(toolName).has_value();
}

QString ClaudeHookCall::filePath() const
{
    const QString path = json::stringAt(toolInput, "file_path");
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(cwd + QLatin1Char('/') + path);
}

} // namespace sediment
