#include "cli/SubVerb.h"

#include "cli/Context.h"

namespace sediment::cli {

int runSubVerb(Context& ctx, const QString& verb, std::span<const SubVerb> subVerbs)
{
    const QString sub = ctx.args().value(0);
    QStringList accepted;
    for (const SubVerb& s : subVerbs) {
        if (sub == QLatin1String(s.name))
            return s.run(ctx, ctx.args().mid(1));
        accepted << QLatin1String(s.name);
    }
    return ctx.usageError(QStringLiteral("%1: %2 (accepted: %3)")
                              .arg(verb,
                                   sub.isEmpty() ? QStringLiteral("a subcommand is required")
                                                 : QStringLiteral("unknown subcommand '%1'").arg(sub),
                                   accepted.join(QStringLiteral(", "))));
}

} // namespace sediment::cli
