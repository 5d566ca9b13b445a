#include "shared/ColumnFit.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace sediment::ui {

void fitColumn(QTableView* table, int column, const QString& sample)
{
    // Room for the cell's margins and, in the header, the sort indicator.
    constexpr int kMargins = 28;
    const QString title = table->model()->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
    const int value = QFontMetrics(table->font()).horizontalAdvance(sample);
    const int heading = QFontMetrics(table->horizontalHeader()->font()).horizontalAdvance(title);
    table->setColumnWidth(column, std::max(value, heading) + kMargins);
}

} // namespace sediment::ui
