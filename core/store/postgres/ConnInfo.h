#pragma once

#include "util/Error.h"

#include <QString>

namespace sediment::ConnInfo {

// A libpq connection string (key=value pairs or a postgresql:// URI) that libpq can read and
// that carries no password: passwords come from libpq's own PGPASSFILE, ~/.pgpass or
// PGPASSWORD, never from a file the workspace shares. The error says what is wrong, or that
// libpq itself could not be loaded (LibPq::get).
Status check(const QString& conninfo);

} // namespace sediment::ConnInfo
