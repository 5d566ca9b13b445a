#pragma once

#include <QByteArray>

#include <string_view>

namespace sediment {

// SHA-256 of a short text, as raw bytes or lowercase hex, from nettle. Content hashes are taken
// once per proposal, and the portable code behind QCryptographicHash costs more than the
// proposal's database insert; nettle uses the CPU's SHA extensions where there are some.
class Sha256 {
public:
    static QByteArray hex(std::string_view data);
    static QByteArray digest(std::string_view data);
};

} // namespace sediment
