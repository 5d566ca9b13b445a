#include "inbox/InboxSelection.h"

#include "inbox/InboxTableModel.h"
#include "model/InboxStatus.h"

#include <QItemSelectionModel>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>

namespace sediment::ui {

namespace {

constexpr int kRestoreSelectionLimit = 50; // re-selecting costs one count query per id

} // namespace

InboxSelection::InboxSelection(QTableView* table, InboxTableModel* model)
    : QObject(table)
    , m_table(table)
    , m_model(model)
{}

qint64 InboxSelection::currentId() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? m_model->idAt(current.row()) : 0;
}

qint64 InboxSelection::selectedRowCount() const
{
    qint64 rows = 0;
    const QItemSelection selection = m_table->selectionModel()->selection();
    for (const QItemSelectionRange& range : selection)
        rows += range.height();
    return rows;
}

QList<qint64> InboxSelection::selectedIds() const
{
    QList<qint64> ids;
    const QItemSelection selection = m_table->selectionModel()->selection();
    for (const QItemSelectionRange& range : selection)
        for (int row = range.top(); row <= range.bottom(); ++row)
            if (const qint64 id = m_model->idAt(row))
                ids.append(id);
    if (ids.isEmpty() && currentId())
        ids.append(currentId());
    return ids;
}

void InboxSelection::selectRow(int row)
{
    row = std::clamp(row, 0, m_model->rowCount() - 1);
    const QModelIndex index = m_model->index(row, InboxTableModel::SummaryColumn);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

int InboxSelection::nextPendingFrom(int row) const
{
    // Decided items leave the default (pending) view, so the next one now sits at `row`; with
    // status:all they stay, and the next pending one is further down.
    const int scanEnd = std::min(m_model->rowCount(), row + 4 * InboxTableModel::kPageSize);
    for (int r = std::max(row, 0); r < scanEnd; ++r)
        if (isWord(m_model->data(m_model->index(r, 0), InboxTableModel::StatusRole).toString(), InboxStatus::Pending))
            return r;
    return std::min(row, m_model->rowCount() - 1);
}

int InboxSelection::firstSelectedRow() const
{
    int row = m_table->currentIndex().row();
    for (const QItemSelectionRange& range : m_table->selectionModel()->selection())
        row = row < 0 ? range.top() : std::min(row, range.top());
    return row;
}

InboxSelection::Kept InboxSelection::keep() const
{
    Kept kept;
    kept.current = currentId();
    kept.currentRow = m_table->currentIndex().row();
    const auto ranges = m_table->selectionModel()->selection();
    for (const QItemSelectionRange& range : ranges)
        for (int row = range.top(); row <= range.bottom() && kept.selected.size() < kRestoreSelectionLimit; ++row)
            kept.selected.append(m_model->idAt(row));
    kept.scroll = m_table->verticalScrollBar()->value();
    return kept;
}

void InboxSelection::restore(const Kept& kept, bool reset)
{
    if (!reset && (!kept.current || m_model->idAt(kept.currentRow) == kept.current))
        return;
    QItemSelection restored;
    for (qint64 id : kept.selected) {
        if (id == kept.current)
            continue;
        const int row = m_model->rowOfId(id);
        if (row >= 0)
            restored.select(m_model->index(row, 0), m_model->index(row, InboxTableModel::ColumnCount - 1));
    }
    const int row = kept.current ? m_model->rowOfId(kept.current) : -1;
    const int target = row >= 0 ? row : std::min(std::max(kept.currentRow, 0), m_model->rowCount() - 1);
    m_table->doItemsLayout();
    m_table->verticalScrollBar()->setValue(kept.scroll);
    if (target >= 0) {
        const QModelIndex index = m_model->index(target, InboxTableModel::SummaryColumn);
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
        restored.select(m_model->index(target, 0), m_model->index(target, InboxTableModel::ColumnCount - 1));
    }
    m_table->selectionModel()->select(restored, QItemSelectionModel::ClearAndSelect);
}

} // namespace sediment::ui
