#include "models/InboxTableModel.h"

#include "store/Database.h"
#include "util/Time.h"

#include <QColor>
#include <QIcon>
#include <QLocale>

#include <climits>

namespace sediment::ui {

namespace {

InboxReadModel::SortKey keyOf(int column)
{
    switch (column) {
    case InboxTableModel::DestinationColumn: return InboxReadModel::SortKey::Destination;
    case InboxTableModel::ScoreColumn: return InboxReadModel::SortKey::Score;
    case InboxTableModel::AgentColumn: return InboxReadModel::SortKey::Agent;
    case InboxTableModel::SeenColumn: return InboxReadModel::SortKey::Seen;
    case InboxTableModel::StatusColumn: return InboxReadModel::SortKey::Status;
    case InboxTableModel::CreatedColumn: return InboxReadModel::SortKey::Created;
    default: return InboxReadModel::SortKey::Id;
    }
}

QString destinationLabel(const QString& d)
{
    if (d == QLatin1String("claude_md"))
        return QStringLiteral("CLAUDE.md");
    if (d == QLatin1String("settings_json"))
        return QStringLiteral("settings.json");
    if (d == QLatin1String("brain_inbox"))
        return QStringLiteral("brain inbox");
    if (d == QLatin1String("chantier_outil"))
        return QStringLiteral("chantier");
    return d;
}

QString shortTime(const QString& iso)
{
    const auto t = time::parseIso(iso);
    if (!t)
        return iso;
    return t->toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

InboxTableModel::InboxTableModel(Database& db, QObject* parent)
    : QAbstractTableModel(parent)
    , m_read(db)
{
    m_filter.status.include = {QStringLiteral("pending")};
    recount();
}

void InboxTableModel::reportError(const QString& message) const
{
    if (message == m_lastError)
        return;
    m_lastError = message;
    Q_EMIT const_cast<InboxTableModel*>(this)->errorOccurred(message);
}

void InboxTableModel::recount()
{
    m_pages.clear();
    m_lru.clear();
    auto n = m_read.count(m_filter);
    if (!n) {
        reportError(n.error().message);
        m_count = 0;
        return;
    }
    m_lastError.clear();
    m_count = std::min<qint64>(*n, INT_MAX);
}

int InboxTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_count);
}

int InboxTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const std::vector<InboxRow>* InboxTableModel::page(int pageIndex) const
{
    auto it = m_pages.find(pageIndex);
    if (it != m_pages.end()) {
        m_lru.removeOne(pageIndex);
        m_lru.append(pageIndex);
        return &it.value();
    }
    auto ids = m_read.pageIds(m_filter, m_sort, qint64(pageIndex) * kPageSize, kPageSize);
    if (!ids) {
        reportError(ids.error().message);
        return nullptr;
    }
    auto rows = m_read.rows(*ids);
    if (!rows) {
        reportError(rows.error().message);
        return nullptr;
    }
    while (m_lru.size() >= kMaxCachedPages)
        m_pages.remove(m_lru.takeFirst());
    m_lru.append(pageIndex);
    return &m_pages.insert(pageIndex, std::move(*rows)).value();
}

QVariant InboxTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto* rows = page(index.row() / kPageSize);
    const size_t offset = size_t(index.row() % kPageSize);
    if (!rows || offset >= rows->size())
        return {};
    const InboxRow& r = (*rows)[offset];
    switch (role) {
    case IdRole: return r.id;
    case StaleRole: return r.stale;
    case StatusRole: return r.status;
    case DestinationRole: return r.destination;
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn: return r.id;
        case DestinationColumn: return destinationLabel(r.destination);
        case SummaryColumn: return r.summary;
        case ScoreColumn:
            return r.score ? QLocale::c().toString(*r.score, 'f', 2) : QStringLiteral("—");
        case AgentColumn: return r.agent.isEmpty() ? QStringLiteral("—") : r.agent;
        case SeenColumn: return r.seen;
        case StatusColumn:
            return r.stale && r.status == QLatin1String("pending") ? QStringLiteral("outdated")
                                                                   : r.status;
        case CreatedColumn: return shortTime(r.createdAt);
        default: return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == SummaryColumn)
            return r.summary;
        if (index.column() == StatusColumn && r.stale)
            return QStringLiteral("The target changed since this was proposed: patch it (E) "
                                  "before approving.");
        if (index.column() == CreatedColumn)
            return r.createdAt;
        return {};
    case Qt::DecorationRole:
        if (index.column() == StatusColumn && r.stale)
            return QIcon(QStringLiteral(":/icons/stale.svg"));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == IdColumn || index.column() == ScoreColumn
            || index.column() == SeenColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
    default: return {};
    }
}

QVariant InboxTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return QStringLiteral("#");
    case DestinationColumn: return QStringLiteral("Destination");
    case SummaryColumn: return QStringLiteral("Proposal");
    case ScoreColumn: return QStringLiteral("Score");
    case AgentColumn: return QStringLiteral("Agent");
    case SeenColumn: return QStringLiteral("Seen");
    case StatusColumn: return QStringLiteral("Status");
    case CreatedColumn: return QStringLiteral("Proposed");
    default: return {};
    }
}

void InboxTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    const InboxReadModel::Sort next{keyOf(column), order == Qt::DescendingOrder};
    if (next.key == m_sort.key && next.descending == m_sort.descending)
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Persistent indexes follow their item: remember ids, re-place them in the new order.
    const QModelIndexList before = persistentIndexList();
    std::vector<qint64> ids;
    ids.reserve(size_t(before.size()));
    for (const QModelIndex& i : before)
        ids.push_back(idAt(i.row()));
    m_sort = next;
    m_pages.clear();
    m_lru.clear();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = ids[size_t(i)] ? rowOfId(ids[size_t(i)]) : -1;
        after.append(row < 0 ? QModelIndex() : index(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void InboxTableModel::setFilter(const InboxFilter& filter)
{
    beginResetModel();
    m_filter = filter;
    recount();
    endResetModel();
}

void InboxTableModel::reloadRows()
{
    m_pages.clear();
    m_lru.clear();
    if (m_count > 0)
        Q_EMIT dataChanged(index(0, 0), index(int(m_count) - 1, ColumnCount - 1));
}

bool InboxTableModel::refresh()
{
    auto n = m_read.count(m_filter);
    if (n && std::min<qint64>(*n, INT_MAX) == m_count) {
        reloadRows();
        return false;
    }
    beginResetModel();
    recount();
    endResetModel();
    return true;
}

qint64 InboxTableModel::idAt(int row) const
{
    if (row < 0 || row >= m_count)
        return 0;
    const auto* rows = page(row / kPageSize);
    const size_t offset = size_t(row % kPageSize);
    return rows && offset < rows->size() ? (*rows)[offset].id : 0;
}

int InboxTableModel::rowOfId(qint64 id) const
{
    auto row = m_read.rowOf(m_filter, m_sort, id);
    if (!row) {
        reportError(row.error().message);
        return -1;
    }
    return *row && **row < m_count ? int(**row) : -1;
}

} // namespace sediment::ui
