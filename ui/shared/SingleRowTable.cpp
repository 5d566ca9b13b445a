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

void keepSortArrowTrue(QTableView* table, std::function<std::pair<int, Qt::SortOrder>()> shown)
{
    QHeaderView* header = table->horizontalHeader();
    // Connected after the view's own sorting slot, so it runs once the model has sorted. Putting
    // the arrow back asks the model for the order it already has, which changes nothing.
    const auto put = [header, shown = std::move(shown)] {
        const auto [column, direction] = shown();
        header->setSortIndicator(column, direction);
    };
    QObject::connect(header, &QHeaderView::sortIndicatorChanged, table, put);
    put();
}

} // namespace sediment::ui
