#include "model/InboxStatus.h"

namespace sediment {

bool wroteToStore(InboxStatus status) { return status == InboxStatus::Applied || status == InboxStatus::Modified; }

} // namespace sediment
