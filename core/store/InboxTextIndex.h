#pragma once

#include "util/Error.h"

#include <QStringList>

#include <QtGlobal>

namespace sediment {

class Database;

// The inbox's free-text index (docs/user-guide.md#the-window, schema 4): a trigram FTS5 table over rationale, payload and
// agent that `propose` does not write, so that an agent's large batch stays cheap. It is caught
// up later, in id order, and inbox_text_mark says how far: every id at or below the mark is
// indexed, rows above it are searched with LIKE (see InboxFilterSql). Rows are never deleted and
// their indexed fields never change after insert, so indexing a row once is enough.
class InboxTextIndex final {
public:
    struct Progress {
        qint64 indexed = 0;   // rows indexed by this call
        qint64 mark = 0;      // every id <= mark is indexed now
        qint64 remaining = 0; // ids above the mark up to the largest (ids are dense: no deletes)
    };

    explicit InboxTextIndex(Database& db) : m_db(db) {}

    // Indexes up to maxRows rows above the mark, in id order, in one write transaction, and
    // moves the mark past them. busyWaitMs >= 0 bounds how long to wait for another writer's
    // lock (the desktop must not freeze behind an agent's batch; it retries later); a negative
    // value keeps the connection's own time-out.
    Result<Progress> catchUp(qint64 maxRows, int busyWaitMs = -1);
    // Where the index stands, without writing.
    Result<Progress> progress();
    Result<qint64> mark();
    // The words found in more than `share` of the latest indexed rows (a sample of 2,000), as
    // the query language matches words: for such a word the trigram index offers nearly every
    // row as a candidate, each re-checked through the view, which costs several times a plain
    // scan of the rows. Never writes.
    Result<QStringList> commonWords(const QStringList& words, double share = 0.05);

private:
    Database& m_db;
};

} // namespace sediment
