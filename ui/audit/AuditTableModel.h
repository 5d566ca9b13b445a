#pragma once

#include "shared/LazyTableModel.h"
#include "shared/TableColumns.h"
#include "store/AuditReadModel.h"

#include <algorithm>
#include <climits>

namespace sediment::ui {

// The audit log as a lazy table, newest first. Its keys are only a count: the log is append-only
// and read newest first, so an offset finds a row without holding every seq, and a page of rows
// is read by offset when the view paints it.
class AuditTableModel final : public LazyTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditTableModel)

public:
    enum Column { SeqColumn, TimeColumn, ActorColumn, ActionColumn, SubjectColumn, ReasonColumn, ColumnCount };
    enum Role { SeqRole = Qt::UserRole + 1 };

    explicit AuditTableModel(Database& db, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    void setFilter(const AuditReadModel::Filter& filter);
    const AuditReadModel::Filter& filter() const { return m_filter; }
    // The whole entry at a row (for the detail view), nullptr when out of range.
    const AuditEntry* entryAt(int row) const;

private:
    int keyCount() const override { return int(std::min<qint64>(m_count, INT_MAX)); }
    // Counts the rows; a refresh that does finds the new ones at the top (newest first).
    void readKeys() override { setKeys(m_count, m_read.count(m_filter)); }
    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int column) const override;
    static TableColumns<AuditEntry> columns();

    mutable AuditReadModel m_read;
    AuditReadModel::Filter m_filter;
    qint64 m_count = 0;
    mutable RowPages<AuditEntry> m_rows{kMaxCachedPages};
    const TableColumns<AuditEntry> m_columns;
};

} // namespace sediment::ui
