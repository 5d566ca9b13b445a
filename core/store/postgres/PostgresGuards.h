#pragma once

namespace sediment::schema {

// The server's step 14: what step 12's guards still let a granted role do with psql, closed
// (the usage file's path, forged audit rows, status changes and approvals that no longer
// stand). See PostgresGuards.cpp.
const char* postgresGuardsStep();

} // namespace sediment::schema
