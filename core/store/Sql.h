#pragma once

#include "store/Dialect.h"

namespace sediment {

// One statement's text in both dialects. Most statements read the same in SQLite and in
// PostgreSQL (placeholders are written `?` or `?N` and numbered `$N` for the server) and are
// written once; where the two differ, the PostgreSQL text sits right beside the SQLite one.
struct Sql {
    constexpr Sql(const char* both) : sqlite(both) {} // NOLINT: a portable statement
    constexpr Sql(const char* sqliteText, const char* postgresText) : sqlite(sqliteText), postgres(postgresText) {}

    const char* text(Dialect d) const { return d == Dialect::Postgres && postgres ? postgres : sqlite; }

    const char* sqlite;
    const char* postgres = nullptr;
};

} // namespace sediment
