#include "decisions/DecisionTableModel.h"

namespace sediment::ui {

DecisionTableModel::DecisionTableModel(Database& db, QObject* parent)
    : LazyIdTableModel(ColumnCount, parent)
    , m_repo(db)
    , m_columns(columns())
{
    reload();
}

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
        {tr("Made"), [](const Decision& d) { return QVariant(C::local(d.createdAt, QStringLiteral("yyyy-MM-dd"))); }},
    });
}

Result<std::vector<qint64>> DecisionTableModel::readIds() const { return m_repo.ids(m_filter, m_order); }

const Decision* DecisionTableModel::decisionAt(int row) const
{
    return cachedRow(m_rows, row, [this](const std::vector<qint64>& ids) { return m_repo.byIds(ids); });
}

QVariant DecisionTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == DecisionIdRole)
        return idAt(index.row());
    const Decision* d = decisionAt(index.row());
    if (!d)
        return {};
    if (role == Qt::ToolTipRole)
        return d->context.isEmpty() ? d->description : d->context;
    return m_columns.data(*d, index.column(), role);
}

QVariant DecisionTableModel::columnTitle(int column) const { return m_columns.title(column); }

void DecisionTableModel::sort(int column, Qt::SortOrder)
{
    DecisionRepository::Order order = DecisionRepository::Order::Oldest;
    if (column == ConfidenceColumn)
        order = DecisionRepository::Order::Confidence;
    else if (column == StakesColumn)
        order = DecisionRepository::Order::Stakes;
    else if (column == CreatedColumn)
        order = DecisionRepository::Order::Newest;
    if (order == m_order)
        return;
    reorder([&] { m_order = order; });
}

void DecisionTableModel::setFilter(const DecisionRepository::Filter& filter)
{
    resetWith([&] { m_filter = filter; });
}

} // namespace sediment::ui
