#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

#include <functional>

class QChart;
class QWidget;

namespace sediment::ui {

// The one palette of the colours the app adds to Qt's: each meaning (an error, a diff's removed
// line, a meter near its limit) has a light and a dark tone, and the widget's palette picks
// which. Style sheets and painters ask here instead of naming colours; a widget that builds a
// style sheet from tones rebuilds it when its palette changes (follow()), so switching Appearance
// between light and dark recolours it.
class Tones final {
public:
    enum class Tone {
        ErrorText,         // something is wrong or blocks: a refused budget, a threat, a query error
        GoodText,          // something checked out: a clean threat scan, a plan that fits
        MutedText,         // secondary text: subtitles, placeholders, empty states, diff titles
        FaintText,         // tertiary text: a diff's line numbers
        WarningBackground, // a banner that asks for action
        WarningText,       //   and its text
        ErrorBackground,   // a banner that reports a failure (a broken audit chain)
        ErrorOnBackground, //   and its text
        GoodBackground,    // a banner that reports a success or a settled state
        GoodOnBackground,  //   and its text
        Panel,             // a framed group set apart from the page (the write plan)
        RemovedLine,       // a diff's removed line
        RemovedWord,       //   and the words changed in it
        AddedLine,         // a diff's added line
        AddedWord,         //   and the words changed in it
        Rule,              // a diff's separating lines
        MeterOver,         // a usage meter past its limit
        MeterNear,         // a usage meter close to its limit
    };
    static constexpr int kToneCount = int(Tone::MeterNear) + 1;

    explicit Tones(const QPalette& palette);
    static Tones of(const QWidget* widget);

    // Dark when the window background is dark, as Appearance decides it for the whole app.
    static bool isDark(const QPalette& palette);
    bool dark() const { return m_dark; }

    QColor color(Tone tone) const;
    QString css(Tone tone) const { return color(tone).name(); } // for style sheets and HTML

    // The palette Appearance installs for "dark" (the light one is the style's standard palette).
    static QPalette darkPalette();

    // Gives a chart the palette's background and text (titles, axes, legend, point labels) and the
    // tones' rules, so it reads in the dark as in the light; its series keep their own colours,
    // which read on both.
    static void applyTo(QChart* chart, const QPalette& palette);

    // Calls `recolour` each time `widget`'s palette changes (Appearance switched, or a palette set
    // on an ancestor): the one place a widget that paints with tones hears of it, instead of each
    // overriding changeEvent. Call it once the widget's parts exist.
    static void follow(QWidget* widget, std::function<void()> recolour);

private:
    bool m_dark;
};

} // namespace sediment::ui
