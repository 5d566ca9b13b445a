#include "agent/AgentHome.h"

namespace sediment {

// What an adapter without the step does: nothing of its own, so the domain's way stands.

std::optional<Result<Json>> AgentHome::normalise(const QString&, const Json&, Sanitizer&) const { return std::nullopt; }

std::optional<Result<Json>> AgentHome::checkEdit(const QString&, const Json&) const { return std::nullopt; }

QString AgentHome::gist(const QString&, const Json&) const { return {}; }

std::optional<AgentTarget> AgentHome::target(const InboxItem&) const { return std::nullopt; }

std::optional<Json> AgentHome::identity(const QString&, const Json&) const { return std::nullopt; }

std::optional<AgentPreview> AgentHome::preview(Workspace&, const QString&, const Json&) const { return std::nullopt; }

bool AgentHome::wrote(const QString&, const ApplyResult&) const { return false; }

Result<ApplyResult> AgentHome::revert(Workspace&, const ApplyResult&, WriteHook*) const
{
    return fail(Error::refused(QStringLiteral("%1 does not revert writes").arg(name())));
}

Result<int> AgentHome::importStaged(Workspace&, const Clock&, const QString&) const { return 0; }

Result<std::unique_ptr<AgentClaim>> AgentHome::claim(Workspace&, const Clock&, qint64) const
{
    return std::unique_ptr<AgentClaim>();
}

Status AgentHome::settle(Workspace&, const Clock&, qint64, const QString&) const { return {}; }

Result<int> AgentHome::recover(Workspace&, const Clock&, const QString&) const { return 0; }

} // namespace sediment
