#include "store/HostName.h"

#include <QSysInfo>

namespace sediment::HostName {

QString ofThisMachine()
{
    const QString named = qEnvironmentVariable("SEDIMENT_HOST");
    return named.isEmpty() ? QSysInfo::machineHostName() : named;
}

} // namespace sediment::HostName
