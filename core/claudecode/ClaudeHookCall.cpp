#include "claudecode/ClaudeHookCall.h"

#include <QDir>

namespace sediment {

namespace {

QString optionalText(const Json& doc, const char* key)
{
    const auto it = doc.find(key);
    return it != doc.end() && it->is_string() ? fromStd(it->get<std::string>()) : QString();
}

} // namespace

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
    call.sessionId = optionalText(doc, "session_id");
    call.transcriptPath = optionalText(doc, "transcript_path");
    call.cwd = optionalText(doc, "cwd");
    call.eventName = optionalText(doc, "hook_event_name");
    call.toolName = optionalText(doc, "tool_name");
    call.toolUseId = optionalText(doc, "tool_use_id");
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
    return eventName == QLatin1String("PreToolUse")
           && (toolName == QLatin1String("Write") || toolName == QLatin1String("Edit")
               || toolName == QLatin1String("MultiEdit"));
}

QString ClaudeHookCall::filePath() const
{
    const QString path = optionalText(toolInput, "file_path");
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(cwd + QLatin1Char('/') + path);
}

} // namespace sediment
