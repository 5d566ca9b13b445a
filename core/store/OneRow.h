#pragma once

#include "util/Error.h"

#include <optional>
#include <utility>
#include <vector>

namespace sediment {

// The row a lookup of one key found, or nothing: a repository's get(id) asks its reader of many
// ids for one, so a row reads the same whichever way it was asked for.
template <typename T>
Result<std::optional<T>> oneRow(Result<std::vector<T>> rows)
{
    if (!rows)
        return fail(rows.error());
    if (rows->empty())
        return std::optional<T>{};
    return std::optional<T>(std::move(rows->front()));
}

} // namespace sediment
