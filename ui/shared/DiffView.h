#pragma once

#include <QTextBrowser>

#include <vector>

namespace sediment::ui {

struct DiffRow;

// A proposal's change as two facing columns, removed words struck on the left and added words
// marked on the right; colours follow the light or dark palette.
class DiffView final : public QTextBrowser {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffView)

public:
    explicit DiffView(QWidget* parent = nullptr);

    void setTexts(const QString& before, const QString& after, const QString& beforeTitle = tr("Before"),
                  const QString& afterTitle = tr("After"));
    void clearDiff(const QString& message);

    // The two texts compared, as given.
    const QString& beforeText() const { return m_before; }
    const QString& afterText() const { return m_after; }
    // The HTML of the last diff, for tests and for copying.
    QString diffHtml() const { return m_html; }
    int changedWordCount() const { return m_changedWords; }
    // The line-number columns' width in pixels: the largest number fits on one line.
    int gutterWidth() const { return m_gutterWidth; }

private:
    void render();
    int gutterWidthFor(const std::vector<DiffRow>& rows) const;

    QString m_before;
    QString m_after;
    QString m_beforeTitle;
    QString m_afterTitle;
    QString m_message;
    QString m_html;
    int m_changedWords = 0;
    int m_gutterWidth = 0;
};

} // namespace sediment::ui
