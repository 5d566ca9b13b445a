#pragma once

#include <QString>

namespace sediment::HostName {

// The name this machine goes by in a team: $SEDIMENT_HOST, else its host name (a container's
// is often random, hence the override).
QString ofThisMachine();

} // namespace sediment::HostName
