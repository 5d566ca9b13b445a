#include "audit/Actor.h"

#include "workspace/Workspace.h"

namespace sediment {

QString Actor::human(const Workspace& workspace) { return human(workspace.reviewer()); }

QString Actor::cli(const Workspace& workspace) { return QStringLiteral("cli:") + workspace.reviewer(); }

QString Actor::reviewing(const QString& reviewer)
{
    return reviewer == autoReviewer() ? autoReviewer() : human(reviewer);
}

QString Actor::personOf(const QString& actor)
{
    const QLatin1String prefix("human:");
    return actor.startsWith(prefix) ? actor.mid(prefix.size()) : actor;
}

} // namespace sediment
