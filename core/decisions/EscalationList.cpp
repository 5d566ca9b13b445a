#include "decisions/EscalationList.h"

#include "store/DecisionRepository.h"
#include "util/Time.h"

namespace sediment {

Result<std::vector<Decision>> EscalationList::compute(Database& db, const Clock& clock)
{
    const QString cutoff = time::toIso(clock.now().addDays(-kDays));
    return DecisionRepository(db).unreviewed({QStringLiteral("high"), QStringLiteral("critical")}, cutoff);
}

} // namespace sediment
