#include "shared/DiffView.h"

#include "shared/SideBySideDiff.h"
#include "shared/Tones.h"

#include <QEvent>
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

QString escaped(const QString& text) { return text.toHtmlEscaped(); }

} // namespace

DiffView::DiffView(QWidget* parent) : QTextBrowser(parent)
{
    setObjectName(QStringLiteral("diffView"));
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
    setLineWrapMode(QTextEdit::WidgetWidth);
    document()->setDocumentMargin(8);
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

void DiffView::changeEvent(QEvent* event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
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
