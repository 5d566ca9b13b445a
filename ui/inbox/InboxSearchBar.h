#pragma once

#include "model/InboxQuery.h"

#include <QList>
#include <QWidget>

#include <optional>

class QAction;
class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace sediment::ui {

class TypingPause;

// The bar above the inbox list: the search box with its query language
// (docs/user-guide.md#inbox), the result count, the decision buttons, and under them why a query
// does not parse. A query applies after a pause in typing or on Enter.
class InboxSearchBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxSearchBar)

public:
    explicit InboxSearchBar(QWidget* parent = nullptr);

    QLineEdit* searchBox() const { return m_search; }
    QLabel* queryError() const { return m_queryError; }
    void setCount(const QString& text);
    // One button for each of `actions` that has an icon, at the bar's end.
    void addButtonsFor(const QList<QAction*>& actions);

    // The filter the search box says, listing pending items only unless the query names a
    // status; nothing, with the reason shown under the bar, when the query does not parse.
    // Either way no application is left waiting for a pause.
    std::optional<InboxFilter> parse();

Q_SIGNALS:
    void typingPaused();
    void entered();

private:
    // The error's colour comes from Tones, again when the palette turns light or dark.
    void applyColors();

    QHBoxLayout* m_row = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_queryError = nullptr;
    TypingPause* m_typing = nullptr;
};

} // namespace sediment::ui
