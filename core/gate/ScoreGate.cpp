#include "gate/ScoreGate.h"

#include "proposal/NumberText.h"

namespace sediment {

Result<Verdict> ScoreGate::decide(const Proposal& p)
{
    const QString threshold = fromStd(numbers::shortest(m_threshold));
    if (!p.score)
        return Verdict::reject(QStringLiteral("no score, threshold %1 (learn only from validated wins)").arg(threshold),
                               actor());
    const QString score = fromStd(numbers::shortest(*p.score));
    if (*p.score >= m_threshold)
        return Verdict::approve(QStringLiteral("score %1 ≥ threshold %2").arg(score, threshold), actor());
    return Verdict::reject(
        QStringLiteral("score %1 < threshold %2 (learn only from validated wins)").arg(score, threshold), actor());
}

} // namespace sediment
