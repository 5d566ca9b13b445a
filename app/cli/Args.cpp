#include "cli/Args.h"

#include <optional>
#include <utility>

namespace sediment::cli {

namespace {

const QStringList kAlwaysAccepted{QStringLiteral("--json"), QStringLiteral("--help")};

// Options that name someone or something: one line each, as the audit log shows them.
const QStringList kOneLine{QStringLiteral("--reviewer")};

// The first control character in a typed value, if any: one that would reach the log and the
// terminal as a command (an escape sequence, a carriage return) rather than as text. TAB and LF
// are text, except in a one-line value.
std::optional<char16_t> controlIn(const QString& value, bool oneLine)
{
    for (const QChar c : value) {
        const char16_t u = c.unicode();
        const bool text = (u == u'\t' || u == u'\n') && !oneLine;
        if ((u < 0x20 && !text) || (u >= 0x7F && u <= 0x9F))
            return u;
    }
    return std::nullopt;
}

QString listed(const QStringList& values)
{
    return values.isEmpty() ? QStringLiteral("none") : values.join(QStringLiteral(", "));
}

} // namespace

Result<Args> Args::parse(const QStringList& argv, const QStringList& valueOptions, const QStringList& flags,
                         const QString& verb)
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
            if (a.m_values.contains(name))
                return fail(Error::invalid(
                    QStringLiteral("%1: option %2 is given twice ('%3' and '%4'); give it once")
                        .arg(verb, name, a.m_values.value(name), hasInline ? inlineValue : argv.value(i + 1))));
            if (hasInline) {
                a.m_values.insert(name, inlineValue);
            } else if (i + 1 < argv.size()) {
                a.m_values.insert(name, argv[++i]);
            } else {
                return fail(Error::invalid(QStringLiteral("%1: option %2 needs a value").arg(verb, name)));
            }
            if (const auto c = controlIn(a.m_values.value(name), kOneLine.contains(name)))
                return fail(Error::invalid(
                    QStringLiteral("%1: option %2 holds a control character (U+%3); give "
                                   "the value without it")
                        .arg(verb, name, QString::number(uint(*c), 16).rightJustified(4, QLatin1Char('0')).toUpper())));
        } else if (flags.contains(name) && !hasInline) {
            a.m_flags.insert(name);
        } else if (flags.contains(name)) {
            return fail(
                Error::invalid(QStringLiteral("%1: option %2 takes no value (got '%3')").arg(verb, name, inlineValue)));
        } else {
            QStringList accepted = valueOptions + flags;
            accepted.removeDuplicates();
            return fail(Error::invalid(
                QStringLiteral("%1: unknown option '%2' (accepted: %3)").arg(verb, name, listed(accepted))));
        }
    }
    return a;
}

Result<QString> Args::choice(const QString& label, const QString& option, const QStringList& accepted) const
{
    if (!m_values.contains(option))
        return QString();
    const QString v = m_values.value(option);
    if (!accepted.contains(v))
        return fail(Error::invalid(
            QStringLiteral("%1: unknown %2 '%3' (accepted: %4)").arg(label, option, v, listed(accepted))));
    return v;
}

Status Args::only(const QString& label, const QStringList& options) const
{
    QStringList given = m_values.keys();
    given += QStringList(m_flags.cbegin(), m_flags.cend());
    given.sort();
    for (const QString& o : std::as_const(given)) {
        if (options.contains(o) || kAlwaysAccepted.contains(o))
            continue;
        return fail(Error::invalid(QStringLiteral("%1: option %2 does not apply here (accepted: %3)")
                                       .arg(label, o, listed(options + kAlwaysAccepted))));
    }
    return {};
}

Status Args::atMost(const QString& label, int max, int from) const
{
    if (m_positional.size() - from <= max)
        return {};
    const QString takes =
        max == 0 ? QStringLiteral("takes no argument") : QStringLiteral("takes at most %1 argument(s)").arg(max);
    return fail(Error::invalid(
        QStringLiteral("%1: unexpected argument '%2' (%3)").arg(label, m_positional.value(from + max), takes)));
}

Result<QString> Args::subcommand(const QString& label, const QString& noun, const QStringList& known) const
{
    const QString sub = m_positional.value(0);
    const QString accepted = known.join(QStringLiteral(", "));
    if (sub.isEmpty())
        return fail(Error::invalid(QStringLiteral("%1: which %2? (accepted: %3)").arg(label, noun, accepted)));
    if (!known.contains(sub))
        return fail(
            Error::invalid(QStringLiteral("%1: unknown %2 '%3' (accepted: %4)").arg(label, noun, sub, accepted)));
    return sub;
}

Result<qint64> Args::id(const QString& label, int index, const QString& what) const
{
    const QString text = m_positional.value(index);
    if (text.isEmpty())
        return fail(
            Error::invalid(QStringLiteral("%1: which %2? (give its id, a whole number >= 1)").arg(label, what)));
    bool ok = false;
    const qint64 v = (text.startsWith(QLatin1Char('#')) ? text.mid(1) : text).toLongLong(&ok);
    if (!ok || v <= 0)
        return fail(Error::invalid(
            QStringLiteral("%1: '%2' is not a valid %3 id (accepted: a whole number >= 1)").arg(label, text, what)));
    return v;
}

Result<QString> Args::nonEmpty(const QString& label, const QString& option) const
{
    const QString v = m_values.value(option);
    if (m_values.contains(option) && v.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("%1: %2 needs a non-empty value (got '%3')").arg(label, option, v)));
    return v;
}

} // namespace sediment::cli
