#pragma once

#include "apply/Applier.h"

namespace sediment {

// Where approved ops go. Production wraps the Applier; tests pass fakes (a store that refuses,
// one that fails with an I/O error).
class ApplyPort {
public:
    virtual ~ApplyPort() = default;
    // `source` is the proposal's provenance (notes record it in their front matter).
    virtual Result<ApplyResult> apply(const QString& destination, const Json& op, const Json& source) = 0;
};

// The production port: the workspace's Applier.
class WorkspaceStores final : public ApplyPort {
public:
    WorkspaceStores(Workspace& workspace, const Clock& clock) : m_applier(workspace, clock) {}
    Result<ApplyResult> apply(const QString& destination, const Json& op, const Json& source) override
    {
        return m_applier.apply(destination, op, source);
    }

private:
    Applier m_applier;
};

} // namespace sediment
