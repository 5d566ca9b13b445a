#pragma once

#include <Qt>

#include <functional>
#include <utility>

class QAbstractItemModel;
class QTableView;

namespace sediment::ui {

// Sets up a table whose reader acts on one record at a time: whole rows, one selected at once,
// sorted by a click on a heading, no row numbers, every cell on one line.
void setUpSingleRowTable(QTableView* table, QAbstractItemModel* model);

// For a model whose orders each read one way (RepositoryTableModel): after every click, and now,
// the heading's arrow is put where `shown` says the rows' order truly is, so it never claims an
// order the rows are not in.
void keepSortArrowTrue(QTableView* table, std::function<std::pair<int, Qt::SortOrder>()> shown);

} // namespace sediment::ui
