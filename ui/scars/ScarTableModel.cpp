#include "scars/ScarTableModel.h"

#include "shared/LocalTime.h"

namespace sediment::ui {

ScarTableModel::ScarTableModel(Database& db, QObject* parent)
    : RepositoryTableModel(db, columns(), ScarRepository::Order::Newest, parent)
{}

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
        {tr("Created"), [](const Scar& s) { return QVariant(localTime(s.createdAt, QStringLiteral("yyyy-MM-dd"))); }},
    });
}

QVariant ScarTableModel::toolTip(const Scar& scar) const { return scar.lesson.isEmpty() ? scar.title : scar.lesson; }

ScarTableModel::Order ScarTableModel::orderFor(int column, Qt::SortOrder) const
{
    // The orders SQL offers, each one way: most important, most recalled, newest first, titles A to Z.
    switch (column) {
    case ImportanceColumn:
        return Order::Importance;
    case RecallsColumn:
        return Order::Recalls;
    case TitleColumn:
        return Order::Title;
    default:
        return Order::Newest;
    }
}

std::pair<int, Qt::SortOrder> ScarTableModel::indicatorFor(Order order) const
{
    switch (order) {
    case Order::Importance:
        return {ImportanceColumn, Qt::DescendingOrder};
    case Order::Recalls:
        return {RecallsColumn, Qt::DescendingOrder};
    case Order::Title:
        return {TitleColumn, Qt::AscendingOrder};
    case Order::Newest:
        break;
    }
    return {CreatedColumn, Qt::DescendingOrder};
}

} // namespace sediment::ui
