#pragma once

#include "util/Error.h"

#include <QMap>
#include <QSet>
#include <QStringList>

namespace sediment::cli {

// A verb's parsed command line: positionals, `--name value` options and `--flag` switches.
// Anything not declared is a usage error, so a mistyped flag is never ignored.
class Args final {
public:
    static Result<Args> parse(const QStringList& argv, const QStringList& valueOptions,
                              const QStringList& flags, const QString& verb);

    const QStringList& positional() const { return m_positional; }
    QString positional(int i) const { return m_positional.value(i); }
    bool has(const QString& option) const { return m_values.contains(option) || m_flags.contains(option); }
    QString value(const QString& option, const QString& fallback = {}) const
    {
        return m_values.value(option, fallback);
    }
    bool flag(const QString& name) const { return m_flags.contains(name); }

private:
    QStringList m_positional;
    QMap<QString, QString> m_values;
    QSet<QString> m_flags;
};

} // namespace sediment::cli
