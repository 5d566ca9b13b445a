#pragma once

#include "store/HermesRepository.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

namespace sediment {

class Database;

// An undecided item whose staged Hermes file went away outside Sediment (Hermes' own
// `/memory approve` or `reject`, another Sediment workspace, the user): it is withdrawn, so
// that approving it here can never apply the write a second time. The importer withdraws what
// it finds gone; an approval withdraws the item whose file vanished before it could be claimed
// (HermesClaim).
class HermesWithdrawal final {
public:
    // Inside the caller's transaction: the item becomes `rejected` with `reason` (which starts
    // "withdrawn: "), its record `withdrawn`, and one audit row. false when the item is not
    // pending or failed any more (decided meanwhile): nothing is changed.
    static Result<bool> record(Database& db, const Clock& clock, const HermesRepository::Record& record,
                               const QString& reason);
};

} // namespace sediment
