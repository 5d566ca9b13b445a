#include "apply/TextEdit.h"

namespace sediment {

qsizetype TextEdit::occurrences(const QString& text, const QString& needle)
{
    if (needle.isEmpty())
        return 0;
    qsizetype count = 0;
    for (qsizetype at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1))
        ++count;
    return count;
}

QString TextEdit::replaceOnce(const QString& text, const QString& before, const QString& after)
{
    const qsizetype at = text.indexOf(before);
    if (at < 0)
        return text;
    return text.left(at) + after + text.mid(at + before.size());
}

QString TextEdit::appendParagraph(const QString& text, const QString& after)
{
    QString head = text;
    while (head.endsWith(QLatin1Char('\n')) || head.endsWith(QLatin1Char('\r')))
        head.chop(1);
    QString body = after;
    while (body.startsWith(QLatin1Char('\n')) || body.startsWith(QLatin1Char('\r')))
        body.remove(0, 1);
    if (!body.endsWith(QLatin1Char('\n')))
        body += QLatin1Char('\n');
    if (head.isEmpty())
        return body;
    return head + QStringLiteral("\n\n") + body;
}

std::optional<QString> TextEdit::apply(const QString& text, const QString& before, const QString& after)
{
    if (before.isEmpty())
        return appendParagraph(text, after);
    if (occurrences(text, before) != 1)
        return std::nullopt;
    return replaceOnce(text, before, after);
}

} // namespace sediment
