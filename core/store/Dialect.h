#pragma once

namespace sediment {

// The SQL a store speaks: the embedded SQLite file of one machine, or a team's PostgreSQL
// server (docs/architecture.md#team-mode).
enum class Dialect { Sqlite, Postgres };

} // namespace sediment
