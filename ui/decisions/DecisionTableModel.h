#pragma once

#include "store/DecisionRepository.h"

#include "shared/LazyIdTableModel.h"
#include "shared/TableColumns.h"

namespace sediment::ui {

// The decisions as a lazy table: filtered, ordered ids from SQL; rows read a page at a time.
class DecisionTableModel final : public LazyIdTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionTableModel)

public:
    enum Column {
        IdColumn,
        DescriptionColumn,
        CategoryColumn,
        StakesColumn,
        ConfidenceColumn,
        OutcomeColumn,
        CreatedColumn,
        ColumnCount
    };
    // The decision id of a row, whatever column: what a review acts on.
    enum Role { DecisionIdRole = Qt::UserRole + 1 };

    explicit DecisionTableModel(Database& db, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const DecisionRepository::Filter& filter);
    const DecisionRepository::Filter& filter() const { return m_filter; }
    const Decision* decisionAt(int row) const;

private:
    Result<std::vector<qint64>> readIds() const override;
    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int column) const override;
    static TableColumns<Decision> columns();

    mutable DecisionRepository m_repo;
    DecisionRepository::Filter m_filter;
    DecisionRepository::Order m_order = DecisionRepository::Order::Oldest;
    mutable RowPages<Decision> m_rows{kMaxCachedPages};
    const TableColumns<Decision> m_columns;
};

} // namespace sediment::ui
