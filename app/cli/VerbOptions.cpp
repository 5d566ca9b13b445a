#include "cli/VerbOptions.h"

#include "audit/Actor.h"
#include "cli/NowOption.h"

namespace sediment::cli {

Result<VerbOptions> VerbOptions::parse(const Context& ctx, const QStringList& argv, const QStringList& valueOptions,
                                       const QStringList& flags, const QString& label)
{
    auto a = ctx.parse(argv, valueOptions, flags, label);
    if (!a)
        return fail(a.error());
    return VerbOptions(std::move(*a), label);
}

Result<VerbOptions> VerbOptions::parseWithoutOperands(const Context& ctx, const QStringList& argv,
                                                      const QStringList& valueOptions, const QStringList& flags,
                                                      const QString& label)
{
    auto a = parse(ctx, argv, valueOptions, flags, label);
    if (!a)
        return a;
    if (auto ok = a->atMost(0); !ok)
        return fail(ok.error());
    return a;
}

Result<int> VerbOptions::integer(const QString& name, int fallback, int min, int max) const
{
    if (!m_args.has(name))
        return fallback;
    bool ok = false;
    const int v = m_args.value(name).toInt(&ok);
    if (!ok || v < min || v > max)
        return fail(Error::invalid(QStringLiteral("%1: %2 must be an integer in [%3,%4] (got '%5')")
                                       .arg(m_label, name)
                                       .arg(min)
                                       .arg(max)
                                       .arg(m_args.value(name))));
    return v;
}

Result<const Clock*> VerbOptions::clock()
{
    if (!m_clock) {
        auto made = clockFromArgs(m_args);
        if (!made)
            return fail(made.error());
        m_clock = std::move(*made);
    }
    return m_clock.get();
}

Result<VerbOptions::Session> VerbOptions::session(Context& ctx)
{
    auto c = clock();
    if (!c)
        return fail(c.error());
    auto ws = ctx.workspace();
    if (!ws)
        return fail(ws.error());
    return Session{*c, *ws, actorOf(**ws)};
}

int VerbOptions::runWithoutOperands(Context& ctx, const QStringList& argv, const QStringList& valueOptions,
                                    const QStringList& flags, const QString& label,
                                    const std::function<int(VerbOptions& options, const Session& session)>& body)
{
    auto a = parseWithoutOperands(ctx, argv, valueOptions, flags, label);
    if (!a)
        return ctx.error(a.error());
    auto session = a->session(ctx);
    if (!session)
        return ctx.error(session.error());
    return body(*a, *session);
}

QString VerbOptions::actorOf(const Workspace& ws) { return Actor::cli(ws); }

} // namespace sediment::cli
