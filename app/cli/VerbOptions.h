#pragma once

#include "cli/Args.h"
#include "cli/Context.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <functional>
#include <memory>
#include <utility>

namespace sediment::cli {

// What the scars and decisions sub-verbs all begin with, said once: their arguments parsed
// (`--json` and `--help` always accepted), option values checked against what is accepted, the
// clock `--now` injects, then the workspace and the acting user. Each step hands back an Error
// for Context::error, so every verb keeps its own order of checks: what it refuses before it
// opens the workspace is still refused without touching it.
class VerbOptions final {
public:
    static Result<VerbOptions> parse(const Context& ctx, const QStringList& argv, const QStringList& valueOptions,
                                     const QStringList& flags, const QString& label);
    // The same, for a sub-verb that takes options only: a positional argument is refused.
    static Result<VerbOptions> parseWithoutOperands(const Context& ctx, const QStringList& argv,
                                                    const QStringList& valueOptions, const QStringList& flags,
                                                    const QString& label);

    const Args& args() const { return m_args; }
    const Args* operator->() const { return &m_args; }
    bool json() const { return m_args.flag(QStringLiteral("--json")); }

    const QString& label() const { return m_label; }

    // The option's value as a whole number in [min, max]; `fallback` when it is absent.
    Result<int> integer(const QString& name, int fallback, int min, int max) const;
    // Args' checks, said in this sub-verb's name.
    Result<QString> choice(const QString& name, const QStringList& accepted) const
    {
        return m_args.choice(m_label, name, accepted);
    }
    Status atMost(int max) const { return m_args.atMost(m_label, max); }
    Result<QString> nonEmpty(const QString& name) const { return m_args.nonEmpty(m_label, name); }

    // `--now ISO` as a fixed clock, else the system clock (declare "--now" to accept it).
    Result<const Clock*> clock();

    // The clock, then the workspace: what a sub-verb that records something needs to act.
    struct Session {
        const Clock* clock = nullptr;
        Workspace* workspace = nullptr;
        QString actor; // "cli:<reviewer>", the audit actor of what the verb writes
    };
    Result<Session> session(Context& ctx);
    // A sub-verb that acts on options alone: parseWithoutOperands, then the session, then `body`
    // with both; an error in either opening step is the sub-verb's exit, as ctx.error words it.
    static int runWithoutOperands(Context& ctx, const QStringList& argv, const QStringList& valueOptions,
                                  const QStringList& flags, const QString& label,
                                  const std::function<int(VerbOptions& options, const Session& session)>& body);

    static QString actorOf(const Workspace& ws);

private:
    VerbOptions(Args args, QString label) : m_args(std::move(args)), m_label(std::move(label)) {}

    Args m_args;
    QString m_label;
    std::unique_ptr<Clock> m_clock;
};

// One result as its JSON (with --json) or as the line `line()` words.
template <typename Line>
void printOne(const Context& ctx, bool json, const Json& value, Line line)
{
    if (json)
        ctx.printJson(value);
    else
        ctx.out(line());
}

// Rows as one JSON array (with --json) or one line each, then `none` when there are no rows.
template <typename Rows, typename ToJson, typename Line>
void printRows(const Context& ctx, bool json, const Rows& rows, ToJson toJson, Line line, const QString& none)
{
    if (json) {
        Json arr = Json::array();
        for (const auto& row : rows)
            arr.push_back(toJson(row));
        ctx.printJson(arr);
        return;
    }
    for (const auto& row : rows)
        ctx.out(line(row));
    if (rows.empty())
        ctx.out(none);
}

} // namespace sediment::cli
