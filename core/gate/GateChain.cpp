#include "gate/GateChain.h"

#include "gate/HumanGate.h"
#include "gate/RefusalMemoryGate.h"
#include "gate/ScoreGate.h"
#include "model/GateKind.h"

namespace sediment {

GateChain::GateChain(QString name, std::vector<std::unique_ptr<Gate>> gates)
    : m_name(std::move(name))
    , m_gates(std::move(gates))
{}

Result<std::unique_ptr<GateChain>> GateChain::fromConfig(const QString& gate, double threshold, InboxRepository& inbox)
{
    std::vector<std::unique_ptr<Gate>> gates;
    gates.push_back(std::make_unique<RefusalMemoryGate>(inbox));
    const std::optional<GateKind> kind = findWord<GateKind>(gate);
    if (!kind) {
        const QStringList& words = wordTexts<GateKind>();
        return fail(
            Error::invalid(QStringLiteral("unknown gate '%1' (use %2 or %3)")
                               .arg(gate, words.first(words.size() - 1).join(QStringLiteral(", ")), words.last())));
    }
    switch (*kind) {
    case GateKind::Human:
        gates.push_back(std::make_unique<HumanGate>());
        break;
    case GateKind::Score:
        gates.push_back(std::make_unique<ScoreGate>(threshold));
        break;
    case GateKind::ScoreThenHuman:
        gates.push_back(std::make_unique<ScoreGate>(threshold));
        gates.push_back(std::make_unique<HumanGate>());
        break;
    }
    return std::make_unique<GateChain>(gate, std::move(gates));
}

Result<Verdict> GateChain::decide(const Proposal& p)
{
    // What the gates said, joined, so the final reason tells it all. Usually one gate speaks
    // (refusal memory approves silently): its reason is then shared as it is, not rebuilt.
    QString reasons;
    Verdict last = Verdict::approve(QString(), actor());
    for (const auto& gate : m_gates) {
        auto v = gate->decide(p);
        if (!v)
            return fail(v.error());
        if (!v->reason.isEmpty())
            reasons = reasons.isEmpty() ? v->reason : reasons + QStringLiteral("; ") + v->reason;
        last = std::move(*v);
        if (!last.approved())
            break;
    }
    last.reason = std::move(reasons);
    return last;
}

} // namespace sediment
