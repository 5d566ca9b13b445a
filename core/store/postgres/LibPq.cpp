#include "store/postgres/LibPq.h"

#include <dlfcn.h>

namespace sediment {

namespace {

Error unavailable(const char* soname)
{
    const char* why = dlerror();
    return Error::io(QStringLiteral("team mode needs the PostgreSQL client library %1 (Debian package libpq5): %2")
                         .arg(QString::fromUtf8(soname), QString::fromUtf8(why ? why : "not loaded")));
}

} // namespace

Result<const LibPq*> LibPq::get()
{
    // Never closed: a store still open while the process exits calls into it from a destructor.
    static const Result<const LibPq*> loaded = []() -> Result<const LibPq*> {
        auto lib = load("libpq.so.5");
        if (!lib)
            return fail(lib.error());
        return lib->release();
    }();
    return loaded;
}

Result<std::unique_ptr<LibPq>> LibPq::load(const char* soname)
{
    void* handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return fail(unavailable(soname));
    std::unique_ptr<LibPq> lib(new LibPq(handle));
#define SEDIMENT_LIBPQ_RESOLVE(name)                                                                                   \
    lib->name = reinterpret_cast<decltype(lib->name)>(dlsym(handle, "PQ" #name));                                      \
    if (!lib->name)                                                                                                    \
        return fail(unavailable(soname));
    SEDIMENT_LIBPQ_FUNCTIONS(SEDIMENT_LIBPQ_RESOLVE)
#undef SEDIMENT_LIBPQ_RESOLVE
    return lib;
}

LibPq::~LibPq() { dlclose(m_handle); }

} // namespace sediment
