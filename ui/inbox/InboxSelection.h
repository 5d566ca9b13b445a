#pragma once

#include <QList>
#include <QObject>

class QTableView;

namespace sediment::ui {

class InboxTableModel;

// Which proposals the inbox list has selected, by id: what a decision acts on, and what a
// refresh puts back (the current item, the other selected rows, the scroll position) however
// the rows moved underneath.
class InboxSelection final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxSelection)

public:
    // What a refresh puts back, taken just before it.
    struct Kept {
        qint64 current = 0;
        int currentRow = -1;
        QList<qint64> selected;
        int scroll = 0;
    };

    // The selection lives as long as the table.
    InboxSelection(QTableView* table, InboxTableModel* model);

    qint64 currentId() const; // 0 when no row is current
    qint64 selectedRowCount() const;
    // The selected rows' ids, else the current row's.
    QList<qint64> selectedIds() const;
    // Makes `row`, kept within the list, the current and only selected row; the list is not empty.
    void selectRow(int row);
    // The first pending row from `row` on, looking a few pages ahead, else `row` (at most the last).
    int nextPendingFrom(int row) const;
    // Where a decision on the selection moves on from: its topmost row, since every selected row
    // leaves the pending view and the next item then stands there (the current row alone when
    // nothing else is selected).
    int firstSelectedRow() const;

    Kept keep() const;
    // After the model's refresh (`reset` when it reset): the kept rows selected again where they
    // are now, the current one first, else the row it was on.
    void restore(const Kept& kept, bool reset);

private:
    QTableView* m_table;
    InboxTableModel* m_model;
};

} // namespace sediment::ui
