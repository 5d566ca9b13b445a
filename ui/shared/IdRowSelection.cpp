#include "shared/IdRowSelection.h"

#include "shared/LazyIdTableModel.h"

#include <QTableView>

namespace sediment::ui {

IdRowSelection::IdRowSelection(QTableView* table, LazyIdTableModel* model, int idRole, int column)
    : QObject(table)
    , m_table(table)
    , m_model(model)
    , m_idRole(idRole)
    , m_column(column)
{}

qint64 IdRowSelection::currentId() const
{
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? m_model->data(i, m_idRole).toLongLong() : 0;
}

bool IdRowSelection::select(qint64 id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    m_table->setCurrentIndex(m_model->index(row, m_column));
    return true;
}

void IdRowSelection::selectFirst()
{
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

void IdRowSelection::selectOrFirst(qint64 id)
{
    if (!id || !select(id))
        selectFirst();
}

} // namespace sediment::ui
