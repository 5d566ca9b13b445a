#include "decisions/EscalationList.h"

#include "model/DecisionCategory.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"

namespace sediment {

Result<std::vector<Decision>> EscalationList::compute(Database& db, const Clock& clock)
{
    const QString cutoff = time::toIso(clock.now().addDays(-kDays));
    return DecisionRepository(db).unreviewed({toString(DecisionStakes::High), toString(DecisionStakes::Critical)},
                                             cutoff);
}

} // namespace sediment
