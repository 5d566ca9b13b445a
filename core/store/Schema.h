#pragma once

#include <span>

namespace sediment::schema {

// Forward-only migrations: entry i brings the schema from version i to i + 1. Never edit a
// migration that has shipped; append a new one.
std::span<const char* const> migrations();
// The same versions for a team's PostgreSQL store (its first step builds schema 7 at once).
std::span<const char* const> postgresMigrations();

} // namespace sediment::schema
