#pragma once

#include <QString>

class QFormLayout;
class QLabel;

namespace sediment::ui {

// A row of a facts form (factsForm) that is shown only when the item has something to say in
// it: its label and its value appear and disappear together, and what it says is read as shown.
struct FactRow {
    QLabel* label = nullptr;
    QLabel* value = nullptr;

    // Adds a row to the bottom of `form`: a label reading `title` beside `value`.
    static FactRow add(QFormLayout* form, const QString& title, QLabel* value);

    void setVisible(bool visible) const;
    // The value's text; empty while the row is hidden.
    QString shownText() const;
};

} // namespace sediment::ui
