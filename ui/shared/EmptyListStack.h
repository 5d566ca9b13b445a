#pragma once

#include <QStackedWidget>

class QLabel;

namespace sediment::ui {

// A list that gives way to a sentence when it has nothing to show: why it is empty and what to
// do about it, centred, in the palette's muted tone.
class EmptyListStack final : public QStackedWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmptyListStack)

public:
    // Takes `list` (a table) into the stack, shown first.
    explicit EmptyListStack(QWidget* list, QWidget* parent = nullptr);

    QLabel* emptyLabel() const { return m_empty; }
    // The last sentence shown in place of the list.
    QString emptyText() const;
    void showList();
    void showEmpty(const QString& text);

private:
    // The sentence's style comes from Tones, again when the palette turns light or dark.
    void applyColors();

    QWidget* m_list;
    QLabel* m_empty = nullptr;
};

} // namespace sediment::ui
