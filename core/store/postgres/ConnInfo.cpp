#include "store/postgres/ConnInfo.h"

#include "store/postgres/LibPq.h"

#include <QStringList>

#include <array>

namespace sediment::ConnInfo {

namespace {

// The options whose values libpq 15 takes from a closed set and checks only when it connects:
// a wrong one is a mistake in the configuration (exit 2), said before any connection is tried,
// not an unreachable server (exit 3).
struct Closed {
    const char* keyword;
    QStringList accepted;
};

const std::array<Closed, 4>& closedOptions()
{
    static const std::array<Closed, 4> options{{
        {"sslmode",
         {QStringLiteral("disable"), QStringLiteral("allow"), QStringLiteral("prefer"), QStringLiteral("require"),
          QStringLiteral("verify-ca"), QStringLiteral("verify-full")}},
        {"gssencmode", {QStringLiteral("disable"), QStringLiteral("prefer"), QStringLiteral("require")}},
        {"channel_binding", {QStringLiteral("disable"), QStringLiteral("prefer"), QStringLiteral("require")}},
        {"target_session_attrs",
         {QStringLiteral("any"), QStringLiteral("read-write"), QStringLiteral("read-only"), QStringLiteral("primary"),
          QStringLiteral("standby"), QStringLiteral("prefer-standby")}},
    }};
    return options;
}

// Why `o`'s value is not one libpq takes, or empty when it is.
QString wrongValue(const PQconninfoOption& o)
{
    if (!o.val || !*o.val)
        return {};
    const QString value = QString::fromUtf8(o.val);
    for (const Closed& c : closedOptions())
        if (qstrcmp(o.keyword, c.keyword) == 0 && !c.accepted.contains(value))
            return QStringLiteral("sets %1 to '%2' (accepted: %3)")
                .arg(QLatin1String(c.keyword), value, c.accepted.join(QStringLiteral(", ")));
    if (qstrcmp(o.keyword, "port") == 0 || qstrcmp(o.keyword, "connect_timeout") == 0) {
        // libpq takes a list of ports, one per host.
        for (const QString& part : value.split(QLatin1Char(','))) {
            bool number = false;
            part.trimmed().toInt(&number);
            if (!number && !part.trimmed().isEmpty())
                return QStringLiteral("sets %1 to '%2', which is not a number").arg(QLatin1String(o.keyword), value);
        }
    }
    return {};
}

} // namespace

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
    QString wrong;
    for (PQconninfoOption* o = options; o->keyword; ++o) {
        if (qstrcmp(o->keyword, "password") == 0 && o->val && *o->val)
            password = true;
        if (wrong.isEmpty())
            wrong = wrongValue(*o);
    }
    lib.conninfoFree(options);
    if (password)
        return fail(Error::invalid(QStringLiteral("must not hold a password: give it to libpq through "
                                                  "~/.pgpass, PGPASSFILE or PGPASSWORD")));
    if (!wrong.isEmpty())
        return fail(Error::invalid(wrong));
    return {};
}

} // namespace sediment::ConnInfo
