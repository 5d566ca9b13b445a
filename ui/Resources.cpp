#include "Resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void registerSedimentResources() { Q_INIT_RESOURCE(sediment); }

namespace sediment::ui {

void initResources()
{
    static const bool done = (registerSedimentResources(), true);
    Q_UNUSED(done);
}

} // namespace sediment::ui
