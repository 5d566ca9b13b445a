#pragma once

#include "shared/RowPages.h"
#include "store/AuditReadModel.h"

#include <QAbstractTableModel>

namespace sediment::ui {

// The audit log as a lazy table, newest first: a count from SQL and pages of rows fetched by
// offset when the view paints them, kept in the tables' shared row cache (RowPages). Not a
// LazyIdTableModel: the log is append-only and read newest first, so an offset finds a row
// without holding every seq.
class AuditTableModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditTableModel)

public:
    enum Column { SeqColumn, TimeColumn, ActorColumn, ActionColumn, SubjectColumn, ReasonColumn, ColumnCount };
    enum Role { SeqRole = Qt::UserRole + 1 };

    static constexpr int kPageSize = 128;
    static constexpr int kMaxCachedPages = 32;

    explicit AuditTableModel(Database& db, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setFilter(const AuditReadModel::Filter& filter);
    const AuditReadModel::Filter& filter() const { return m_filter; }
    // Re-reads the count and drops the cache; new rows arrive at the top (newest first).
    void refresh();
    // The whole entry at a row (for the detail view), nullptr when out of range.
    const AuditEntry* entryAt(int row) const;

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    void recount();

    mutable AuditReadModel m_read;
    AuditReadModel::Filter m_filter;
    qint64 m_count = 0;
    mutable RowPages<AuditEntry> m_rows{kMaxCachedPages};
};

} // namespace sediment::ui
