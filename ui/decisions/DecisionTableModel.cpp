#include "decisions/DecisionTableModel.h"

#include "util/Time.h"

namespace sediment::ui {

DecisionTableModel::DecisionTableModel(Database& db, QObject* parent)
    : LazyIdTableModel(ColumnCount, parent)
    , m_repo(db)
{
    reload();
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
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == IdColumn || index.column() == ConfidenceColumn;
        return QVariant::fromValue(Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn:
        return d->id;
    case DescriptionColumn:
        return d->description.simplified();
    case CategoryColumn:
        return d->category;
    case StakesColumn:
        return d->stakes;
    case ConfidenceColumn:
        return QString::number(d->confidence, 'f', 2);
    case OutcomeColumn:
        return d->outcome;
    case CreatedColumn: {
        const auto t = time::parseIso(d->createdAt);
        return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd")) : d->createdAt;
    }
    default:
        return {};
    }
}

QVariant DecisionTableModel::columnTitle(int column) const
{
    switch (column) {
    case IdColumn:
        return QStringLiteral("#");
    case DescriptionColumn:
        return tr("Decision");
    case CategoryColumn:
        return tr("Category");
    case StakesColumn:
        return tr("Stakes");
    case ConfidenceColumn:
        return tr("Confidence");
    case OutcomeColumn:
        return tr("Outcome");
    case CreatedColumn:
        return tr("Made");
    default:
        return {};
    }
}

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
