#include "audit/AuditPage.h"
#include "InboxFixture.h"
#include "shared/Appearance.h"
#include "shared/Tones.h"

#include <QLabel>
#include <QStyle>
#include <QStyleFactory>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;
using T = Tones::Tone;

namespace {

// WCAG's contrast ratio: 1 (the same) to 21 (black on white); 4.5 is the floor for body text.
double luminance(const QColor& c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QPalette lightPalette()
{
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion->standardPalette();
}

} // namespace

class TonesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void decidesDarkFromTheWindowColour()
    {
        QVERIFY(!Tones(lightPalette()).dark());
        QVERIFY(Tones(Tones::darkPalette()).dark());
    }

    void everyToneDiffersBetweenLightAndDark()
    {
        const Tones light(lightPalette());
        const Tones dark(Tones::darkPalette());
        for (int i = 0; i < Tones::kToneCount; ++i)
            QVERIFY2(light.color(T(i)) != dark.color(T(i)), qPrintable(QString::number(i)));
    }

    void textTonesAreReadableOnTheirBackgrounds_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::newRow("light") << lightPalette();
        QTest::newRow("dark") << Tones::darkPalette();
    }

    void textTonesAreReadableOnTheirBackgrounds()
    {
        QFETCH(QPalette, palette);
        const Tones tones(palette);
        const QColor window = palette.color(QPalette::Window);
        const QColor base = palette.color(QPalette::Base);
        const QColor text = palette.color(QPalette::Text);
        auto readable = [](const QColor& fg, const QColor& bg, double floor) {
            const double ratio = contrast(fg, bg);
            if (ratio < floor)
                qWarning("%s on %s: contrast %.2f", qPrintable(fg.name()), qPrintable(bg.name()), ratio);
            return ratio >= floor;
        };
        for (T t : {T::ErrorText, T::GoodText, T::MutedText}) {
            QVERIFY(readable(tones.color(t), window, 4.5));
            QVERIFY(readable(tones.color(t), base, 4.5));
        }
        QVERIFY(readable(tones.color(T::FaintText), base, 4.5)); // line numbers, on the diff
        QVERIFY(readable(tones.color(T::WarningText), tones.color(T::WarningBackground), 4.5));
        QVERIFY(readable(tones.color(T::ErrorOnBackground), tones.color(T::ErrorBackground), 4.5));
        QVERIFY(readable(tones.color(T::GoodOnBackground), tones.color(T::GoodBackground), 4.5));
        QVERIFY(readable(text, tones.color(T::GoodBackground), 4.5)); // the settled banner
        for (T t : {T::Panel, T::RemovedLine, T::RemovedWord, T::AddedLine, T::AddedWord})
            QVERIFY(readable(text, tones.color(t), 4.5));
        // A meter's fill is a shape on the field (3 is the floor for graphics), under its figure.
        for (T t : {T::MeterOver, T::MeterNear}) {
            QVERIFY(readable(tones.color(t), base, 3.0));
            QVERIFY(readable(text, tones.color(t), 3.0));
        }
    }

    void aStyleSheetFollowsTheAppearance()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        Appearance::apply(QStringLiteral("light"));
        AuditPage page(*fx.ws, fx.clock);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.verifyChain();
        const QString light = page.verifyResult()->styleSheet();
        QVERIFY(light.contains(Tones(lightPalette()).css(T::GoodBackground)));

        Appearance::apply(QStringLiteral("dark"));
        QTRY_VERIFY(page.verifyResult()->styleSheet() != light);
        QVERIFY(page.verifyResult()->styleSheet().contains(Tones(Tones::darkPalette()).css(T::GoodBackground)));

        Appearance::apply(QStringLiteral("light"));
        QTRY_COMPARE(page.verifyResult()->styleSheet(), light);
    }

    void aFollowerHearsItsWidgetsPaletteChangesOnly()
    {
        QWidget window;
        auto* followed = new QWidget(&window);
        auto* sibling = new QWidget(&window);
        int heard = 0;
        Tones::follow(followed, [&heard] { ++heard; });

        sibling->setPalette(Tones::darkPalette());
        QCOMPARE(heard, 0);
        followed->setPalette(Tones::darkPalette());
        QCOMPARE(heard, 1);
        // A palette set on an ancestor reaches the widget as its own change.
        followed->setPalette(QPalette());
        const int before = heard;
        window.setPalette(Tones::darkPalette());
        QVERIFY(heard > before);
        // A palette equal to the one in force changes nothing, so nothing is heard.
        const int settled = heard;
        window.setPalette(Tones::darkPalette());
        QCOMPARE(heard, settled);
    }
};

QTEST_MAIN(TonesTest)
#include "tones_test.moc"
