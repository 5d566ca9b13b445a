#pragma once

#include "gate/Verdict.h"
#include "model/Proposal.h"
#include "util/Error.h"

namespace sediment {

// A gate port (docs/architecture.md#3-the-gate), injected into the review kernel; tests pass fakes.
class Gate {
public:
    virtual ~Gate() = default;
    // The actor name written to the audit log for its decisions, e.g. "gate:score".
    virtual QString actor() const = 0;
    virtual Result<Verdict> decide(const Proposal& proposal) = 0;
};

} // namespace sediment
