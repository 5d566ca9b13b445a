#pragma once

#include "agent/AgentHome.h"

namespace sediment {

// The Hermes agent's home behind the agent port (AgentHome, docs/architecture.md#agent-homes):
// its staged skill writes are skill_manage payloads, applied by SkillManage exactly as Hermes
// replays them and previewed by the same code without writing; its staged records are claimed
// out of Hermes' listing while a decision writes them (HermesClaim), settled after
// (HermesSettler) and imported from every profile's pending/ folders (PendingQueue). Memory
// writes Hermes staged are the memory store's own ops, so the domain applies those itself.
class HermesHome final : public AgentHome {
public:
    QString name() const override;

    bool speaks(const QString& destination, const Json& op) const override;
    std::optional<Result<Json>> checkEdit(const QString& destination, const Json& edited) const override;
    QString gist(const QString& destination, const Json& op) const override;
    std::optional<AgentTarget> target(const InboxItem& item) const override;

    Result<ApplyResult> apply(Workspace& workspace, const Clock& clock, const QString& profile,
                              const QString& destination, const Json& op, WriteHook* hook) const override;
    Result<bool> isStale(Workspace& workspace, const Clock& clock, const QString& profile, const QString& destination,
                         const Json& op) const override;
    std::optional<AgentPreview> preview(Workspace& workspace, const QString& profile, const Json& op) const override;

    Result<int> importStaged(Workspace& workspace, const Clock& clock, const QString& actor) const override;
    Result<std::unique_ptr<AgentClaim>> claim(Workspace& workspace, const Clock& clock, qint64 inboxId) const override;
    Status settle(Workspace& workspace, const Clock& clock, qint64 inboxId, const QString& actor) const override;
    Result<int> recover(Workspace& workspace, const Clock& clock, const QString& actor) const override;
    Result<Json> status(Workspace& workspace, const Clock& clock) const override;
};

} // namespace sediment
