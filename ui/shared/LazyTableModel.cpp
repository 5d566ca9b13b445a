#include "shared/LazyTableModel.h"

namespace sediment::ui {

LazyTableModel::LazyTableModel(int columnCount, QObject* parent) : QAbstractTableModel(parent), m_columns(columnCount)
{}

int LazyTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : keyCount(); }

int LazyTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_columns; }

QVariant LazyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section);
}

void LazyTableModel::reportError(const QString& message) const
{
    // Rows are read while painting, a const path; the signal is no change to the model.
    Q_EMIT const_cast<LazyTableModel*>(this)->errorOccurred(message);
}

void LazyTableModel::reload()
{
    dropRows();
    readKeys();
}

void LazyTableModel::replaceKeys(const std::function<void()>& change)
{
    beginResetModel();
    dropRows();
    change();
    endResetModel();
}

void LazyTableModel::resetWith(const std::function<void()>& change)
{
    replaceKeys([&] {
        if (change)
            change();
        readKeys();
    });
}

bool LazyTableModel::refresh()
{
    resetWith({});
    return true;
}

void LazyTableModel::reloadRows()
{
    dropRows();
    if (keyCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(keyCount() - 1, m_columns - 1));
}

} // namespace sediment::ui
