#include "inbox/InboxIdReader.h"

#include <QElapsedTimer>

#include <algorithm>
#include <climits>

namespace sediment::ui {

namespace {

// Window sizes, in ids of the span: they adapt so that one window takes a few kWindowNs.
constexpr qint64 kMinWindow = 8;
constexpr qint64 kMaxWindow = 1024 * 1024;
constexpr qint64 kWindowNs = 4'000'000;
// Rows the view shows at once, about: enough to stop blocking when the rest is long.
constexpr size_t kScreenful = 256;

} // namespace

Status InboxIdReader::start(const InboxFilter& filter, InboxReadModel::Sort sort, std::vector<qint64>& ids, Sieve sieve)
{
    m_filter = filter;
    m_sieve = std::move(sieve);
    m_done = true;
    ids.clear();
    if (sort.key != InboxReadModel::SortKey::Id && sort.key != InboxReadModel::SortKey::Summary) {
        auto all = m_read->allIds(filter, sort);
        if (!all)
            return fail(all.error());
        ids = std::move(*all);
        if (m_sieve)
            m_sieve(ids, 0);
        return {};
    }
    auto span = m_read->idSpan();
    if (!span)
        return fail(span.error());
    // Room for every id of the span up front: untouched capacity costs address space, not
    // memory, and the background never copies the ids it already has.
    ids.reserve(size_t(std::min<qint64>(span->second - span->first + 1, INT_MAX)));
    m_done = false;
    m_descending = sort.descending;
    m_next = m_descending ? span->second : span->first - 1;
    m_end = m_descending ? span->first - 1 : span->second;
    m_window = std::max<qint64>(m_pacing.firstWindow, 1);
    // A read that will not fit the budget stops at a screenful, whatever the filter: an indexed
    // one is then counted (InboxTableModel::countIfIndexed), which walks the same index entries
    // as reading its ids does, without keeping them. Reading on for the whole budget and then
    // counting paid for both (a million items: `agent:owl,scout` and `dest:memory,skill`,
    // 180 to 210 ms before the first page).
    return advance(ids, m_pacing.blockingMs, true);
}

Status InboxIdReader::continueReading(std::vector<qint64>& ids) { return advance(ids, m_pacing.sliceMs, false); }

Status InboxIdReader::advance(std::vector<qint64>& ids, int budgetMs, bool blocking)
{
    QElapsedTimer clock;
    clock.start();
    const qint64 budgetNs = qint64(budgetMs) * 1'000'000;
    const double span = double(m_descending ? m_next - m_end : m_end - m_next);
    double covered = 0;
    while (!m_done) {
        const qint64 started = clock.nsecsElapsed();
        const qint64 after = m_descending ? std::max(m_next - m_window, m_end) : m_next;
        const qint64 upTo = m_descending ? m_next : std::min(m_next + m_window, m_end);
        const size_t read = ids.size();
        if (auto s = m_read->appendIdsInWindow(m_filter, m_descending, after, upTo, ids); !s) {
            m_done = true;
            return s;
        }
        if (m_sieve)
            m_sieve(ids, read);
        m_next = m_descending ? after : upTo;
        m_done = m_next == m_end;
        covered += double(upTo - after);
        // Windows of about kWindowNs each: a slice then ends close to its budget, whether
        // an index answers (wide windows) or every row is read (narrow ones).
        const qint64 now = clock.nsecsElapsed();
        const qint64 took = now - started;
        // Grown while under kWindowNs, halved past four times it: a window's cost is not always
        // in proportion to its width (a trigram lookup costs about the same for twice the span).
        if (took < kWindowNs && m_window < kMaxWindow)
            m_window *= 2;
        else if (took > kWindowNs * 4 && m_window > kMinWindow)
            m_window /= 2;
        if (now >= budgetNs)
            break;
        if (blocking && !m_done) {
            // Block only while the whole read looks like it fits the budget (then the scroll
            // bar is right at the first paint); a read that will not fit stops as soon as it
            // has a screenful, or after a quarter of the budget, and goes on in the background.
            const double projected = double(now) * span / std::max(covered, 1.0);
            if (projected > double(budgetNs) && (ids.size() >= kScreenful || now >= budgetNs / 4))
                break;
        }
    }
    return {};
}

} // namespace sediment::ui
