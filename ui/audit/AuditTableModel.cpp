#include "audit/AuditTableModel.h"

#include "shared/LocalTime.h"

namespace sediment::ui {

AuditTableModel::AuditTableModel(Database& db, QObject* parent)
    : LazyTableModel(ColumnCount, parent)
    , m_read(db)
    , m_columns(columns())
{
    reload();
}

TableColumns<AuditEntry> AuditTableModel::columns()
{
    using C = TableColumns<AuditEntry>;
    return C({
        {tr("Seq"), [](const AuditEntry& e) { return QVariant(e.seq); }, true},
        {tr("Time"),
         [](const AuditEntry& e) { return QVariant(localTime(e.at, QStringLiteral("yyyy-MM-dd HH:mm:ss"))); }, false,
         [](const AuditEntry& e) { return QVariant(e.at); }},
        {tr("Actor"), [](const AuditEntry& e) { return QVariant(e.actor); }},
        {tr("Action"), [](const AuditEntry& e) { return QVariant(e.action); }},
        {tr("Subject"),
         [](const AuditEntry& e) { return QVariant(QString(e.subjectType + QLatin1Char(' ') + e.subjectId)); }},
        {tr("Reason"), [](const AuditEntry& e) { return QVariant(e.reason.value_or(QString()).simplified()); }, false,
         [](const AuditEntry& e) { return QVariant(e.reason.value_or(QString())); }},
    });
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
    return m_columns.data(*e, index.column(), role);
}

QVariant AuditTableModel::columnTitle(int column) const { return m_columns.title(column); }

void AuditTableModel::setFilter(const AuditReadModel::Filter& filter)
{
    resetWith([&] { m_filter = filter; });
}

} // namespace sediment::ui
