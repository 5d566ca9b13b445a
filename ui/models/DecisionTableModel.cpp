#include "models/DecisionTableModel.h"

#include "util/Time.h"

namespace sediment::ui {

DecisionTableModel::DecisionTableModel(Database& db, QObject* parent)
    : QAbstractTableModel(parent)
    , m_repo(db)
{
    reload();
}

void DecisionTableModel::reload()
{
    m_pages.clear();
    m_lru.clear();
    auto ids = m_repo.ids(m_filter, m_order);
    if (!ids) {
        m_ids.clear();
        Q_EMIT errorOccurred(ids.error().message);
        return;
    }
    m_ids = std::move(*ids);
}

int DecisionTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int DecisionTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const Decision* DecisionTableModel::decisionAt(int row) const
{
    if (row < 0 || size_t(row) >= m_ids.size())
        return nullptr;
    const int pageIndex = row / kPageSize;
    auto it = m_pages.find(pageIndex);
    if (it == m_pages.end()) {
        const size_t first = size_t(pageIndex) * kPageSize;
        const size_t last = std::min(m_ids.size(), first + kPageSize);
        auto rows = m_repo.byIds(std::vector<qint64>(m_ids.begin() + qsizetype(first),
                                                     m_ids.begin() + qsizetype(last)));
        if (!rows) {
            Q_EMIT const_cast<DecisionTableModel*>(this)->errorOccurred(rows.error().message);
            return nullptr;
        }
        while (m_lru.size() >= kMaxCachedPages)
            m_pages.remove(m_lru.takeFirst());
        it = m_pages.insert(pageIndex, std::move(*rows));
    } else {
        m_lru.removeOne(pageIndex);
    }
    m_lru.append(pageIndex);
    const size_t offset = size_t(row % kPageSize);
    return offset < it->size() && (*it)[offset].id == m_ids[size_t(row)] ? &(*it)[offset] : nullptr;
}

int DecisionTableModel::rowOf(qint64 decisionId) const
{
    for (size_t i = 0; i < m_ids.size(); ++i)
        if (m_ids[i] == decisionId)
            return int(i);
    return -1;
}

QVariant DecisionTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == DecisionIdRole)
        return m_ids[size_t(index.row())];
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
    case IdColumn: return d->id;
    case DescriptionColumn: return d->description.simplified();
    case CategoryColumn: return d->category;
    case StakesColumn: return d->stakes;
    case ConfidenceColumn: return QString::number(d->confidence, 'f', 2);
    case OutcomeColumn: return d->outcome;
    case CreatedColumn: {
        const auto t = time::parseIso(d->createdAt);
        return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd")) : d->createdAt;
    }
    default: return {};
    }
}

QVariant DecisionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return QStringLiteral("#");
    case DescriptionColumn: return QStringLiteral("Decision");
    case CategoryColumn: return QStringLiteral("Category");
    case StakesColumn: return QStringLiteral("Stakes");
    case ConfidenceColumn: return QStringLiteral("Confidence");
    case OutcomeColumn: return QStringLiteral("Outcome");
    case CreatedColumn: return QStringLiteral("Made");
    default: return {};
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
    Q_EMIT layoutAboutToBeChanged();
    m_order = order;
    const QModelIndexList before = persistentIndexList();
    std::vector<qint64> keys;
    for (const QModelIndex& i : before)
        keys.push_back(m_ids[size_t(i.row())]);
    reload();
    QModelIndexList after;
    for (size_t k = 0; k < keys.size(); ++k) {
        const int row = rowOf(keys[k]);
        after << (row < 0 ? QModelIndex() : index(row, before[qsizetype(k)].column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged();
}

void DecisionTableModel::setFilter(const DecisionRepository::Filter& filter)
{
    beginResetModel();
    m_filter = filter;
    reload();
    endResetModel();
}

void DecisionTableModel::refresh()
{
    beginResetModel();
    reload();
    endResetModel();
}

} // namespace sediment::ui
