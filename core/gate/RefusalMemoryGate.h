#pragma once

#include "audit/Actor.h"
#include "gate/Gate.h"

#include <optional>

namespace sediment {

class InboxRepository;

// Rejects a proposal identical (same content hash) to one a human refused, so agents stop
// re-proposing what was turned down. Approves everything else, with an empty reason, letting
// the next gate of the chain decide. A gate instance serves one pass: whether any refusal exists
// at all is read once, on the first proposal (inside the pass's write transaction, so no refusal
// can appear meanwhile), which spares the per-proposal lookup in a workspace without refusals.
class RefusalMemoryGate final : public Gate {
public:
    explicit RefusalMemoryGate(InboxRepository& inbox) : m_inbox(inbox) {}

    QString actor() const override { return Actor::gate(QStringLiteral("refusal-memory")); }
    Result<Verdict> decide(const Proposal& proposal) override;

private:
    InboxRepository& m_inbox;
    std::optional<bool> m_anyRefusal;
};

} // namespace sediment
