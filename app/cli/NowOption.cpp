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

Result<ClockedWorkspace> openWithClock(Context& ctx, const Args& args)
{
    auto clock = clockFromArgs(args);
    if (!clock)
        return fail(clock.error());
    auto ws = ctx.workspace();
    if (!ws)
        return fail(ws.error());
    return ClockedWorkspace{std::move(*clock), *ws};
}

} // namespace sediment::cli
