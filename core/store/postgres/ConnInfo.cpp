#include "store/postgres/ConnInfo.h"

#include <libpq-fe.h>

namespace sediment::ConnInfo {

Status check(const QString& conninfo)
{
    if (conninfo.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("must be a libpq connection string, not empty")));
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.toUtf8().constData(), &error);
    if (!options) {
        const QString why = QString::fromUtf8(error ? error : "out of memory").trimmed();
        PQfreemem(error);
        return fail(Error::invalid(QStringLiteral("is not a libpq connection string: %1").arg(why)));
    }
    bool password = false;
    for (PQconninfoOption* o = options; o->keyword; ++o)
        if (qstrcmp(o->keyword, "password") == 0 && o->val && *o->val)
            password = true;
    PQconninfoFree(options);
    if (password)
        return fail(Error::invalid(QStringLiteral("must not hold a password: give it to libpq through "
                                                  "~/.pgpass, PGPASSFILE or PGPASSWORD")));
    return {};
}

} // namespace sediment::ConnInfo
