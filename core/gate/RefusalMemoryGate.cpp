#include "gate/RefusalMemoryGate.h"

#include "audit/Actor.h"
#include "model/InboxStatus.h"
#include "store/InboxRepository.h"

namespace sediment {

Result<Verdict> RefusalMemoryGate::decide(const Proposal& p)
{
    if (!m_anyRefusal) {
        auto n = m_inbox.count(toString(InboxStatus::Refused));
        if (!n)
            return fail(n.error());
        m_anyRefusal = *n > 0;
    }
    if (!*m_anyRefusal)
        return Verdict::approve(QString(), actor());
    auto refusal = m_inbox.findRefusedByHash(p.contentHash);
    if (!refusal)
        return fail(refusal.error());
    if (!*refusal)
        return Verdict::approve(QString(), actor());
    const auto& r = **refusal;
    const QString who = Actor::personOf(r.decidedBy);
    return Verdict::reject(QStringLiteral("refused before on %1 by %2: %3")
                               .arg(r.decidedAt.left(10), who.isEmpty() ? QStringLiteral("a reviewer") : who, r.reason),
                           actor());
}

} // namespace sediment
