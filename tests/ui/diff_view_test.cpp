#include "shared/DiffView.h"
#include "shared/SideBySideDiff.h"

#include <QAbstractTextDocumentLayout>
#include <QSet>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include <string>

using namespace sediment::ui;

class DiffViewTest : public QObject {
    Q_OBJECT

private:
    static QString changedText(const std::vector<DiffSegment>& segs)
    {
        QStringList out;
        for (const auto& s : segs)
            if (s.changed)
                out << s.text;
        return out.join(QLatin1Char('|'));
    }

private Q_SLOTS:
    void tokenizesWordsSpacesAndPunctuation()
    {
        const auto t = SideBySideDiff::tokenize(QStringLiteral("Use rg,  not grep!"));
        const std::vector<QString> expected{QStringLiteral("Use"), QStringLiteral(" "),    QStringLiteral("rg"),
                                            QStringLiteral(","),   QStringLiteral("  "),   QStringLiteral("not"),
                                            QStringLiteral(" "),   QStringLiteral("grep"), QStringLiteral("!")};
        QCOMPARE(t, expected);
    }

    void marksOnlyTheChangedWordsOfAChangedLine()
    {
        const auto rows = SideBySideDiff::compute(QStringLiteral("always run the fast tests"),
                                                  QStringLiteral("always run the full tests"));
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].kind, DiffRow::Kind::Changed);
        QCOMPARE(changedText(rows[0].left), QStringLiteral("fast"));
        QCOMPARE(changedText(rows[0].right), QStringLiteral("full"));
    }

    void keepsUnchangedLinesAndNumbersBothSides()
    {
        const auto rows = SideBySideDiff::compute(QStringLiteral("a\nb\nc"), QStringLiteral("a\nc\nd"));
        QCOMPARE(rows.size(), size_t(4));
        QCOMPARE(rows[0].kind, DiffRow::Kind::Same);
        QCOMPARE(rows[1].kind, DiffRow::Kind::Removed);
        QCOMPARE(rows[1].leftLine, std::optional<int>(2));
        QVERIFY(!rows[1].rightLine);
        QCOMPARE(rows[2].kind, DiffRow::Kind::Same);
        QCOMPARE(rows[2].rightLine, std::optional<int>(2));
        QCOMPARE(rows[3].kind, DiffRow::Kind::Added);
        QCOMPARE(rows[3].rightLine, std::optional<int>(3));
    }

    void aNewEntryIsAllAdded()
    {
        const auto rows = SideBySideDiff::compute(QString(), QStringLiteral("one\ntwo"));
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].kind, DiffRow::Kind::Added);
        QCOMPARE(rows[1].kind, DiffRow::Kind::Added);
    }

    void identicalTextsHaveNoChange()
    {
        for (const auto& row : SideBySideDiff::compute(QStringLiteral("x y\nz"), QStringLiteral("x y\nz")))
            QCOMPARE(row.kind, DiffRow::Kind::Same);
    }

    void viewHighlightsWordsAndEscapesMarkup()
    {
        DiffView view;
        view.setTexts(QStringLiteral("prefer <b>tabs</b>"), QStringLiteral("prefer <b>spaces</b>"));
        QCOMPARE(view.changedWordCount(), 2);
        QVERIFY(view.diffHtml().contains(QStringLiteral("&lt;b&gt;")));
        QVERIFY(view.diffHtml().contains(QStringLiteral(">tabs</span>")));
        QVERIFY(view.diffHtml().contains(QStringLiteral(">spaces</span>")));
        QVERIFY(view.toPlainText().contains(QStringLiteral("spaces")));
    }

    void followsADarkPalette()
    {
        DiffView view;
        view.setTexts(QStringLiteral("old"), QStringLiteral("new"));
        const QString light = view.diffHtml();
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(0x25, 0x27, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x20, 0x22, 0x25));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        view.setPalette(dark);
        QVERIFY(view.diffHtml() != light);
        QVERIFY(view.diffHtml().contains(QStringLiteral("#1f3626")));
    }

    void showsAMessageInsteadOfADiff()
    {
        DiffView view;
        view.clearDiff(QStringLiteral("Select a proposal."));
        QCOMPARE(view.toPlainText(), QStringLiteral("Select a proposal."));
        QCOMPARE(view.changedWordCount(), 0);
    }

    void everyLineNumberOfALongDiffFitsItsGutterOnOneLine()
    {
        QStringList before, after;
        for (int i = 1; i <= 120; ++i) {
            before << QStringLiteral("line %1 of the old skill").arg(i);
            after << (i % 10 ? before.last() : QStringLiteral("line %1 rewritten").arg(i));
        }
        DiffView view;
        view.resize(420, 300); // a narrow detail pane
        view.show();
        view.setTexts(before.join(QLatin1Char('\n')), after.join(QLatin1Char('\n')));
        QVERIFY(view.gutterWidth() >= view.fontMetrics().horizontalAdvance(QStringLiteral("120")));

        // Rendered: each number is a cell of its own, and none wraps onto a second line.
        QTextDocument* doc = view.document();
        doc->documentLayout()->documentSize(); // lays the whole document out
        QSet<QString> seen;
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            bool isNumber = false;
            const int n = b.text().toInt(&isNumber);
            if (!isNumber || n < 1 || n > 120)
                continue;
            seen.insert(b.text());
            QVERIFY2(b.layout()->lineCount() == 1, qPrintable(b.text()));
        }
        QCOMPARE(seen.size(), 120);
    }

    // What the agent will read, a reviewer must see (docs/user-guide.md#preflight): each invisible or bidirectional
    // control character is drawn as its name and code point, on both sides, and never raw.
    void drawsInvisibleAndBidiCharactersVisibly()
    {
        DiffView view;
        const QString before = QStringLiteral("Run the tests.");
        const QString after = QStringLiteral("Run the tests.\u200B Then push\u202E ot niam\u202C.")
                              + QString::fromUcs4(std::u32string(1, U'\U000E0041').data(), 1);
        view.setTexts(before, after);
        const QString html = view.diffHtml();
        QVERIFY2(html.contains(QStringLiteral("\u27E8ZWSP U+200B\u27E9")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("\u27E8RLO U+202E\u27E9")));
        QVERIFY(html.contains(QStringLiteral("\u27E8PDF U+202C\u27E9")));
        QVERIFY(html.contains(QStringLiteral("\u27E8TAG U+E0041\u27E9")));
        for (const char16_t raw : {u'\u200B', u'\u202E', u'\u202C'})
            QVERIFY(!html.contains(QChar(raw)));
        // Markup in the text is still text.
        view.setTexts(QString(), QStringLiteral("<b>\u2066x\u2069</b>"));
        QVERIFY(view.diffHtml().contains(QStringLiteral("&lt;b&gt;")));
        QVERIFY(view.diffHtml().contains(QStringLiteral("\u27E8LRI U+2066\u27E9")));
    }
};

QTEST_MAIN(DiffViewTest)
#include "diff_view_test.moc"
