#include "shared/Appearance.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace sediment::ui {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x25, 0x27, 0x2b);
    const QColor base(0x1d, 0x1f, 0x22);
    const QColor text(0xe4, 0xe6, 0xea);
    const QColor disabled(0x7a, 0x7f, 0x87);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x25, 0x29));
    p.setColor(QPalette::ToolTipBase, QColor(0x32, 0x35, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2d, 0x30, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3d, 0x43));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x36, 0x3b));
    p.setColor(QPalette::Mid, QColor(0x8a, 0x90, 0x99));
    p.setColor(QPalette::Dark, QColor(0x16, 0x17, 0x19));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

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
        QApplication::setPalette(darkPalette());
    } else if (mode == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(QStyleFactory::create(platformStyle));
        QApplication::setPalette(platformPalette);
    }
    QSettings().setValue(QStringLiteral("appearance"), mode);
}

bool Appearance::isDark() { return QApplication::palette().color(QPalette::Window).lightness() < 128; }

} // namespace sediment::ui
