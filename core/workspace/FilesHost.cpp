#include "workspace/FilesHost.h"

#include "store/Database.h"
#include "store/HostName.h"
#include "store/TeamSettingsRepository.h"
#include "workspace/Workspace.h"

namespace sediment {

QString FilesHost::thisHost() { return HostName::ofThisMachine(); }

Result<std::optional<QString>> FilesHost::configured(Workspace& workspace)
{
    if (!workspace.db().isServer())
        return std::optional<QString>();
    return TeamSettingsRepository(workspace.db()).get(QLatin1String(kKey));
}

Result<std::optional<QString>> FilesHost::elsewhere(Workspace& workspace)
{
    auto host = configured(workspace);
    if (!host)
        return fail(host.error());
    if (*host && **host != thisHost())
        return host;
    return std::optional<QString>();
}

} // namespace sediment
