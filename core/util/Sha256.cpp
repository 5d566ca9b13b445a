#include "util/Sha256.h"

#include <QCryptographicHash>

#include <dlfcn.h>
#include <nettle/sha2.h>

#include <atomic>
#include <optional>

namespace sediment {

namespace {

// The three functions of nettle's SHA-256 (sha2.h names them through macros).
struct Nettle {
    decltype(&nettle_sha256_init) init = nullptr;
    decltype(&nettle_sha256_update) update = nullptr;
    decltype(&nettle_sha256_digest) digest = nullptr;
};

const Nettle* nettle()
{
    // Opened once and never closed; the soname is the one Debian 12's libnettle8 ships (nettle
    // 3.x, whose sha256_digest still takes a length).
    static const std::optional<Nettle> loaded = []() -> std::optional<Nettle> {
        void* handle = dlopen("libnettle.so.8", RTLD_NOW | RTLD_LOCAL);
        if (!handle)
            return std::nullopt;
        Nettle n;
        n.init = reinterpret_cast<decltype(n.init)>(dlsym(handle, "nettle_sha256_init"));
        n.update = reinterpret_cast<decltype(n.update)>(dlsym(handle, "nettle_sha256_update"));
        n.digest = reinterpret_cast<decltype(n.digest)>(dlsym(handle, "nettle_sha256_digest"));
        if (!n.init || !n.update || !n.digest) {
            dlclose(handle);
            return std::nullopt;
        }
        return n;
    }();
    return loaded ? &*loaded : nullptr;
}

// nettle, once this process has hashed more than kPortableBytes in all; nullptr before.
const Nettle* nettleOnceWorthIt(std::size_t bytes)
{
    static std::atomic<std::size_t> hashed{0};
    if (hashed.fetch_add(bytes, std::memory_order_relaxed) + bytes <= Sha256::kPortableBytes)
        return nullptr;
    return nettle();
}

} // namespace

QByteArray Sha256::digest(std::string_view data)
{
    const Nettle* n = nettleOnceWorthIt(data.size());
    if (!n)
        return portableDigest(data);
    sha256_ctx ctx;
    n->init(&ctx);
    n->update(&ctx, data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
    QByteArray out(SHA256_DIGEST_SIZE, Qt::Uninitialized);
    n->digest(&ctx, SHA256_DIGEST_SIZE, reinterpret_cast<std::uint8_t*>(out.data()));
    return out;
}

QByteArray Sha256::portableDigest(std::string_view data)
{
    return QCryptographicHash::hash(QByteArrayView(data.data(), qsizetype(data.size())), QCryptographicHash::Sha256);
}

QByteArray Sha256::hex(std::string_view data) { return digest(data).toHex(); }

bool Sha256::accelerated() { return nettle() != nullptr; }

} // namespace sediment
