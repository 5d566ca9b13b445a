#pragma once

#include <string>

namespace sediment::postgres {

// A statement written with SQLite's placeholders (`?`, `?N`) in PostgreSQL's (`$N`), numbered as
// SQLite numbers them: a bare `?` takes the largest number used so far plus one. Quoted texts,
// quoted names and comments are copied untouched. `parameters` receives the largest number.
// A placeholder right after LIMIT keeps SQLite's meaning of a negative limit (none at all),
// which the server refuses: it becomes NULLIF(GREATEST(CAST($N AS BIGINT), -1), -1).
std::string numberPlaceholders(const char* sql, int* parameters);

} // namespace sediment::postgres
