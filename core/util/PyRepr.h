#pragma once

#include <QString>

#include <string_view>

// Python's repr() of a str and the str.isprintable() it follows, for messages that must read as
// Python prints them (PyYAML's %r, Hermes' path checks).
namespace sediment::pytext {

bool isPrintable(char32_t c);
QString repr(std::u32string_view s);
QString repr(char32_t c);

} // namespace sediment::pytext
