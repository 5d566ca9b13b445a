#pragma once

#include "inbox/InboxQuery.h"
#include "util/Error.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// One inbox row as a table shows it: the few columns a list needs and a one-line summary of
// the change, never the whole payload.
struct InboxRow {
    qint64 id = 0;
    QString destination;
    QString summary;
    std::optional<double> score;
    QString agent;
    int seen = 1;
    bool stale = false;
    QString status;
    QString createdAt;
};

// The read side of the inbox for lazy views (§10): a filter and a sort become SQL, the view asks
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
    Result<std::vector<qint64>> pageIds(const InboxFilter& filter, Sort sort, qint64 offset,
                                        int limit);
    // In the order of `ids`; ids that no longer exist are skipped.
    Result<std::vector<InboxRow>> rows(const std::vector<qint64>& ids);
    // The position of `id` under filter and sort, nullopt when the filter excludes it.
    Result<std::optional<qint64>> rowOf(const InboxFilter& filter, Sort sort, qint64 id);
    Result<qint64> pendingCount();

    // A one-line description of a payload, as the list shows it.
    static QString summarize(const QString& destination, const QString& opJson);

private:
    Database& m_db;
};

} // namespace sediment
