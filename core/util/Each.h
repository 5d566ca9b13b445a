#pragma once

namespace sediment {

// A visitor made of one lambda per alternative, for std::visit over a closed set of types (a
// typed op): adding an alternative breaks the build of every visit that forgot it.
template <typename... Fs>
struct Each : Fs... {
    using Fs::operator()...;
};

} // namespace sediment
