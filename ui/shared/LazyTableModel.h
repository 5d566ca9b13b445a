#pragma once

#include "shared/RowPages.h"
#include "util/Error.h"

#include <QAbstractTableModel>
#include <QHash>

#include <algorithm>
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

namespace sediment::ui {

// The skeleton of every table in ui/ (Anki's browser; docs/architecture.md#ui-the-desktop): the
// model holds only the keys of the rows its filter matches, in display order, and reads whole
// rows a page at a time when the view paints them, into a bounded RowPages. A subclass says how
// it holds its keys (ids read whole: LazyIdTableModel; a count paged by offset: the audit log;
// names: the skills; ids arriving in the background: the inbox) and how a row shows. What every
// table does alike lives here: the row count, the paging and its errors, a reset around a new
// filter, a refresh, and a re-sort that keeps the selection on its row.
class LazyTableModel : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LazyTableModel)

public:
    // Rows read in one statement, and the pages a table keeps unless it says otherwise.
    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Reads the keys again (rows changed underneath). True when that reset the model, so that
    // the caller restores its selection by key; a table that can keep its rows says false.
    virtual bool refresh();
    // Drops the cached rows and repaints, keeping the keys: for a change the page made itself.
    void reloadRows();

Q_SIGNALS:
    void errorOccurred(const QString& message);

protected:
    LazyTableModel(int columnCount, QObject* parent);

    // How many rows the keys name: the model's row count.
    virtual int keyCount() const = 0;
    // Reads the keys under the current filter and order; a failure is reported and leaves none.
    virtual void readKeys() = 0;
    // Forgets every cached row (the keys they were read for are gone).
    virtual void dropRows() = 0;
    virtual QVariant columnTitle(int column) const = 0;
    // Every failed read comes here, from const paths too (painting reads rows).
    virtual void reportError(const QString& message) const;

    // Drops the rows and reads the keys; a subclass's constructor calls it once its filter and
    // order are set.
    void reload();
    // What a readKeys() read becomes the keys; a failed read leaves none and is reported.
    template <typename Keys>
    void setKeys(Keys& keys, Result<Keys> read)
    {
        if (!read) {
            keys = {};
            reportError(read.error().message);
            return;
        }
        keys = std::move(*read);
    }
    // `change` (a new filter) applied inside a model reset, then the keys read again.
    void resetWith(const std::function<void()>& change);
    // `change` applied inside a model reset, the rows dropped: for keys the subclass replaced.
    void replaceKeys(const std::function<void()>& change);

    // `change` (a new order) applied as a layout change: the same rows in new places, every
    // persistent index (the selection) following its key. `keyAt(row)` names a row before and
    // after the change.
    template <typename KeyAt>
    void reorder(const std::function<void()>& change, KeyAt keyAt)
    {
        using Key = std::decay_t<std::invoke_result_t<KeyAt&, int>>;
        Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList before = persistentIndexList();
        std::vector<Key> keys;
        keys.reserve(size_t(before.size()));
        QHash<Key, int> rowOfKey;
        for (const QModelIndex& i : before) {
            keys.push_back(keyAt(i.row()));
            rowOfKey.insert(keys.back(), -1);
        }
        change();
        // One pass over the new order places them all, however many indexes the selection holds.
        qsizetype unplaced = rowOfKey.size();
        for (int row = 0; row < keyCount() && unplaced > 0; ++row) {
            if (auto it = rowOfKey.find(keyAt(row)); it != rowOfKey.end() && *it < 0) {
                *it = row;
                --unplaced;
            }
        }
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            const int row = rowOfKey.value(keys[size_t(i)], -1);
            after.append(row < 0 ? QModelIndex() : index(row, before[i].column()));
        }
        changePersistentIndexList(before, after);
        Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    }

    // The row at `row` from `pages`, its page read on a miss with `read(first, count)` (the
    // page's first row and how many rows it spans). nullptr past the keys, when the page came
    // back short, or when the read failed (then reported).
    template <typename Row, typename Read>
    const Row* pagedRow(RowPages<Row>& pages, int row, Read read) const
    {
        if (row < 0 || row >= keyCount())
            return nullptr;
        const int pageIndex = row / kPageSize;
        const int first = pageIndex * kPageSize;
        QString error;
        const std::vector<Row>* rows = pages.page(
            pageIndex, [&] { return read(first, std::min(kPageSize, keyCount() - first)); }, &error);
        if (!rows) {
            reportError(error);
            return nullptr;
        }
        const size_t offset = size_t(row - first);
        return offset < rows->size() ? &(*rows)[offset] : nullptr;
    }

private:
    int m_columns;
};

} // namespace sediment::ui
