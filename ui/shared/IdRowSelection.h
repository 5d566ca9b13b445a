#pragma once

#include <QObject>

class QTableView;

namespace sediment::ui {

class LazyIdTableModel;

// The current row of a single-selection table over a LazyIdTableModel, named by its record's id:
// what a page selects on request, keeps across a refresh or a new filter, and gives up for the
// first row when the record is no longer listed.
class IdRowSelection final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IdRowSelection)

public:
    // `idRole` gives a row's id; `column` is the cell made current, the one the reader looks at.
    // The selection lives as long as the table.
    IdRowSelection(QTableView* table, LazyIdTableModel* model, int idRole, int column);

    qint64 currentId() const; // 0 when no row is current
    bool select(qint64 id);   // false when the filter leaves the record out
    void selectFirst();       // nothing when the table is empty
    // After a refresh: the record `id` names if it is still listed, else the first row.
    void selectOrFirst(qint64 id);

private:
    QTableView* m_table;
    LazyIdTableModel* m_model;
    int m_idRole;
    int m_column;
};

} // namespace sediment::ui
