#pragma once

#include "audit/Actor.h"
#include "gate/Gate.h"

#include <memory>
#include <vector>

namespace sediment {

class InboxRepository;

// Gates in order; every gate must approve for the chain to approve, and the first one that
// does not (reject or defer) decides. So "score-then-human" rejects below the threshold and
// defers the rest, and refusal memory, always first, can only veto.
class GateChain final : public Gate {
public:
    GateChain(QString name, std::vector<std::unique_ptr<Gate>> gates);

    // From the `gate` setting (docs/user-guide.md#configuration): human | score | score-then-human, refusal memory first.
    static Result<std::unique_ptr<GateChain>> fromConfig(const QString& gate, double threshold, InboxRepository& inbox);

    const QString& name() const { return m_name; }
    QString path() const { return Actor::gate(m_name); }
    QString actor() const override { return path(); }
    Result<Verdict> decide(const Proposal& proposal) override;

private:
    QString m_name;
    std::vector<std::unique_ptr<Gate>> m_gates;
};

} // namespace sediment
