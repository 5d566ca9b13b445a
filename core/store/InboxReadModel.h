#pragma once

#include "model/InboxQuery.h"
#include "util/Error.h"

#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace sediment {

class Database;

// One inbox row as a table shows it: the few columns a list needs and the payload as stored.
// How a payload reads in one line is the domain's knowledge (InboxSummary), not the store's: the
// reader fills `summary` from `opJson` and may drop the payload then.
struct InboxRow {
    qint64 id = 0;
    QString destination;
    QString opJson;
    QString summary;
    std::optional<double> score;
    QString agent;
    int seen = 1;
    bool stale = false;
    QString status;
    QString createdAt;
    QString profile; // the Hermes profile of a staged write, empty for other items
};

// The read side of the inbox for lazy views (docs/user-guide.md#the-window): a filter and a sort become SQL, the view asks
// for a count, then for pages of ids, then for the rows of the ids it shows. Nothing here loads
// the table whole, so a million rows cost what one screenful costs.
class InboxReadModel final {
public:
    enum class SortKey { Id, Destination, Summary, Score, Agent, Seen, Status, Created };
    struct Sort {
        SortKey key = SortKey::Id;
        bool descending = false;
    };

    explicit InboxReadModel(Database& db) : m_db(db) {}

    Result<qint64> count(const InboxFilter& filter);
    // True when an index answers the filter alone (a status with any of `dest:`, `agent:`,
    // `score`, `is:stale`; `profile:` goes through the staged records): counting it is a walk over index entries, cheaper than reading its
    // ids. Free text never is: a common word costs as much to count as to read.
    static bool isIndexed(const InboxFilter& filter);
    // True when count() need not walk the filter's entries (one status and nothing else: the
    // table's count minus the other statuses'; no term at all, `status:all`: the table's count).
    static bool countsQuickly(const InboxFilter& filter);
    // True for score bounds under a status and nothing else: count() then reads only the entries
    // in the score range (inbox_score_range, schema 13; the server's inbox_by_status_score),
    // while reading the ids in id order walks every entry of the status, so counting is the
    // cheaper of the two.
    static bool countsScoreRange(const InboxFilter& filter);
    // True for one negated term under one status and nothing else (`-dest:a,b`, `-agent:a`,
    // `-is:stale`, one negated score bound): count() then subtracts the term's own count (read
    // from the index that leads with it) from the status's (counted quickly), instead of walking
    // every entry of the status.
    static bool countsAsComplement(const InboxFilter& filter);
    // Whether the server's kept counts answer the filter (status, destination, agent, stale).
    static bool countsFromTotals(const InboxFilter& filter);
    // Moves whenever anything is committed, by this connection or another: what a count is
    // remembered against, so that going back to a filter need not count it again.
    Result<std::pair<qint64, qint64>> writeMark();
    // The smallest and the largest id in the inbox ({0, 0} when empty): the span a window scan
    // walks. Ids only grow and items are never deleted, so the span only widens.
    Result<std::pair<qint64, qint64>> idSpan();
    // Appends the matching ids with after < id <= upTo, in id order (descending if asked): one
    // window of an incremental scan, so that a filter no index serves shows its first matches
    // after a window's work instead of a whole table's.
    Status appendIdsInWindow(const InboxFilter& filter, bool descending, qint64 after, qint64 upTo,
                             std::vector<qint64>& into);
    // Every matching id under sort, in one statement: for the orders a window scan cannot give.
    Result<std::vector<qint64>> allIds(const InboxFilter& filter, Sort sort);
    Result<std::vector<qint64>> pageIds(const InboxFilter& filter, Sort sort, qint64 offset, int limit);
    // In the order of `ids`; ids that no longer exist are skipped.
    Result<std::vector<InboxRow>> rows(const std::vector<qint64>& ids);
    // The position of `id` under filter and sort, nullopt when the filter excludes it.
    Result<std::optional<qint64>> rowOf(const InboxFilter& filter, Sort sort, qint64 id);
    Result<qint64> pendingCount();
    // Fills filter.commonText when every indexable word of the filter is one the trigram index
    // would answer slower than a scan (InboxTextIndex::commonWords). Results never depend on
    // it, only the plan does.
    Status markCommonWords(InboxFilter& filter);

private:
    Database& m_db;
};

} // namespace sediment
