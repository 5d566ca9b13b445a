#pragma once

#include <string>

namespace sediment::numbers {

// A double in its shortest round-trip form, as JavaScript and Python print it ("0.7", "0.69",
// "1", "1e-07"): gate reasons and validation messages quote the number the agent sent.
std::string shortest(double value);

} // namespace sediment::numbers
