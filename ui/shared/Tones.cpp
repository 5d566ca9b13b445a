#include "shared/Tones.h"

#include <array>
#include <QAbstractAxis>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QWidget>
#include <QXYSeries>

namespace sediment::ui {

namespace {

// Hears a widget's palette changes for Tones::follow; a child of the widget, so it lives as long.
class PaletteFollower final : public QObject {
public:
    PaletteFollower(QWidget* widget, std::function<void()> recolour) : QObject(widget), m_recolour(std::move(recolour))
    {
        widget->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == parent() && event->type() == QEvent::PaletteChange)
            m_recolour();
        return false;
    }

private:
    std::function<void()> m_recolour;
};

struct Pair {
    QRgb light;
    QRgb dark;
};

// In Tone's order. Each text tone reads at a contrast of at least 4.5 on the background it is
// drawn on (tones_test checks it), in both schemes.
constexpr std::array<Pair, Tones::kToneCount> kPairs{{
    {0xb42318, 0xff8a8a}, // ErrorText
    {0x137333, 0x7ee2a0}, // GoodText
    {0x5f6670, 0x9aa1a9}, // MutedText
    {0x6b7280, 0x8b929b}, // FaintText
    {0xfff4e5, 0x4a2a12}, // WarningBackground
    {0x7a3e00, 0xffd7a8}, // WarningText
    {0xfdecec, 0x4a1f1f}, // ErrorBackground
    {0x8a1c1c, 0xffc9c9}, // ErrorOnBackground
    {0xeaf6ee, 0x1f3326}, // GoodBackground
    {0x14532d, 0xc8f0d4}, // GoodOnBackground
    {0xf1f4f8, 0x23272e}, // Panel
    {0xfdecec, 0x3b2326}, // RemovedLine
    {0xf5b7b9, 0x7d2f35}, // RemovedWord
    {0xe9f7ec, 0x1f3626}, // AddedLine
    {0xa9e2b6, 0x2f6b3c}, // AddedWord
    {0xe3e5e8, 0x3a3f46}, // Rule
    {0xd9352b, 0xd0392e}, // MeterOver
    {0xc77700, 0xa16207}, // MeterNear
}};

} // namespace

Tones::Tones(const QPalette& palette) : m_dark(isDark(palette)) {}

Tones Tones::of(const QWidget* widget) { return Tones(widget->palette()); }

bool Tones::isDark(const QPalette& palette) { return palette.color(QPalette::Window).lightness() < 128; }

QColor Tones::color(Tone tone) const
{
    const Pair& p = kPairs[std::size_t(tone)];
    return QColor::fromRgb(m_dark ? p.dark : p.light);
}

QPalette Tones::darkPalette()
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

void Tones::applyTo(QChart* chart, const QPalette& palette)
{
    const Tones tones(palette);
    const QColor text = palette.color(QPalette::Text);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(tones.color(Tone::FaintText));
        axis->setGridLineColor(tones.color(Tone::Rule));
    }
    for (QAbstractSeries* series : chart->series())
        if (auto* xy = qobject_cast<QXYSeries*>(series))
            xy->setPointLabelsColor(text);
}

void Tones::follow(QWidget* widget, std::function<void()> recolour)
{
    new PaletteFollower(widget, std::move(recolour));
}

} // namespace sediment::ui
