#pragma once

#include <QByteArray>

#include <cstddef>
#include <string_view>

namespace sediment {

// SHA-256 of a text, as raw bytes or lowercase hex: content hashes, the journal's file hashes and
// the audit chain. Mostly from nettle, which uses the CPU's SHA extensions where there are some:
// an approval hashes the whole file it changes, and there QtCore's portable code cost a quarter
// more of the approval's instructions. But opening nettle costs about as much as hashing 50 KiB
// with QtCore's code, and linking it cost every start of `sediment` 465 symbol bindings. So a
// process hashes its first 64 KiB with QtCore's code and opens nettle only past them: `memory
// apply`, the call an agent makes at every write, hashes a few KiB and never opens it, while an
// approval of a large file, or the app, soon does. Both give the same digest; without
// libnettle.so.8, QtCore's code hashes everything.
class Sha256 {
public:
    static QByteArray hex(std::string_view data);
    static QByteArray digest(std::string_view data);
    // QtCore's code, whatever is loaded: the fallback, and what the tests hold nettle's against.
    static QByteArray portableDigest(std::string_view data);
    // Whether nettle can be opened (opening it if it is not open yet).
    static bool accelerated();
    static constexpr std::size_t kPortableBytes = 64 * 1024;
};

} // namespace sediment
