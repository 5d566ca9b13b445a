#pragma once

#include "review/ReviewOutcome.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>

#include <vector>

namespace sediment {

class Workspace;

// The `propose` path (§3, §4): parse (object, array or JSON Lines), validate every proposal
// before any is gated, sanitise, gate with the workspace's chain (refusal memory first), queue
// deferred ones in the inbox (idempotently), apply approved ones, audit every state change.
class ProposalIntake final {
public:
    ProposalIntake(Workspace& workspace, const Clock& clock);

    Result<ReviewOutcome> submitBytes(const QByteArray& input);
    Result<ReviewOutcome> submit(const std::vector<Json>& proposals);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
