#include "audit/Actor.h"

#include "workspace/Workspace.h"

namespace sediment {

QString Actor::human(const Workspace& workspace) { return human(workspace.reviewer()); }

QString Actor::cli(const Workspace& workspace) { return QStringLiteral("cli:") + workspace.reviewer(); }

} // namespace sediment
