#include "inbox/SameText.h"

#include "util/FullCaseFold.h"

namespace sediment {

namespace {

void collect(const Json& value, QString& into)
{
    if (value.is_string()) {
        into += fromStd(value.get<std::string>());
        into += QLatin1Char(' ');
    } else if (value.is_object() || value.is_array()) {
        for (const Json& v : value)
            collect(v, into);
    }
}

} // namespace

QString SameText::normalise(const QString& text)
{
    const QString folded = fullCaseFold(text.normalized(QString::NormalizationForm_KC));
    QString out;
    out.reserve(folded.size());
    bool gap = false;
    for (const QChar c : folded) {
        if (c.isSpace() || c.isPunct()) {
            gap = true;
            continue;
        }
        if (gap && !out.isEmpty())
            out += QLatin1Char(' ');
        gap = false;
        out += c;
    }
    return out;
}

QString SameText::of(const Json& op)
{
    QString all;
    collect(op, all);
    return normalise(all);
}

} // namespace sediment
