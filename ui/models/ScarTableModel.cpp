#include "models/ScarTableModel.h"

#include "util/Time.h"

namespace sediment::ui {

ScarTableModel::ScarTableModel(Database& db, QObject* parent)
    : QAbstractTableModel(parent)
    , m_repo(db)
{
    reload();
}

void ScarTableModel::reload()
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

int ScarTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_ids.size());
}

int ScarTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const Scar* ScarTableModel::scarAt(int row) const
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
            Q_EMIT const_cast<ScarTableModel*>(this)->errorOccurred(rows.error().message);
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
    // A row deleted since the ids were read is simply missing from the page.
    return offset < it->size() && (*it)[offset].id == m_ids[size_t(row)] ? &(*it)[offset] : nullptr;
}

int ScarTableModel::rowOf(qint64 scarId) const
{
    for (size_t i = 0; i < m_ids.size(); ++i)
        if (m_ids[i] == scarId)
            return int(i);
    return -1;
}

QVariant ScarTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == ScarIdRole)
        return m_ids[size_t(index.row())];
    const Scar* s = scarAt(index.row());
    if (!s)
        return {};
    if (role == Qt::ToolTipRole)
        return s->lesson.isEmpty() ? s->title : s->lesson;
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == IdColumn || index.column() == ImportanceColumn
                            || index.column() == RecallsColumn;
        return QVariant::fromValue(Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case IdColumn: return s->id;
    case KindColumn: return s->kind;
    case TitleColumn: return s->archived ? s->title + QStringLiteral(" (archived)") : s->title;
    case ImportanceColumn: return s->importance;
    case ScopeColumn: return s->scope;
    case RecallsColumn: return s->recallCount;
    case CreatedColumn: {
        const auto t = time::parseIso(s->createdAt);
        return t ? t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd")) : s->createdAt;
    }
    default: return {};
    }
}

QVariant ScarTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return QStringLiteral("#");
    case KindColumn: return QStringLiteral("Kind");
    case TitleColumn: return QStringLiteral("Title");
    case ImportanceColumn: return QStringLiteral("Importance");
    case ScopeColumn: return QStringLiteral("Scope");
    case RecallsColumn: return QStringLiteral("Recalls");
    case CreatedColumn: return QStringLiteral("Created");
    default: return {};
    }
}

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

void ScarTableModel::setFilter(const ScarRepository::Filter& filter)
{
    beginResetModel();
    m_filter = filter;
    reload();
    endResetModel();
}

void ScarTableModel::refresh()
{
    beginResetModel();
    reload();
    endResetModel();
}

} // namespace sediment::ui
