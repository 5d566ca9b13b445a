#include "inbox/InboxTableModel.h"
#include "inbox/InboxStatus.h"

#include "inbox/InboxCells.h"
#include "store/Database.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <unordered_map>

namespace sediment::ui {

namespace {

InboxReadModel::SortKey keyOf(int column)
{
    switch (column) {
    case InboxTableModel::DestinationColumn:
        return InboxReadModel::SortKey::Destination;
    case InboxTableModel::ScoreColumn:
        return InboxReadModel::SortKey::Score;
    case InboxTableModel::AgentColumn:
        return InboxReadModel::SortKey::Agent;
    case InboxTableModel::SeenColumn:
        return InboxReadModel::SortKey::Seen;
    case InboxTableModel::StatusColumn:
        return InboxReadModel::SortKey::Status;
    case InboxTableModel::CreatedColumn:
        return InboxReadModel::SortKey::Created;
    default:
        return InboxReadModel::SortKey::Id;
    }
}

} // namespace

InboxTableModel::InboxTableModel(Database& db, QObject* parent) : InboxTableModel(db, Pacing(), parent) {}

InboxTableModel::InboxTableModel(Database& db, Pacing pacing, QObject* parent)
    : QAbstractTableModel(parent)
    , m_read(db)
    , m_reader(m_read, pacing)
    , m_loadTimer(new QTimer(this))
{
    m_loadTimer->setSingleShot(true);
    m_loadTimer->setInterval(0);
    connect(m_loadTimer, &QTimer::timeout, this, &InboxTableModel::continueLoading);
    m_filter.status.include = {toString(InboxStatus::Pending)};
    reload();
}

void InboxTableModel::reportError(const QString& message) const
{
    if (message == m_lastError)
        return;
    m_lastError = message;
    Q_EMIT const_cast<InboxTableModel*>(this)->errorOccurred(message);
}

void InboxTableModel::reload()
{
    m_loadTimer->stop();
    m_rows.clear();
    const auto s = m_reader.start(m_filter, m_sort, m_ids);
    m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
    m_counted = false;
    if (!s) {
        reportError(s.error().message);
        return;
    }
    m_lastError.clear();
    countIfIndexed();
    if (!m_reader.done())
        m_loadTimer->start();
}

void InboxTableModel::countIfIndexed()
{
    if (m_reader.done() || !InboxReadModel::isIndexed(m_filter))
        return;
    const auto mark = m_read.writeMark();
    std::optional<qint64> count;
    if (mark) {
        for (const RememberedCount& c : m_counts)
            if (c.mark == *mark && c.filter == m_filter)
                count = c.count;
    }
    if (!count) {
        auto n = m_read.count(m_filter);
        if (!n)
            return; // the rows then arrive as they are read
        count = *n;
        if (mark) {
            constexpr size_t kRemembered = 8;
            if (m_counts.size() >= kRemembered)
                m_counts.erase(m_counts.begin());
            m_counts.push_back({m_filter, *mark, *n});
        }
    }
    m_counted = true;
    m_shown = size_t(std::clamp<qint64>(*count, qint64(m_ids.size()), INT_MAX));
}

void InboxTableModel::continueLoading()
{
    // Ids are appended in place (the vector was reserved for the whole span); the view learns
    // of them through m_shown, moved inside the insert brackets.
    const size_t before = m_shown;
    const auto s = m_reader.continueReading(m_ids);
    const size_t after = std::min<size_t>(m_ids.size(), INT_MAX);
    if (m_counted) {
        if (m_reader.done()) {
            m_counted = false;
            if (after != m_shown) {
                // Items came or went between the count and the read: show what was read.
                beginResetModel();
                m_shown = after;
                m_rows.clear();
                endResetModel();
            }
        }
    } else if (after > before) {
        if (before == 0) {
            // Nothing was shown yet: a reset lets the page leave its "no match" state.
            beginResetModel();
            m_shown = after;
            m_rows.clear();
            endResetModel();
        } else {
            beginInsertRows({}, int(before), int(after - 1));
            // The last page may have been cut short by the end of what was read so far.
            const int partial = int(before / kPageSize);
            m_rows.drop(partial);
            m_shown = after;
            endInsertRows();
        }
    }
    if (!s)
        reportError(s.error().message);
    if (!m_reader.done())
        m_loadTimer->start();
    else
        Q_EMIT loadingFinished();
}

int InboxTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_shown); }

int InboxTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const std::vector<InboxRow>* InboxTableModel::page(int pageIndex) const
{
    if (size_t(pageIndex) * kPageSize >= m_shown)
        return nullptr;
    QString error;
    const auto* rows = m_rows.page(
        pageIndex, [&] { return readPage(pageIndex); }, &error);
    if (!rows)
        reportError(error);
    return rows;
}

Result<std::vector<InboxRow>> InboxTableModel::readPage(int pageIndex) const
{
    const size_t first = size_t(pageIndex) * kPageSize;
    const size_t last = std::min(first + kPageSize, m_shown);
    std::vector<qint64> ids;
    if (last <= m_ids.size()) {
        ids.assign(m_ids.begin() + qsizetype(first), m_ids.begin() + qsizetype(last));
    } else {
        // Counted but not read this far yet: page by offset from the nearer end.
        const bool fromEnd = first > m_shown / 2;
        const InboxReadModel::Sort sort{m_sort.key, m_sort.descending != fromEnd};
        auto paged = m_read.pageIds(m_filter, sort, qint64(fromEnd ? m_shown - last : first), int(last - first));
        if (!paged)
            return fail(paged.error());
        ids = std::move(*paged);
        if (fromEnd)
            std::reverse(ids.begin(), ids.end());
    }
    auto rows = m_read.rows(ids);
    if (!rows)
        return rows;
    // One row per id, in place: an item gone since its id was read leaves an empty row (id 0)
    // instead of shifting the rest of the page up.
    std::vector<InboxRow> aligned(ids.size());
    size_t found = 0;
    for (size_t i = 0; i < ids.size() && found < rows->size(); ++i)
        if ((*rows)[found].id == ids[i])
            aligned[i] = std::move((*rows)[found++]);
    return aligned;
}

QVariant InboxTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto* rows = page(index.row() / kPageSize);
    const size_t offset = size_t(index.row() % kPageSize);
    if (!rows || offset >= rows->size() || (*rows)[offset].id == 0)
        return {};
    return InboxCells::data((*rows)[offset], index.column(), role);
}

QVariant InboxTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return InboxCells::header(section);
}

void InboxTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    const InboxReadModel::Sort next{keyOf(column), order == Qt::DescendingOrder};
    if (next.key == m_sort.key && next.descending == m_sort.descending)
        return;
    const InboxReadModel::Sort previous = m_sort;
    m_sort = next;
    if (isLoading()) {
        beginResetModel();
        reload();
        endResetModel();
        return;
    }
    // Every id is here: ordering by id is a sort in memory; any other order asks SQL.
    std::vector<qint64> ordered;
    if (next.key == InboxReadModel::SortKey::Id) {
        ordered = m_ids;
        if (next.descending)
            std::sort(ordered.begin(), ordered.end(), std::greater<>());
        else
            std::sort(ordered.begin(), ordered.end());
    } else if (auto all = m_read.allIds(m_filter, m_sort)) {
        ordered = std::move(*all);
    } else {
        m_sort = previous;
        reportError(all.error().message);
        return;
    }
    if (ordered.size() != m_ids.size()) {
        // Items came or went since the last read: not the same rows in a new order.
        beginResetModel();
        m_rows.clear();
        m_ids = std::move(ordered);
        m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
        endResetModel();
        return;
    }
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Persistent indexes follow their item: remember ids, re-place them in the new order with
    // one pass over the ids, however many indexes the selection holds.
    const QModelIndexList before = persistentIndexList();
    std::vector<qint64> beforeIds;
    beforeIds.reserve(size_t(before.size()));
    std::unordered_map<qint64, int> rowById;
    for (const QModelIndex& i : before) {
        beforeIds.push_back(idAt(i.row()));
        rowById.emplace(beforeIds.back(), -1);
    }
    m_ids = std::move(ordered);
    m_rows.clear();
    for (size_t row = 0; row < m_ids.size() && !rowById.empty(); ++row)
        if (auto it = rowById.find(m_ids[row]); it != rowById.end())
            it->second = int(row);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int row = beforeIds[size_t(i)] ? rowById[beforeIds[size_t(i)]] : -1;
        after.append(row < 0 ? QModelIndex() : index(row, before[i].column()));
    }
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}
void InboxTableModel::setFilter(const InboxFilter& filter)
{
    beginResetModel();
    m_filter = filter;
    // A failure here costs speed only (every word then goes through the index): not reported.
    (void)m_read.markCommonWords(m_filter);
    reload();
    endResetModel();
}

void InboxTableModel::reloadRows()
{
    m_rows.clear();
    if (m_shown > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

bool InboxTableModel::refresh()
{
    if (!isLoading()) {
        InboxIdReader reader(m_read, m_reader.pacing());
        std::vector<qint64> ids;
        if (auto s = reader.start(m_filter, m_sort, ids); !s) {
            reportError(s.error().message);
            return false;
        }
        if (reader.done() && ids == m_ids) {
            reloadRows();
            return false;
        }
        beginResetModel();
        m_rows.clear();
        m_ids = std::move(ids);
        m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
        m_counted = false;
        m_reader = reader;
        m_lastError.clear();
        countIfIndexed();
        if (!m_reader.done())
            m_loadTimer->start();
        endResetModel();
        return true;
    }
    beginResetModel();
    reload();
    endResetModel();
    return true;
}

qint64 InboxTableModel::idAt(int row) const
{
    if (row < 0 || size_t(row) >= m_shown)
        return 0;
    if (size_t(row) < m_ids.size())
        return m_ids[size_t(row)];
    const auto* rows = page(row / kPageSize);
    const size_t offset = size_t(row % kPageSize);
    return rows && offset < rows->size() ? (*rows)[offset].id : 0;
}

int InboxTableModel::rowOfId(qint64 id) const
{
    // In id order the ids are sorted: a binary search; any other order is one linear pass.
    const auto end = m_ids.begin() + qsizetype(std::min(m_shown, m_ids.size()));
    auto found = end;
    if (m_sort.key == InboxReadModel::SortKey::Id || m_sort.key == InboxReadModel::SortKey::Summary) {
        found = m_sort.descending ? std::lower_bound(m_ids.begin(), end, id, std::greater<>())
                                  : std::lower_bound(m_ids.begin(), end, id);
        if (found != end && *found != id)
            found = end;
    } else {
        found = std::find(m_ids.begin(), end, id);
    }
    if (found != end)
        return int(found - m_ids.begin());
    if (!m_counted)
        return -1;
    // Counted rows not read yet: SQL knows the position.
    auto row = m_read.rowOf(m_filter, m_sort, id);
    if (!row) {
        reportError(row.error().message);
        return -1;
    }
    return *row && **row < qint64(m_shown) ? int(**row) : -1;
}

} // namespace sediment::ui
