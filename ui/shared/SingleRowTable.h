#pragma once

class QAbstractItemModel;
class QTableView;

namespace sediment::ui {

// Sets up a table whose reader acts on one record at a time: whole rows, one selected at once,
// sorted by a click on a heading, no row numbers, every cell on one line.
void setUpSingleRowTable(QTableView* table, QAbstractItemModel* model);

} // namespace sediment::ui
