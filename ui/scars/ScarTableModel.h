#pragma once

#include "store/ScarRepository.h"

#include "shared/LazyIdTableModel.h"
#include "shared/TableColumns.h"

namespace sediment::ui {

// The scars as a lazy table: the filtered, ordered ids come from SQL (FTS5 for the text), and
// rows are read a page at a time when the view paints them, into a bounded cache.
class ScarTableModel final : public LazyIdTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScarTableModel)

public:
    enum Column {
        IdColumn,
        KindColumn,
        TitleColumn,
        ImportanceColumn,
        ScopeColumn,
        RecallsColumn,
        CreatedColumn,
        ColumnCount
    };
    // The scar id of a row, whatever column: what the page acts on.
    enum Role { ScarIdRole = Qt::UserRole + 1 };

    explicit ScarTableModel(Database& db, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const ScarRepository::Filter& filter);
    const ScarRepository::Filter& filter() const { return m_filter; }
    const Scar* scarAt(int row) const;

private:
    Result<std::vector<qint64>> readIds() const override;
    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int column) const override;
    static TableColumns<Scar> columns();

    mutable ScarRepository m_repo;
    ScarRepository::Filter m_filter;
    ScarRepository::Order m_order = ScarRepository::Order::Newest;
    mutable RowPages<Scar> m_rows{kMaxCachedPages};
    const TableColumns<Scar> m_columns;
};

} // namespace sediment::ui
