#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <vector>

namespace sediment {

// The proposer port (docs/architecture.md#3-the-gate): turns a session summary into raw proposals (validated afterwards by
// the kernel). An Error means the proposer failed and the pass fails closed.
class Proposer {
public:
    virtual ~Proposer() = default;
    virtual Result<std::vector<Json>> propose(const QString& summary) = 0;
};

} // namespace sediment
