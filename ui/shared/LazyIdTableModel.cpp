#include "shared/LazyIdTableModel.h"

namespace sediment::ui {

int LazyIdTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_ids.size()); }

int LazyIdTableModel::rowOf(qint64 id) const
{
    for (size_t i = 0; i < m_ids.size(); ++i)
        if (m_ids[i] == id)
            return int(i);
    return -1;
}

void LazyIdTableModel::reload()
{
    dropRows();
    auto ids = readIds();
    if (!ids) {
        m_ids.clear();
        Q_EMIT errorOccurred(ids.error().message);
        return;
    }
    m_ids = std::move(*ids);
}

void LazyIdTableModel::resetWith(const std::function<void()>& change)
{
    beginResetModel();
    if (change)
        change();
    reload();
    endResetModel();
}

void LazyIdTableModel::refresh() { resetWith({}); }

void LazyIdTableModel::reorder(const std::function<void()>& change)
{
    Q_EMIT layoutAboutToBeChanged();
    change();
    const QModelIndexList before = persistentIndexList();
    std::vector<qint64> keys;
    for (const QModelIndex& i : before)
        keys.push_back(m_ids[size_t(i.row())]);
    reload();
    QModelIndexList after;
    for (size_t k = 0; k < keys.size(); ++k) {
        const int row = rowOf(keys[k]);
        after << (row < 0 ? QModelIndex() : index(row, before[qsizetype(k)].column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged();
}

} // namespace sediment::ui
