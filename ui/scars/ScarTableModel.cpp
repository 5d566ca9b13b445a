#include "scars/ScarTableModel.h"

#include "shared/LocalTime.h"

namespace sediment::ui {

ScarTableModel::ScarTableModel(Database& db, QObject* parent) : RepositoryTableModel(db, columns(), sortings(), parent)
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

std::vector<ScarTableModel::Sorting> ScarTableModel::sortings()
{
    // Newest first on opening; importance and recalls read highest first, titles A to Z.
    return {
        {Order::Newest, CreatedColumn, Qt::DescendingOrder},
        {Order::Importance, ImportanceColumn, Qt::DescendingOrder},
        {Order::Recalls, RecallsColumn, Qt::DescendingOrder},
        {Order::Title, TitleColumn, Qt::AscendingOrder},
    };
}

} // namespace sediment::ui
