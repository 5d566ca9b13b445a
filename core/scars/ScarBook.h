#pragma once

#include "model/Scar.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <vector>

namespace sediment {

class Database;

// The changes a person or an agent makes to the scars, each with its audit row in the same
// transaction: recording a scar and archiving the never-recalled ones.
class ScarBook final {
public:
    ScarBook(Database& db, const Clock& clock, QString actor) : m_db(db), m_clock(clock), m_actor(std::move(actor)) {}

    // Validates, stamps created_at from the clock when empty, stores; returns the stored scar.
    Result<Scar> add(Scar scar);

    // Archives scars created more than `days` ago that were never recalled (recall_count 0 and
    // no last_recalled_at). A recalled scar is never touched: recall is the proof it still
    // serves. dryRun returns the same list and writes nothing.
    Result<std::vector<Scar>> archiveUnrecalled(int days, bool dryRun);

private:
    Database& m_db;
    const Clock& m_clock;
    QString m_actor;
};

} // namespace sediment
