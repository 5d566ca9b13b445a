#pragma once

#include "util/Error.h"

#include <libpq-fe.h>

#include <memory>

// The libpq functions the team store calls, each named once: X(name) stands for PQname.
// One line per letter; clang-format would fold the list into a staircase.
// clang-format off
#define SEDIMENT_LIBPQ_FUNCTIONS(X)                                                                   \
    X(backendPID)                                                                                     \
    X(clear) X(cmdStatus) X(cmdTuples) X(connectdb) X(conninfoFree) X(conninfoParse) X(consumeInput)  \
    X(db)                                                                                             \
    X(errorMessage) X(escapeIdentifier) X(escapeLiteral) X(exec) X(execParams) X(execPrepared)        \
    X(finish) X(fname) X(freemem)                                                                     \
    X(getisnull) X(getlength) X(getvalue)                                                             \
    X(host)                                                                                           \
    X(nfields) X(notifies) X(ntuples)                                                                 \
    X(parameterStatus) X(prepare)                                                                     \
    X(reset) X(resultErrorField) X(resultErrorMessage) X(resultStatus)                                \
    X(setClientEncoding) X(status)                                                                    \
    X(user)
// clang-format on

namespace sediment {

// libpq, opened with dlopen when team mode first needs it instead of linked: its dependency tree
// (TLS, Kerberos, LDAP, ...) is most of what the loader maps at start-up, and every CLI call
// would pay for it although only a workspace whose sediment.json names a database uses it.
// The pointers keep libpq-fe.h's types, so every call is type-checked as a direct call is.
class LibPq final {
public:
    // The process's libpq (libpq.so.5), loaded on the first call, by one thread; a missing
    // library or function is an error naming the Debian package that provides it.
    static Result<const LibPq*> get();
    // `soname` loaded on its own, never shared: get()'s loader, and its test's way to ask for
    // a library that is not there.
    static Result<std::unique_ptr<LibPq>> load(const char* soname);

    ~LibPq();
    Q_DISABLE_COPY_MOVE(LibPq)

#define SEDIMENT_LIBPQ_POINTER(name) decltype(&::PQ##name) name = nullptr;
    SEDIMENT_LIBPQ_FUNCTIONS(SEDIMENT_LIBPQ_POINTER)
#undef SEDIMENT_LIBPQ_POINTER

private:
    explicit LibPq(void* handle) : m_handle(handle) {}

    void* m_handle;
};

} // namespace sediment
