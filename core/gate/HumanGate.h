#pragma once

#include "audit/Actor.h"
#include "gate/Gate.h"
#include "model/GateKind.h"

namespace sediment {

// Defers every proposal to a person: it lands in the inbox (docs/user-guide.md#inbox), which the GUI serves.
class HumanGate final : public Gate {
public:
    QString actor() const override { return Actor::gate(toString(GateKind::Human)); }
    Result<Verdict> decide(const Proposal&) override
    {
        return Verdict::defer(QStringLiteral("awaiting human review"), actor());
    }
};

} // namespace sediment
