#pragma once

#include "store/DecisionRepository.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace sediment::ui {

// The decisions as a lazy table: filtered, ordered ids from SQL; rows read a page at a time.
class DecisionTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DecisionTableModel)

public:
    enum Column { IdColumn, DescriptionColumn, CategoryColumn, StakesColumn, ConfidenceColumn,
                  OutcomeColumn, CreatedColumn, ColumnCount };
    // The decision id of a row, whatever column: what a review acts on.
    enum Role { DecisionIdRole = Qt::UserRole + 1 };

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    explicit DecisionTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const DecisionRepository::Filter& filter);
    const DecisionRepository::Filter& filter() const { return m_filter; }
    void refresh();
    const Decision* decisionAt(int row) const;
    int rowOf(qint64 decisionId) const;

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    void reload();

    mutable DecisionRepository m_repo;
    DecisionRepository::Filter m_filter;
    DecisionRepository::Order m_order = DecisionRepository::Order::Oldest;
    std::vector<qint64> m_ids;
    mutable QHash<int, std::vector<Decision>> m_pages;
    mutable QList<int> m_lru;
};

} // namespace sediment::ui
