#include "audit/AuditTableModel.h"

#include "util/Time.h"

#include <climits>

namespace sediment::ui {

AuditTableModel::AuditTableModel(Database& db, QObject* parent) : QAbstractTableModel(parent), m_read(db) { recount(); }

void AuditTableModel::recount()
{
    m_rows.clear();
    auto n = m_read.count(m_filter);
    if (!n) {
        Q_EMIT errorOccurred(n.error().message);
        m_count = 0;
        return;
    }
    m_count = std::min<qint64>(*n, INT_MAX);
}

int AuditTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_count); }

int AuditTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const AuditEntry* AuditTableModel::entryAt(int row) const
{
    if (row < 0 || row >= m_count)
        return nullptr;
    const int pageIndex = row / kPageSize;
    QString error;
    const auto* rows = m_rows.page(
        pageIndex, [&] { return m_read.page(m_filter, qint64(pageIndex) * kPageSize, kPageSize); }, &error);
    if (!rows)
        Q_EMIT const_cast<AuditTableModel*>(this)->errorOccurred(error);
    const size_t offset = size_t(row % kPageSize);
    return rows && offset < rows->size() ? &(*rows)[offset] : nullptr;
}

QVariant AuditTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditEntry* e = entryAt(index.row());
    if (!e)
        return {};
    if (role == SeqRole)
        return e->seq;
    if (role == Qt::TextAlignmentRole)
        return index.column() == SeqColumn ? QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter))
                                           : QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole) {
        if (index.column() == TimeColumn)
            return e->at;
        if (index.column() == ReasonColumn)
            return e->reason.value_or(QString());
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case SeqColumn:
        return e->seq;
    case TimeColumn: {
        const auto t = time::parseIso(e->at);
        return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : e->at;
    }
    case ActorColumn:
        return e->actor;
    case ActionColumn:
        return e->action;
    case SubjectColumn:
        return QString(e->subjectType + QLatin1Char(' ') + e->subjectId);
    case ReasonColumn:
        return e->reason.value_or(QString()).simplified();
    default:
        return {};
    }
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeqColumn:
        return tr("Seq");
    case TimeColumn:
        return tr("Time");
    case ActorColumn:
        return tr("Actor");
    case ActionColumn:
        return tr("Action");
    case SubjectColumn:
        return tr("Subject");
    case ReasonColumn:
        return tr("Reason");
    default:
        return {};
    }
}

void AuditTableModel::setFilter(const AuditReadModel::Filter& filter)
{
    beginResetModel();
    m_filter = filter;
    recount();
    endResetModel();
}

void AuditTableModel::refresh()
{
    beginResetModel();
    recount();
    endResetModel();
}

} // namespace sediment::ui
