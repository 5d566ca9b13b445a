#pragma once

#include "store/Sql.h"
#include "store/Statement.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Database;

// A repository's prepared statements, one per slot, prepared on first use and reset for each
// use after: the hot paths (a pass of `propose`) run the same few statements a hundred thousand
// times. Declared after the buffers its statements may point into (BindBuffers), so that the
// statements are finalised first.
class StatementCache final {
public:
    StatementCache(Database& db, int slots) : m_db(db), m_slots(std::size_t(slots)) {}

    // The statement of `slot` (prepared from `sql` the first time), reset, every parameter NULL.
    Result<Statement*> get(int slot, const Sql& sql);

private:
    Database& m_db;
    std::vector<std::optional<Statement>> m_slots;
};

} // namespace sediment
