#include "shared/SingleRowTable.h"

#include <QHeaderView>
#include <QTableView>

namespace sediment::ui {

void setUpSingleRowTable(QTableView* table, QAbstractItemModel* model)
{
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setSortingEnabled(true);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
}

} // namespace sediment::ui
