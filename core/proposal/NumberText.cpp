#include "proposal/NumberText.h"

#include <charconv>
#include <cmath>

namespace sediment::numbers {

std::string shortest(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "Infinity" : "-Infinity";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

} // namespace sediment::numbers
