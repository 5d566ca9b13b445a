#include "inbox/InboxTableModel.h"
#include "model/InboxStatus.h"

#include "inbox/InboxCells.h"
#include "inbox/InboxSummary.h"
#include "inbox/Preflight.h"
#include "store/Database.h"

#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <iterator>

namespace sediment::ui {

namespace {

using K = InboxReadModel::SortKey;

// What a click on each column orders by, in the columns' order. The summary and the preflight's
// verdict have no order in SQL: they order by id.
constexpr std::array kSortKeys{K::Id, K::Destination, K::Id, K::Score, K::Agent, K::Seen, K::Status, K::Id, K::Created};
static_assert(kSortKeys.size() == InboxTableModel::ColumnCount);

K keyOf(int column) { return kSortKeys[size_t(column)]; }

} // namespace

InboxTableModel::InboxTableModel(Database& db, QObject* parent) : InboxTableModel(db, Pacing(), parent) {}

InboxTableModel::InboxTableModel(Database& db, Pacing pacing, QObject* parent)
    : LazyTableModel(ColumnCount, parent)
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
    LazyTableModel::reportError(message);
}

void InboxTableModel::readKeys()
{
    m_loadTimer->stop();
    // group:target orders the queue by group: read whole, as a pending queue is small.
    if (m_filter.groupByTarget) {
        readByVerdict();
        return;
    }
    showRead(m_reader.start(m_filter, m_sort, m_ids, verdictSieve()));
}

InboxIdReader::Sieve InboxTableModel::verdictSieve() const
{
    if (m_filter.preflight.isEmpty())
        return {};
    // The store cannot filter by a verdict: each window of ids the rest of the query matches is
    // kept by its verdict as it is read, so the first page comes as soon as a screenful passes
    // and the rest streams in (a million pending items: reading them all and then looking each
    // up took longer than the 150 ms a filter has). Until the first verdicts arrive no item is
    // dead, a duplicate, ok or unsafe, and the page says it is searching meanwhile.
    return [this](std::vector<qint64>& ids, size_t from) {
        // Keeps, in place and in order, the ids whose verdict `of` passes the query's terms.
        const auto compact = [&](auto of) {
            auto out = ids.begin() + qsizetype(from);
            for (auto in = out; in != ids.end(); ++in)
                if (Preflight::passes(m_filter.preflight, of(*in)))
                    *out++ = *in;
            ids.erase(out, ids.end());
        };
        if (!m_verdicts || ids.size() <= from)
            return compact([](qint64) { return static_cast<const PreflightVerdict*>(nullptr); });
        const std::map<qint64, PreflightVerdict>& verdicts = *m_verdicts;
        const bool byId = m_sort.key == InboxReadModel::SortKey::Id || m_sort.key == InboxReadModel::SortKey::Summary;
        if (!byId)
            return compact([&](qint64 id) -> const PreflightVerdict* {
                const auto it = verdicts.find(id);
                return it == verdicts.end() ? nullptr : &it->second;
            });
        // In id order a window's ids are sorted: one walk along the verdicts beside them, rather
        // than a search of the whole map for each id.
        const qint64 first = ids[from];
        if (m_sort.descending) {
            auto it = std::make_reverse_iterator(verdicts.upper_bound(first));
            return compact([&](qint64 id) -> const PreflightVerdict* {
                while (it != verdicts.rend() && it->first > id)
                    ++it;
                return it != verdicts.rend() && it->first == id ? &it->second : nullptr;
            });
        }
        auto it = verdicts.lower_bound(first);
        compact([&](qint64 id) -> const PreflightVerdict* {
            while (it != verdicts.end() && it->first < id)
                ++it;
            return it != verdicts.end() && it->first == id ? &it->second : nullptr;
        });
    };
}

void InboxTableModel::readByVerdict()
{
    // group:target: every pending id the rest of the query matches is read at once, kept when
    // its item shares its target with another, then ordered group by group.
    m_counted = false;
    auto read = m_reader.start(m_filter, m_sort, m_ids, verdictSieve());
    while (read && !m_reader.done())
        read = m_reader.continueReading(m_ids);
    if (!read) {
        m_ids.clear();
        m_shown = 0;
        reportError(read.error().message);
        return;
    }
    std::erase_if(m_ids, [this](qint64 id) {
        if (!m_verdicts)
            return true;
        const auto it = m_verdicts->find(id);
        return it == m_verdicts->end() || it->second.group.empty();
    });
    std::ranges::stable_sort(
        m_ids, [this](qint64 a, qint64 b) { return m_verdicts->at(a).groupRank(a) < m_verdicts->at(b).groupRank(b); });
    m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
    m_lastError.clear();
}

void InboxTableModel::showRead(const Status& read)
{
    m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
    m_counted = false;
    if (!read) {
        reportError(read.error().message);
        return;
    }
    m_lastError.clear();
    countIfIndexed();
    if (!m_reader.done())
        m_loadTimer->start();
}

void InboxTableModel::countIfIndexed()
{
    // The store counts what it filters: never the preflight's verdicts.
    if (m_reader.done() || !m_filter.preflight.isEmpty() || !InboxReadModel::isIndexed(m_filter))
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
            // Items came or went between the count and the read: show what was read.
            if (after != m_shown)
                replaceKeys([&] { m_shown = after; });
        }
    } else if (after > before) {
        if (before == 0) {
            // Nothing was shown yet: a reset lets the page leave its "no match" state.
            replaceKeys([&] { m_shown = after; });
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

const InboxRow* InboxTableModel::rowAt(int row) const
{
    return pagedRow(m_rows, row, [this](int first, int count) { return readPage(first, count); });
}

Result<std::vector<InboxRow>> InboxTableModel::readPage(int first, int count) const
{
    const size_t begin = size_t(first);
    const size_t last = begin + size_t(count);
    std::vector<qint64> ids;
    if (last <= m_ids.size()) {
        ids.assign(m_ids.begin() + qsizetype(begin), m_ids.begin() + qsizetype(last));
    } else {
        // Counted but not read this far yet: page by offset from the nearer end.
        const bool fromEnd = begin > m_shown / 2;
        const InboxReadModel::Sort sort{m_sort.key, m_sort.descending != fromEnd};
        auto paged = m_read.pageIds(m_filter, sort, qint64(fromEnd ? m_shown - last : begin), count);
        if (!paged)
            return fail(paged.error());
        ids = std::move(*paged);
        if (fromEnd)
            std::reverse(ids.begin(), ids.end());
    }
    auto rows = m_read.rows(ids);
    if (rows) {
        // The cache keeps the line the list shows, not the payload it was read from.
        for (InboxRow& r : *rows) {
            r.summary = InboxSummary::of(*m_agents, r.destination, r.opJson);
            r.opJson.clear();
        }
    }
    return placeByKey(ids, std::move(rows), &InboxRow::id, [](qint64) { return InboxRow{}; });
}

QVariant InboxTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const InboxRow* row = rowAt(index.row());
    if (!row || row->id == 0)
        return {};
    const PreflightVerdict* verdict = nullptr;
    if (m_verdicts)
        if (const auto it = m_verdicts->find(row->id); it != m_verdicts->end())
            verdict = &it->second;
    return InboxCells::data(*row, index.column(), role, verdict);
}

void InboxTableModel::setVerdicts(const std::map<qint64, PreflightVerdict>* verdicts)
{
    m_verdicts = verdicts;
    // Filtering by verdict: which rows match has changed with them.
    if (m_filter.needsVerdicts()) {
        resetWith([] {});
        return;
    }
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, CheckColumn), index(rowCount() - 1, CheckColumn));
}

QVariant InboxTableModel::columnTitle(int column) const { return InboxCells::header(column); }

void InboxTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    const InboxReadModel::Sort next{keyOf(column), order == Qt::DescendingOrder};
    if (next.key == m_sort.key && next.descending == m_sort.descending)
        return;
    const InboxReadModel::Sort previous = m_sort;
    m_sort = next;
    // The group view keeps its own order, group by group.
    if (isLoading() || m_filter.groupByTarget) {
        resetWith({});
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
        if (const auto sieve = verdictSieve())
            sieve(ordered, 0);
    } else {
        m_sort = previous;
        reportError(all.error().message);
        return;
    }
    if (ordered.size() != m_ids.size()) {
        // Items came or went since the last read: not the same rows in a new order.
        replaceKeys([&] {
            m_ids = std::move(ordered);
            m_shown = std::min<size_t>(m_ids.size(), INT_MAX);
        });
        return;
    }
    reorder(
        [&] {
            m_ids = std::move(ordered);
            m_rows.clear();
        },
        [this](int row) { return idAt(row); });
}

void InboxTableModel::setFilter(const InboxFilter& filter)
{
    resetWith([&] {
        m_filter = filter;
        // A failure here costs speed only (every word then goes through the index): not reported.
        (void)m_read.markCommonWords(m_filter);
    });
}

bool InboxTableModel::refresh()
{
    if (m_filter.groupByTarget) {
        resetWith({});
        return true;
    }
    if (!isLoading()) {
        InboxIdReader reader(m_read, m_reader.pacing());
        std::vector<qint64> ids;
        if (auto s = reader.start(m_filter, m_sort, ids, verdictSieve()); !s) {
            reportError(s.error().message);
            return false;
        }
        if (reader.done() && ids == m_ids) {
            reloadRows();
            return false;
        }
        replaceKeys([&] {
            m_ids = std::move(ids);
            m_reader = reader;
            showRead({});
        });
        return true;
    }
    return LazyTableModel::refresh();
}

qint64 InboxTableModel::idAt(int row) const
{
    if (row < 0 || size_t(row) >= m_shown)
        return 0;
    if (size_t(row) < m_ids.size())
        return m_ids[size_t(row)];
    const InboxRow* r = rowAt(row);
    return r ? r->id : 0;
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
