#pragma once

#include "util/Error.h"

#include <QString>

#include <vector>

namespace sediment {

class Database;

// A whole workspace store copied into another, empty one: SQLite to a team's PostgreSQL schema
// or back (`sediment migrate`). Every row of every table keeps its ids and bytes; numbers stay
// numbers (a REAL is copied as a double, never through its text). Derived data is rebuilt by
// the target rather than copied: SQLite's full-text indexes (triggers and the catch-up), the
// server's identity counters. The copy is one transaction on the target: it is there whole or
// not at all.
class StoreCopy final {
public:
    struct TableCount {
        QString table;
        qint64 rows = 0;
    };

    // Fails, changing nothing, when the target already holds any row.
    static Result<std::vector<TableCount>> copy(Database& from, Database& to);
    // Rows per table, in copy order: a copy is checked by comparing both sides' counts.
    static Result<std::vector<TableCount>> count(Database& db);
};

} // namespace sediment
