#include "claudecode/ClaudeCodeHome.h"

#include "claudecode/ClaudeCodeApplier.h"
#include "claudecode/ClaudeCodeOp.h"
#include "claudecode/ClaudeCodeStatus.h"
#include "model/Destination.h"
#include "model/InboxItem.h"
#include "util/JsonField.h"

#include <QDir>

namespace sediment {

namespace {

// The user's home, read per call as before: its files are where Claude Code keeps them.
QString home() { return QDir::homePath(); }

} // namespace

QString ClaudeCodeHome::name() const { return QStringLiteral("claude_code"); }

bool ClaudeCodeHome::speaks(const QString& destination, const Json& op) const
{
    return isWord(destination, Destination::ClaudeMemory)
           || (isWord(destination, Destination::ClaudeMd) && ClaudeCodeOp::isPayload(op));
}

QString ClaudeCodeHome::gist(const QString& destination, const Json& op) const
{
    if (!speaks(destination, op))
        return {};
    const QString path = json::stringAt(op, "file_path");
    const QString head = json::stringAt(op, "tool") + QLatin1Char(' ')
                         + path.mid(path.lastIndexOf(QLatin1Char('/')) + 1) + QStringLiteral(": ");
    if (const auto edits = op.find("edits"); edits != op.end() && edits->is_array())
        return head + QStringLiteral("%1 edits").arg(edits->size());
    return head + json::stringAt(op, op.contains("content") ? "content" : "new_string");
}

std::optional<AgentTarget> ClaudeCodeHome::target(const InboxItem& item) const
{
    const QString file = json::stringAt(item.op, "file_path");
    return AgentTarget{file, file, true, Json::object()};
}

std::optional<Json> ClaudeCodeHome::identity(const QString&, const Json& op) const
{
    return ClaudeCodeOp::identity(op);
}

std::optional<Result<Json>> ClaudeCodeHome::normalise(const QString& destination, const Json& op,
                                                      Sanitizer& sanitizer) const
{
    const ClaudeFileKind kind =
        isWord(destination, Destination::ClaudeMemory) ? ClaudeFileKind::Memory : ClaudeFileKind::Directive;
    return ClaudeCodeOp::normalise(op, kind, home(), sanitizer);
}

Result<ApplyResult> ClaudeCodeHome::apply(Workspace&, const Clock&, const QString&, const QString& destination,
                                          const Json& op, WriteHook* hook) const
{
    return ClaudeCodeApplier(home(), hook).apply(destination, op);
}

Result<bool> ClaudeCodeHome::isStale(Workspace&, const Clock&, const QString&, const QString&, const Json& op) const
{
    return ClaudeCodeApplier(home()).isStale(op);
}

bool ClaudeCodeHome::wrote(const QString& destination, const ApplyResult& applied) const
{
    // Claude Code's files are the only targets recorded by their absolute path.
    return isWord(destination, Destination::ClaudeMemory)
           || (isWord(destination, Destination::ClaudeMd) && applied.targetPath
               && QDir::isAbsolutePath(*applied.targetPath));
}

Result<ApplyResult> ClaudeCodeHome::revert(Workspace&, const ApplyResult& applied, WriteHook* hook) const
{
    return ClaudeCodeApplier(home(), hook).revert(applied);
}

Result<Json> ClaudeCodeHome::status(Workspace& workspace, const Clock& clock) const
{
    return ClaudeCodeStatus(workspace, clock, home()).toJson();
}

} // namespace sediment
