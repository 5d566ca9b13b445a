#pragma once

#include "shared/LazyTableModel.h"
#include "util/Error.h"

#include <vector>

namespace sediment::ui {

// A LazyTableModel whose keys are row ids read whole from SQL in one statement (the scars, the
// decisions): a new order or filter reads the ids again, and a page of rows is read by its ids.
// Kept as a layer of its own rather than folded into the base because the other tables hold
// their keys otherwise (a count, names, ids that arrive in the background).
class LazyIdTableModel : public LazyTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LazyIdTableModel)

public:
    int rowOf(qint64 id) const;

protected:
    LazyIdTableModel(int columnCount, QObject* parent) : LazyTableModel(columnCount, parent) {}

    // The ids in display order, under the subclass's current filter and order.
    virtual Result<std::vector<qint64>> readIds() const = 0;

    qint64 idAt(int row) const { return m_ids[size_t(row)]; }

    // `change` (a new order) applied, the ids read again, each persistent index kept on its id.
    void reorder(const std::function<void()>& change);

    // The row at `row` from `pages`, its page read with `read(ids)` on a miss. nullptr when the
    // read failed (reported) or the row was deleted since the ids were read.
    template <typename Row, typename Read>
    const Row* cachedRow(RowPages<Row>& pages, int row, Read read) const
    {
        const Row* r = pagedRow(pages, row, [&](int first, int count) {
            const std::vector<qint64> ids(m_ids.begin() + first, m_ids.begin() + first + count);
            return placeByKey(ids, read(ids), &Row::id, [](qint64) { return Row{}; });
        });
        return r && r->id != 0 ? r : nullptr;
    }

private:
    int keyCount() const final { return int(m_ids.size()); }
    void readKeys() final { setKeys(m_ids, readIds()); }

    std::vector<qint64> m_ids;
};

} // namespace sediment::ui
