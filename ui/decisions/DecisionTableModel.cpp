#include "decisions/DecisionTableModel.h"

#include "shared/LocalTime.h"

namespace sediment::ui {

DecisionTableModel::DecisionTableModel(Database& db, QObject* parent)
    : RepositoryTableModel(db, columns(), DecisionRepository::Order::Oldest, parent)
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

DecisionTableModel::Order DecisionTableModel::orderFor(int column, Qt::SortOrder direction) const
{
    switch (column) {
    case ConfidenceColumn:
        return Order::Confidence;
    case StakesColumn:
        return Order::Stakes;
    case CreatedColumn:
        return direction == Qt::AscendingOrder ? Order::Oldest : Order::Newest;
    default:
        return Order::Oldest;
    }
}

std::pair<int, Qt::SortOrder> DecisionTableModel::indicatorFor(Order order) const
{
    // Confidence and stakes read highest first; the date either way.
    switch (order) {
    case Order::Confidence:
        return {ConfidenceColumn, Qt::DescendingOrder};
    case Order::Stakes:
        return {StakesColumn, Qt::DescendingOrder};
    case Order::Newest:
        return {CreatedColumn, Qt::DescendingOrder};
    case Order::Oldest:
        break;
    }
    return {CreatedColumn, Qt::AscendingOrder};
}

} // namespace sediment::ui
