#pragma once

#include <QByteArray>

#include <string_view>

namespace sediment {

// SHA-256 of a short text, as lowercase hex. Content hashes are taken once per proposal, and
// the portable code QCryptographicHash runs cost more than the database insert of a proposal on
// this hardware; where the CPU has the SHA extensions they are used instead (the same digest,
// checked against QCryptographicHash by sha256_test).
class Sha256 {
public:
    static QByteArray hex(std::string_view data);
    static QByteArray digest(std::string_view data);

    // Whether the SHA extensions are in use on this CPU (reported by the benchmark).
    static bool accelerated();
};

} // namespace sediment
