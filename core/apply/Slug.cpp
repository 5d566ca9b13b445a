#include "apply/Slug.h"

#include <QFileInfo>

namespace sediment {

namespace {

constexpr qsizetype kMaxLength = 60;

} // namespace

QString Slug::fromTitle(const QString& title)
{
    // Compatibility decomposition turns "é" into "e" + a combining accent and "ﬁ" into "fi", so
    // most Latin titles keep their words; what is still not ASCII separates words.
    const QString decomposed = title.normalized(QString::NormalizationForm_KD);
    QString slug;
    bool pendingDash = false;
    for (const QChar c : decomposed) {
        if (c.isMark())
            continue;
        const char16_t u = c.unicode();
        const bool asciiWord = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9');
        if (!asciiWord) {
            pendingDash = true;
            continue;
        }
        if (pendingDash && !slug.isEmpty())
            slug += QLatin1Char('-');
        pendingDash = false;
        slug += c.toLower();
    }
    if (slug.size() > kMaxLength) {
        slug.truncate(kMaxLength);
        while (slug.endsWith(QLatin1Char('-')))
            slug.chop(1);
    }
    return slug.isEmpty() ? QStringLiteral("untitled") : slug;
}

QString Slug::unique(const QString& folder, const QString& base)
{
    auto taken = [&](const QString& name) {
        const QFileInfo info(folder + QLatin1Char('/') + name + QStringLiteral(".md"));
        return info.exists() || info.isSymLink();
    };
    QString name = base;
    for (int n = 2; taken(name); ++n)
        name = base + QLatin1Char('-') + QString::number(n);
    return name;
}

} // namespace sediment
