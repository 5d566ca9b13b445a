#include "audit/AuditTableModel.h"

#include "util/Time.h"

#include <climits>

namespace sediment::ui {

AuditTableModel::AuditTableModel(Database& db, QObject* parent) : LazyTableModel(ColumnCount, parent), m_read(db)
{
    reload();
}

void AuditTableModel::readKeys()
{
    auto n = m_read.count(m_filter);
    if (!n) {
        m_count = 0;
        reportError(n.error().message);
        return;
    }
    m_count = int(std::min<qint64>(*n, INT_MAX));
}

const AuditEntry* AuditTableModel::entryAt(int row) const
{
    return pagedRow(m_rows, row, [this](int first, int count) { return m_read.page(m_filter, first, count); });
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

QVariant AuditTableModel::columnTitle(int column) const
{
    switch (column) {
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
    resetWith([&] { m_filter = filter; });
}

} // namespace sediment::ui
