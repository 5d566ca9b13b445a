#include "scars/ScarTableModel.h"

namespace sediment::ui {

ScarTableModel::ScarTableModel(Database& db, QObject* parent)
    : LazyIdTableModel(ColumnCount, parent)
    , m_repo(db)
    , m_columns(columns())
{
    reload();
}

TableColumns<Scar> ScarTableModel::columns()
{
    using C = TableColumns<Scar>;
    return C({
        {QStringLiteral("#"), [](const Scar& s) { return QVariant(s.id); }, true},
        {tr("Kind"), [](const Scar& s) { return QVariant(s.kind); }},
        {tr("Title"), [](const Scar& s) { return QVariant(s.archived ? s.title + tr(" (archived)") : s.title); }},
        {tr("Importance"), [](const Scar& s) { return QVariant(s.importance); }, true},
        {tr("Scope"), [](const Scar& s) { return QVariant(s.scope); }},
        {tr("Recalls"), [](const Scar& s) { return QVariant(s.recallCount); }, true},
        {tr("Created"), [](const Scar& s) { return QVariant(C::local(s.createdAt, QStringLiteral("yyyy-MM-dd"))); }},
    });
}

Result<std::vector<qint64>> ScarTableModel::readIds() const { return m_repo.ids(m_filter, m_order); }

const Scar* ScarTableModel::scarAt(int row) const
{
    return cachedRow(m_rows, row, [this](const std::vector<qint64>& ids) { return m_repo.byIds(ids); });
}

QVariant ScarTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == ScarIdRole)
        return idAt(index.row());
    const Scar* s = scarAt(index.row());
    if (!s)
        return {};
    if (role == Qt::ToolTipRole)
        return s->lesson.isEmpty() ? s->title : s->lesson;
    return m_columns.data(*s, index.column(), role);
}

QVariant ScarTableModel::columnTitle(int column) const { return m_columns.title(column); }

void ScarTableModel::sort(int column, Qt::SortOrder)
{
    // The orders SQL offers; each reads naturally in one direction (most important first).
    ScarRepository::Order order = ScarRepository::Order::Newest;
    if (column == ImportanceColumn)
        order = ScarRepository::Order::Importance;
    else if (column == RecallsColumn)
        order = ScarRepository::Order::Recalls;
    else if (column == TitleColumn)
        order = ScarRepository::Order::Title;
    if (order == m_order)
        return;
    reorder([&] { m_order = order; });
}

void ScarTableModel::setFilter(const ScarRepository::Filter& filter)
{
    resetWith([&] { m_filter = filter; });
}

} // namespace sediment::ui
