#pragma once

#include "util/Error.h"

#include <QMap>
#include <QSet>
#include <QStringList>

namespace sediment::cli {

// A verb's parsed command line: positionals, `--name value` options and `--flag` switches.
// Anything not declared is a usage error, so a mistyped flag is never ignored; a value option
// given twice is one too, since silently keeping the last would hide a mistake.
//
// The checks below are the one place where bad option values and arguments are refused, so
// every verb says it the same way: one line naming the value and what is accepted, exit 2,
// before anything is opened or stored.
class Args final {
public:
    static Result<Args> parse(const QStringList& argv, const QStringList& valueOptions, const QStringList& flags,
                              const QString& verb);

    const QStringList& positional() const { return m_positional; }
    QString positional(int i) const { return m_positional.value(i); }
    bool has(const QString& option) const { return m_values.contains(option) || m_flags.contains(option); }
    QString value(const QString& option, const QString& fallback = {}) const
    {
        return m_values.value(option, fallback);
    }
    bool flag(const QString& name) const { return m_flags.contains(name); }

    // The option's value when it is one of `accepted`, an empty string when it is absent.
    Result<QString> choice(const QString& label, const QString& option, const QStringList& accepted) const;
    // Refuses every given option that `label` does not take (`--json` and `--help` always do).
    Status only(const QString& label, const QStringList& options) const;
    // Refuses more than `max` positionals after the first `from` (a sub-verb's own name),
    // naming the first one too many.
    Status atMost(const QString& label, int max, int from = 0) const;
    // The first positional, the sub-command, when it is one of `known`: else "<label>: which
    // <noun>?" or "<label>: unknown <noun> 'x'", each listing `known`.
    Result<QString> subcommand(const QString& label, const QString& noun, const QStringList& known) const;
    // Positional `index` as a row id: a whole number >= 1, with an optional leading '#'.
    Result<qint64> id(const QString& label, int index, const QString& what) const;
    // The option's value, refused when it is given but blank.
    Result<QString> nonEmpty(const QString& label, const QString& option) const;

private:
    QStringList m_positional;
    QMap<QString, QString> m_values;
    QSet<QString> m_flags;
};

} // namespace sediment::cli
