#include "util/Sha256.h"

#include <nettle/sha2.h>

namespace sediment {

QByteArray Sha256::digest(std::string_view data)
{
    // nettle picks its SHA-extension code at load time where the CPU has them (Debian builds it
    // "fat"): a proposal's content hash costs less than its database insert.
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
    QByteArray out(SHA256_DIGEST_SIZE, Qt::Uninitialized);
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, reinterpret_cast<std::uint8_t*>(out.data()));
    return out;
}

QByteArray Sha256::hex(std::string_view data) { return digest(data).toHex(); }

} // namespace sediment
