#include "cli/Args.h"

namespace sediment::cli {

Result<Args> Args::parse(const QStringList& argv, const QStringList& valueOptions,
                         const QStringList& flags, const QString& verb)
{
    Args a;
    bool onlyPositional = false;
    for (int i = 0; i < argv.size(); ++i) {
        const QString& arg = argv[i];
        if (onlyPositional || !arg.startsWith(QLatin1String("--"))) {
            a.m_positional << arg;
            continue;
        }
        if (arg == QLatin1String("--")) {
            onlyPositional = true;
            continue;
        }
        QString name = arg;
        QString inlineValue;
        bool hasInline = false;
        if (const int eq = arg.indexOf(QLatin1Char('=')); eq > 0) {
            name = arg.left(eq);
            inlineValue = arg.mid(eq + 1);
            hasInline = true;
        }
        if (valueOptions.contains(name)) {
            if (hasInline) {
                a.m_values.insert(name, inlineValue);
            } else if (i + 1 < argv.size()) {
                a.m_values.insert(name, argv[++i]);
            } else {
                return fail(Error::invalid(
                    QStringLiteral("%1: option %2 needs a value").arg(verb, name)));
            }
        } else if (flags.contains(name) && !hasInline) {
            a.m_flags.insert(name);
        } else {
            return fail(Error::invalid(QStringLiteral("%1: unknown option '%2' (see 'sediment help %1')")
                                           .arg(verb, name)));
        }
    }
    return a;
}

} // namespace sediment::cli
