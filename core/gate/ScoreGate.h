#pragma once

#include "audit/Actor.h"
#include "gate/Gate.h"
#include "model/GateKind.h"

namespace sediment {

// The score gate: approve iff score >= threshold (inclusive). A proposal without a
// score is rejected: "learn only from validated wins".
class ScoreGate final : public Gate {
public:
    static constexpr double kDefaultThreshold = 0.7;

    explicit ScoreGate(double threshold = kDefaultThreshold) : m_threshold(threshold) {}

    QString actor() const override { return Actor::gate(toString(GateKind::Score)); }
    Result<Verdict> decide(const Proposal& proposal) override;

private:
    double m_threshold;
};

} // namespace sediment
