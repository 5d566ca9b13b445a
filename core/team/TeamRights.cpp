#include "team/TeamRights.h"

#include "store/ReviewerRepository.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

// The server ranks rights the same way (sediment_rank, store/postgres/PostgresRights.cpp).
int rank(const QString& rights)
{
    if (rights == QLatin1String("admin"))
        return 3;
    if (rights == QLatin1String("reviewer"))
        return 2;
    if (rights == QLatin1String("agent"))
        return 1;
    if (rights == QLatin1String("viewer"))
        return 0;
    return -1;
}

} // namespace

bool TeamRights::isRight(const QString& rights) { return rank(rights) >= 0; }

QString TeamRights::neededFor(const QString& destination) const
{
    return m_workspace.config().adminDestinations.contains(destination) ? QStringLiteral("admin")
                                                                        : QStringLiteral("reviewer");
}

Result<QString> TeamRights::rightsOf(const QString& role) const
{
    auto rights = ReviewerRepository(m_workspace.db()).rightsOf(role);
    if (!rights)
        return fail(rights.error());
    return rights->value_or(QStringLiteral("none"));
}

Status TeamRights::require(const QString& needed, const QString& what) const
{
    if (!m_workspace.db().isServer())
        return {};
    const QString role = m_workspace.db().sessionRole();
    auto held = rightsOf(role);
    if (!held)
        return fail(held.error());
    if (rank(*held) >= rank(needed))
        return {};
    return fail(Error::refused(
        QStringLiteral("%1 may not %2: that needs the right '%3', and %1 has '%4'").arg(role, what, needed, *held)));
}

Status TeamRights::mayDecide(const QString& destination, const QString& what) const
{
    return require(neededFor(destination), what);
}

Status TeamRights::mayReview(const QString& what) const { return require(QStringLiteral("reviewer"), what); }

Status TeamRights::mayAdminister(const QString& what) const { return require(QStringLiteral("admin"), what); }

} // namespace sediment
