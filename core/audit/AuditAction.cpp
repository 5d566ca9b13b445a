#include "audit/AuditAction.h"

namespace sediment {

namespace {

using A = AuditAction;
using namespace Qt::Literals::StringLiterals;

} // namespace

Result<AuditAction> memoryEditAction(QStringView toolAction)
{
    for (const AuditAction a : {A::MemoryAdd, A::MemoryReplace, A::MemoryRemove, A::MemoryBatch}) {
        const QLatin1StringView word = wordsOf(a).spelling(a);
        if (word.startsWith("memory."_L1) && word.sliced(7) == toolAction)
            return a;
    }
    return fail(Error::invalid(QStringLiteral("unknown memory action '%1'").arg(toolAction)));
}

} // namespace sediment
