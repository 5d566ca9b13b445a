#pragma once

namespace sediment::schema {

// The server's step 12: the rights it enforces itself (owner-only tables, guarded views, the
// grant function). See PostgresRights.cpp.
const char* postgresRightsStep();

} // namespace sediment::schema
