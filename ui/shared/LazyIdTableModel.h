#pragma once

#include "shared/RowPages.h"
#include "util/Error.h"

#include <QAbstractTableModel>

#include <functional>
#include <vector>

namespace sediment::ui {

// The skeleton the large tables share (Anki's browser): the filtered, ordered ids come whole from
// SQL, rows are read a page at a time when the view paints them (see RowPages), and a new order
// or filter reads the ids again. A subclass says how ids and rows are read and how a row shows.
class LazyIdTableModel : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LazyIdTableModel)

public:
    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    int rowCount(const QModelIndex& parent = {}) const override;
    int rowOf(qint64 id) const;
    // Reads the ids again (rows changed underneath): a model reset.
    void refresh();

Q_SIGNALS:
    void errorOccurred(const QString& message);

protected:
    explicit LazyIdTableModel(QObject* parent) : QAbstractTableModel(parent) {}

    // The ids in display order, under the subclass's current filter and order.
    virtual Result<std::vector<qint64>> readIds() const = 0;
    // Forgets every cached row (the ids they were read for are gone).
    virtual void dropRows() const = 0;

    qint64 idAt(int row) const { return m_ids[size_t(row)]; }

    // Reads the ids; a subclass's constructor calls it once its filter and order are set.
    void reload();
    // `change` (a new filter) applied inside a model reset, then the ids read again.
    void resetWith(const std::function<void()>& change);
    // `change` (a new order) applied as a layout change: same rows, new places, and every
    // persistent index (the selection) follows its id.
    void reorder(const std::function<void()>& change);

    // The row at `row` from `pages`, read with `read(ids)` on a miss; a failed read is reported
    // through errorOccurred and gives nullptr.
    template <typename Row, typename Read>
    const Row* cachedRow(RowPages<Row>& pages, int row, Read read) const
    {
        QString error;
        const Row* r = pages.at(m_ids, row, read, &error);
        if (!error.isEmpty())
            Q_EMIT const_cast<LazyIdTableModel*>(this)->errorOccurred(error);
        return r;
    }

private:
    std::vector<qint64> m_ids;
};

} // namespace sediment::ui
