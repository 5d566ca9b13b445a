#include "cli/NowOption.h"

#include "util/Time.h"

namespace sediment::cli {

Result<std::unique_ptr<Clock>> clockFromArgs(const Args& args)
{
    if (!args.has(QStringLiteral("--now")))
        return std::unique_ptr<Clock>(std::make_unique<SystemClock>());
    auto at = time::parseIso(args.value(QStringLiteral("--now")));
    if (!at)
        return fail(
            Error::invalid(QStringLiteral("--now: %1 (accepted: YYYY-MM-DD[THH:MM[:SS[.fff]]][Z|+HH:MM|-HH:MM])")
                               .arg(at.error().message)));
    return std::unique_ptr<Clock>(std::make_unique<FixedClock>(*at));
}

} // namespace sediment::cli
