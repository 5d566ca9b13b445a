#pragma once

#include "store/AuditReadModel.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace sediment::ui {

// The audit log as a lazy table, newest first: a count from SQL and pages of rows fetched when
// the view paints them, kept in a small LRU cache.
class AuditTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditTableModel)

public:
    enum Column { SeqColumn, TimeColumn, ActorColumn, ActionColumn, SubjectColumn,
                  ReasonColumn, ColumnCount };
    enum Role { SeqRole = Qt::UserRole + 1 };

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    explicit AuditTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setFilter(const AuditReadModel::Filter& filter);
    const AuditReadModel::Filter& filter() const { return m_filter; }
    // Re-reads the count and drops the cache; new rows arrive at the top (newest first).
    void refresh();
    // The whole entry at a row (for the detail view), nullptr when out of range.
    const AuditEntry* entryAt(int row) const;

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    const std::vector<AuditEntry>* page(int pageIndex) const;
    void recount();

    mutable AuditReadModel m_read;
    AuditReadModel::Filter m_filter;
    qint64 m_count = 0;
    mutable QHash<int, std::vector<AuditEntry>> m_pages;
    mutable QList<int> m_lru;
};

} // namespace sediment::ui
