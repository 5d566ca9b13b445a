#pragma once

#include <QTableView>

#include <functional>
#include <utility>

namespace sediment::ui {

// Sets up a table whose reader acts on one record at a time: whole rows, one selected at once,
// sorted by a click on a heading, no row numbers, every cell on one line.
void setUpSingleRowTable(QTableView* table, QAbstractItemModel* model);

// For a model whose orders each read one way (RepositoryTableModel): after every click, and now,
// the heading's arrow is put where `shown` says the rows' order truly is, so it never claims an
// order the rows are not in.
void keepSortArrowTrue(QTableView* table, std::function<std::pair<int, Qt::SortOrder>()> shown);

// A single-row table over a RepositoryTableModel, its arrow kept on the order the rows are in.
template <typename Model>
QTableView* singleRowTable(Model* model)
{
    auto* table = new QTableView;
    setUpSingleRowTable(table, model);
    keepSortArrowTrue(table, [model] { return model->shownSort(); });
    return table;
}

} // namespace sediment::ui
