#include "shared/RecordTable.h"

#include "shared/ColumnFit.h"

#include <QHeaderView>

namespace sediment::ui {

RecordTable::RecordTable(QAbstractItemModel* model, int stretchColumn, QWidget* parent) : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    setShowGrid(false);
    setAlternatingRowColors(true);
    setIconSize(QSize(14, 14));
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 10);
    // The model comes after the row header is fixed: set first, a million-row model would have
    // its row sections laid out once for the default mode and again for the fixed one.
    setModel(model);
    auto* header = horizontalHeader();
    header->setHighlightSections(false);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setMinimumSectionSize(40);
    header->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
}

void RecordTable::setColumnWidthsFor(std::initializer_list<std::pair<int, const char*>> samples)
{
    for (const auto& [column, sample] : samples)
        fitColumn(this, column, QString::fromUtf8(sample));
}

} // namespace sediment::ui
