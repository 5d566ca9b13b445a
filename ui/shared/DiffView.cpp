#include "shared/DiffView.h"

#include "memory/UnicodeText.h"

#include "shared/SideBySideDiff.h"
#include "shared/Tones.h"

#include <QPalette>
#include <QScrollBar>

#include <algorithm>

namespace sediment::ui {

namespace {

constexpr int kCellPadding = 3; // the table's cellpadding, in pixels

struct Colors {
    QString removedLine, removedWord, addedLine, addedWord, gutter, rule, text, muted;
};

Colors colorsFor(const QPalette& p)
{
    using T = Tones::Tone;
    const Tones t(p);
    return {t.css(T::RemovedLine),
            t.css(T::RemovedWord),
            t.css(T::AddedLine),
            t.css(T::AddedWord),
            t.css(T::FaintText),
            t.css(T::Rule),
            p.color(QPalette::Text).name(),
            t.css(T::MutedText)};
}

// Characters a reader cannot see but the agent will read (docs/user-guide.md#preflight): zero-width, bidirectional
// controls, tags. Hermes' threat scan flags some of them; the diff shows them all, named.
QString invisibleName(char32_t c)
{
    switch (c) {
    case 0x00AD:
        return QStringLiteral("SHY");
    case 0x061C:
        return QStringLiteral("ALM");
    case 0x180E:
        return QStringLiteral("MVS");
    case 0x200B:
        return QStringLiteral("ZWSP");
    case 0x200C:
        return QStringLiteral("ZWNJ");
    case 0x200D:
        return QStringLiteral("ZWJ");
    case 0x200E:
        return QStringLiteral("LRM");
    case 0x200F:
        return QStringLiteral("RLM");
    case 0x202A:
        return QStringLiteral("LRE");
    case 0x202B:
        return QStringLiteral("RLE");
    case 0x202C:
        return QStringLiteral("PDF");
    case 0x202D:
        return QStringLiteral("LRO");
    case 0x202E:
        return QStringLiteral("RLO");
    case 0x2060:
        return QStringLiteral("WJ");
    case 0x2061:
        return QStringLiteral("FA");
    case 0x2062:
        return QStringLiteral("IT");
    case 0x2063:
        return QStringLiteral("IS");
    case 0x2064:
        return QStringLiteral("IP");
    case 0x2066:
        return QStringLiteral("LRI");
    case 0x2067:
        return QStringLiteral("RLI");
    case 0x2068:
        return QStringLiteral("FSI");
    case 0x2069:
        return QStringLiteral("PDI");
    case 0xFEFF:
        return QStringLiteral("BOM");
    default:
        return c >= 0xE0000 && c <= 0xE007F ? QStringLiteral("TAG") : QString();
    }
}

// HTML of `text` with every invisible character drawn as a marked name and code point, so
// "a\u202Eb" reads "a⟨RLO U+202E⟩b" in white on red whatever the palette.
QString escaped(const QString& text)
{
    QString out;
    out.reserve(text.size());
    qsizetype plainFrom = 0;
    for (qsizetype i = 0; i < text.size();) {
        const qsizetype at = i;
        const char32_t c = UnicodeText::next(text, i);
        const QString name = c < 0xAD ? QString() : invisibleName(c);
        if (name.isEmpty())
            continue;
        out += text.mid(plainFrom, at - plainFrom).toHtmlEscaped();
        out += QStringLiteral("<span style='color:#ffffff;background-color:#b91c1c'>\u27E8%1 U+%2\u27E9</span>")
                   .arg(name, QStringLiteral("%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper());
        plainFrom = i;
    }
    out += text.mid(plainFrom).toHtmlEscaped();
    return out;
}

} // namespace

DiffView::DiffView(QWidget* parent) : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("diffView"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    setLineWrapMode(QTextEdit::WidgetWidth);
    document()->setDocumentMargin(8);
    Tones::follow(this, [this] { render(); });
}

void DiffView::setTexts(const QString& before, const QString& after, const QString& beforeTitle,
                        const QString& afterTitle)
{
    m_before = before;
    m_after = after;
    m_beforeTitle = beforeTitle;
    m_afterTitle = afterTitle;
    m_message.clear();
    render();
}

void DiffView::clearDiff(const QString& message)
{
    m_before.clear();
    m_after.clear();
    m_message = message;
    render();
}

int DiffView::gutterWidthFor(const std::vector<DiffRow>& rows) const
{
    int largest = 0;
    for (const DiffRow& row : rows)
        largest = std::max({largest, row.leftLine.value_or(0), row.rightLine.value_or(0)});
    // The widest of the numbers with as many digits as the largest ("88" may be wider than
    // "10"), plus the cell's padding on both sides.
    const qsizetype digits = QString::number(std::max(largest, 1)).size();
    int advance = 0;
    for (char digit = '0'; digit <= '9'; ++digit)
        advance = std::max(advance, fontMetrics().horizontalAdvance(QString(digits, QLatin1Char(digit))));
    return advance + 2 * kCellPadding + 2;
}

void DiffView::render()
{
    const Colors c = colorsFor(palette());
    m_changedWords = 0;
    if (!m_message.isEmpty()) {
        m_html = QStringLiteral("<p style='color:%1'>%2</p>").arg(c.muted, escaped(m_message));
        setHtml(m_html);
        return;
    }
    QString html;
    html += QStringLiteral("<table width='100%' cellspacing='0' cellpadding='%1' "
                           "style='border-collapse:collapse'>")
                .arg(kCellPadding);
    const auto rows = SideBySideDiff::compute(m_before, m_after);
    m_gutterWidth = gutterWidthFor(rows);
    // The gutters are as wide as their largest number in this font: a percentage of the table
    // wrapped "10" onto two lines in a narrow pane.
    html += QStringLiteral("<tr><th width='%4'></th><th width='50%' align='left' "
                           "style='color:%1'>%2</th><th width='%4'></th>"
                           "<th width='50%' align='left' style='color:%1'>%3</th></tr>")
                .arg(c.muted, escaped(m_beforeTitle), escaped(m_afterTitle))
                .arg(m_gutterWidth);
    auto side = [&](const std::vector<DiffSegment>& segs, const QString& word) {
        QString out;
        for (const DiffSegment& s : segs) {
            if (s.changed) {
                ++m_changedWords;
                out += QStringLiteral("<span style='background-color:%1'>%2</span>").arg(word, escaped(s.text));
            } else {
                out += escaped(s.text);
            }
        }
        return out;
    };
    for (const DiffRow& row : rows) {
        const bool left = row.kind == DiffRow::Kind::Changed || row.kind == DiffRow::Kind::Removed;
        const bool right = row.kind == DiffRow::Kind::Changed || row.kind == DiffRow::Kind::Added;
        const QString leftBg = left ? QStringLiteral(" bgcolor='%1'").arg(c.removedLine) : QString();
        const QString rightBg = right ? QStringLiteral(" bgcolor='%1'").arg(c.addedLine) : QString();
        // Whole-line adds and removals are shaded by the row; only words inside a changed pair
        // get the stronger mark.
        const bool wordLevel = row.kind == DiffRow::Kind::Changed;
        html += QStringLiteral("<tr>");
        html += QStringLiteral("<td align='right' style='color:%1; white-space:nowrap'>%2</td>")
                    .arg(c.gutter, row.leftLine ? QString::number(*row.leftLine) : QString());
        html += QStringLiteral("<td%1 style='white-space:pre-wrap'>%2</td>")
                    .arg(leftBg, wordLevel ? side(row.left, c.removedWord)
                                           : escaped(row.left.empty() ? QString() : row.left.front().text));
        html += QStringLiteral("<td align='right' style='color:%1; white-space:nowrap'>%2</td>")
                    .arg(c.gutter, row.rightLine ? QString::number(*row.rightLine) : QString());
        html += QStringLiteral("<td%1 style='white-space:pre-wrap'>%2</td>")
                    .arg(rightBg, wordLevel ? side(row.right, c.addedWord)
                                            : escaped(row.right.empty() ? QString() : row.right.front().text));
        html += QStringLiteral("</tr>");
        if (!wordLevel && row.kind != DiffRow::Kind::Same)
            ++m_changedWords;
    }
    if (rows.empty())
        html += tr("<tr><td></td><td colspan='3' style='color:%1'>Both sides are "
                   "empty.</td></tr>")
                    .arg(c.muted);
    html += QStringLiteral("</table>");
    m_html = html;
    const int scroll = verticalScrollBar()->value();
    setHtml(html);
    verticalScrollBar()->setValue(scroll);
}

} // namespace sediment::ui
