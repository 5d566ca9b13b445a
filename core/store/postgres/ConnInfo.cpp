#include "store/postgres/ConnInfo.h"

#include "store/postgres/LibPq.h"

namespace sediment::ConnInfo {

Status check(const QString& conninfo)
{
    if (conninfo.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("must be a libpq connection string, not empty")));
    auto pq = LibPq::get();
    if (!pq)
        return fail(pq.error());
    const LibPq& lib = **pq;
    char* error = nullptr;
    PQconninfoOption* options = lib.conninfoParse(conninfo.toUtf8().constData(), &error);
    if (!options) {
        const QString why = QString::fromUtf8(error ? error : "out of memory").trimmed();
        lib.freemem(error);
        return fail(Error::invalid(QStringLiteral("is not a libpq connection string: %1").arg(why)));
    }
    bool password = false;
    for (PQconninfoOption* o = options; o->keyword; ++o)
        if (qstrcmp(o->keyword, "password") == 0 && o->val && *o->val)
            password = true;
    lib.conninfoFree(options);
    if (password)
        return fail(Error::invalid(QStringLiteral("must not hold a password: give it to libpq through "
                                                  "~/.pgpass, PGPASSFILE or PGPASSWORD")));
    return {};
}

} // namespace sediment::ConnInfo
