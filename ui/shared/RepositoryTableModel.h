#pragma once

#include "shared/LazyIdTableModel.h"
#include "shared/TableColumns.h"

#include <utility>
#include <vector>

namespace sediment {
class Database;
}

namespace sediment::ui {

// The shell of a lazy table over a repository that reads ids under a filter and an order, and
// rows by their ids (the scars and the decisions): the ids, the bounded page cache, the columns,
// the id role, filtering and re-sorting, written once. A table says only its columns, which
// order a click on a column asks for, and a row's tooltip. A template over LazyIdTableModel
// rather than more of it, so that each table keeps its own row type and Q_OBJECT.
template <typename Repository, typename Row>
class RepositoryTableModel : public LazyIdTableModel {
public:
    using Filter = typename Repository::Filter;
    using Order = typename Repository::Order;

    // The row's id, whatever the column: what the page acts on.
    static constexpr int IdRole = Qt::UserRole + 1;

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        if (role == IdRole)
            return idAt(index.row());
        const Row* row = rowAt(index.row());
        if (!row)
            return {};
        if (role == Qt::ToolTipRole)
            return toolTip(*row);
        return m_columns.data(*row, index.column(), role);
    }

    // An order SQL offers, the heading that shows it and the one way its arrow points.
    struct Sorting {
        Order order;
        int column;
        Qt::SortOrder direction;
    };

    // A click asks for the order its heading and arrow name; failing that, its heading's one
    // order; failing that (a heading SQL cannot order by), the table's first. The view's arrow is
    // then put where the order truly is (shownSort).
    void sort(int column, Qt::SortOrder direction = Qt::AscendingOrder) override
    {
        const Sorting* chosen = &m_sortings.front();
        for (const Sorting& s : m_sortings) {
            if (s.column == column && (s.direction == direction || chosen->column != column))
                chosen = &s;
        }
        if (chosen->order != m_order)
            reorder([&] { m_order = chosen->order; });
    }

    // The heading and arrow that say the rows' order as it is.
    std::pair<int, Qt::SortOrder> shownSort() const
    {
        for (const Sorting& s : m_sortings) {
            if (s.order == m_order)
                return {s.column, s.direction};
        }
        return {-1, Qt::AscendingOrder};
    }

    void setFilter(const Filter& filter)
    {
        resetWith([&] { m_filter = filter; });
    }
    const Filter& filter() const { return m_filter; }

    // The row shown at `row`; nullptr when its page failed to read or it was deleted since.
    const Row* rowAt(int row) const
    {
        return cachedRow(m_rows, row, [this](const std::vector<qint64>& ids) { return m_repo.byIds(ids); });
    }

protected:
    // `sortings` lists each order once, the one the table opens in first.
    RepositoryTableModel(Database& db, TableColumns<Row> columns, std::vector<Sorting> sortings, QObject* parent)
        : LazyIdTableModel(columns.count(), parent)
        , m_repo(db)
        , m_sortings(std::move(sortings))
        , m_order(m_sortings.front().order)
        , m_columns(std::move(columns))
    {
        reload();
    }

    virtual QVariant toolTip(const Row& row) const = 0;

private:
    Result<std::vector<qint64>> readIds() const final { return m_repo.ids(m_filter, m_order); }
    void dropRows() final { m_rows.clear(); }
    QVariant columnTitle(int column) const final { return m_columns.title(column); }

    mutable Repository m_repo;
    Filter m_filter;
    const std::vector<Sorting> m_sortings;
    Order m_order;
    mutable RowPages<Row> m_rows{kMaxCachedPages};
    const TableColumns<Row> m_columns;
};

} // namespace sediment::ui
