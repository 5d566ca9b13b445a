#include "shared/LazyIdTableModel.h"

#include <algorithm>

namespace sediment::ui {

int LazyIdTableModel::rowOf(qint64 id) const
{
    const auto found = std::find(m_ids.begin(), m_ids.end(), id);
    return found == m_ids.end() ? -1 : int(found - m_ids.begin());
}

void LazyIdTableModel::reorder(const std::function<void()>& change)
{
    LazyTableModel::reorder(
        [&] {
            change();
            reload();
        },
        [this](int row) { return idAt(row); });
}

} // namespace sediment::ui
