#include "decisions/DecisionTableModel.h"

#include "shared/LocalTime.h"

namespace sediment::ui {

DecisionTableModel::DecisionTableModel(Database& db, QObject* parent)
    : RepositoryTableModel(db, columns(), sortings(), parent)
{}

TableColumns<Decision> DecisionTableModel::columns()
{
    using C = TableColumns<Decision>;
    return C({
        {QStringLiteral("#"), [](const Decision& d) { return QVariant(d.id); }, true},
        {tr("Decision"), [](const Decision& d) { return QVariant(d.description.simplified()); }},
        {tr("Category"), [](const Decision& d) { return QVariant(d.category); }},
        {tr("Stakes"), [](const Decision& d) { return QVariant(d.stakes); }},
        {tr("Confidence"), [](const Decision& d) { return QVariant(QString::number(d.confidence, 'f', 2)); }, true},
        {tr("Outcome"), [](const Decision& d) { return QVariant(d.outcome); }},
        {tr("Made"), [](const Decision& d) { return QVariant(localTime(d.createdAt, QStringLiteral("yyyy-MM-dd"))); }},
    });
}

QVariant DecisionTableModel::toolTip(const Decision& decision) const
{
    return decision.context.isEmpty() ? decision.description : decision.context;
}

std::vector<DecisionTableModel::Sorting> DecisionTableModel::sortings()
{
    // Oldest first on opening, what a review works through; confidence and stakes read highest
    // first; the date either way.
    return {
        {Order::Oldest, CreatedColumn, Qt::AscendingOrder},
        {Order::Newest, CreatedColumn, Qt::DescendingOrder},
        {Order::Confidence, ConfidenceColumn, Qt::DescendingOrder},
        {Order::Stakes, StakesColumn, Qt::DescendingOrder},
    };
}

} // namespace sediment::ui
