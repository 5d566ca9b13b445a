#pragma once

#include "inbox/InboxQuery.h"
#include "store/InboxReadModel.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

#include <vector>

namespace sediment {
class Database;
}

namespace sediment::ui {

// The inbox as a lazy table: the row count and the order come from SQL; rows are fetched a page
// at a time when the view first paints them and kept in a small LRU cache, so a million pending
// items cost a count and a screenful (§10).
class InboxTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxTableModel)

public:
    enum Column { IdColumn, DestinationColumn, SummaryColumn, ScoreColumn, AgentColumn,
                  SeenColumn, StatusColumn, CreatedColumn, ColumnCount };
    // Views and the page ask rows by these, so that selection survives re-sorting and refresh.
    enum Role { IdRole = Qt::UserRole + 1, StaleRole, StatusRole, DestinationRole };

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 48;

    explicit InboxTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const InboxFilter& filter);
    const InboxFilter& filter() const { return m_filter; }
    InboxReadModel::Sort sortOrder() const { return m_sort; }

    // Re-reads the count; keeps the rows in place (dataChanged) when the count did not move,
    // resets otherwise. Returns true when it reset, so the caller restores selection by id.
    bool refresh();
    // Drops the row cache and repaints, keeping the count: for a change this page made itself.
    void reloadRows();

    qint64 idAt(int row) const;                 // 0 when out of range
    int rowOfId(qint64 id) const;               // -1 when the filter excludes it
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    const std::vector<InboxRow>* page(int pageIndex) const;
    void reportError(const QString& message) const;
    void recount();

    mutable InboxReadModel m_read;
    InboxFilter m_filter;
    InboxReadModel::Sort m_sort;
    qint64 m_count = 0;
    mutable QHash<int, std::vector<InboxRow>> m_pages;
    mutable QList<int> m_lru; // most recent last
    mutable QString m_lastError;
};

} // namespace sediment::ui
