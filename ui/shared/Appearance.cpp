#include "shared/Appearance.h"

#include "shared/Tones.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace sediment::ui {

QString Appearance::current()
{
    return QSettings().value(QStringLiteral("appearance"), QStringLiteral("system")).toString();
}

void Appearance::apply(const QString& mode)
{
    static const QString platformStyle = QApplication::style()->name();
    static const QPalette platformPalette = QApplication::palette();
    if (mode == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(Tones::darkPalette());
    } else if (mode == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(QStyleFactory::create(platformStyle));
        QApplication::setPalette(platformPalette);
    }
    QSettings().setValue(QStringLiteral("appearance"), mode);
}

bool Appearance::isDark() { return Tones::isDark(QApplication::palette()); }

} // namespace sediment::ui
