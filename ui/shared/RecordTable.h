#pragma once

#include <QTableView>

#include <initializer_list>
#include <utility>

namespace sediment::ui {

// A table for long lazy record lists: whole-row selection, fixed row height (so a million rows
// lay out in constant time), no grid, one stretching column, widths in font units so that they
// follow the font and the screen's DPI.
class RecordTable final : public QTableView {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecordTable)

public:
    RecordTable(QAbstractItemModel* model, int stretchColumn, QWidget* parent = nullptr);

    // Column → the widest text it usually shows; the width follows the font and the DPI.
    void setColumnWidthsFor(std::initializer_list<std::pair<int, const char*>> samples);
};

} // namespace sediment::ui
