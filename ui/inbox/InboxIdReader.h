#pragma once

#include "model/InboxQuery.h"
#include "store/InboxReadModel.h"
#include "util/Error.h"

#include <functional>
#include <vector>

namespace sediment::ui {

// Reads the ids of an inbox filter, in view order, into a vector the table model holds. In id
// order it goes in windows over the id span, each sized to a short time whatever the filter: a
// read that fits the caller's budget is read whole, any other stops at its first screenful (the
// model then counts it when an index serves it) and continues in slices from the event loop.
// Any other order needs every match before the first row: one statement.
class InboxIdReader final {
public:
    // How reading is paced: how long it may hold the caller (a filter, a refresh) before the
    // rest comes in the background, how long each background slice may hold the event loop,
    // and how many ids of the span the first window covers (later ones adapt to their cost).
    struct Pacing {
        int blockingMs = 100;
        int sliceMs = 15;
        qint64 firstWindow = 16 * 1024;
    };

    InboxIdReader(InboxReadModel& read, Pacing pacing) : m_read(&read), m_pacing(pacing) {}

    // Keeps, of the ids appended from `from` on, only those the view shows, in place: what the
    // store cannot answer (the preflight's verdicts). A sieved read is never counted.
    using Sieve = std::function<void(std::vector<qint64>& ids, size_t from)>;

    // Starts reading the ids of `filter` under `sort` into `ids`, blocking for the budget; each
    // window read goes through `sieve` when there is one.
    Status start(const InboxFilter& filter, InboxReadModel::Sort sort, std::vector<qint64>& ids, Sieve sieve = {});
    // One slice of the rest, for the event loop.
    Status continueReading(std::vector<qint64>& ids);
    bool done() const { return m_done; }
    const Pacing& pacing() const { return m_pacing; }

private:
    // Reads windows for at most budgetMs; a blocking read may stop sooner (see the .cpp).
    Status advance(std::vector<qint64>& ids, int budgetMs, bool blocking);

    InboxReadModel* m_read;
    Pacing m_pacing;
    InboxFilter m_filter;
    Sieve m_sieve;
    bool m_done = true;
    bool m_descending = false;
    qint64 m_next = 0; // ascending: the last id read; descending: the next id to read
    qint64 m_end = 0;  // ascending: the largest id; descending: one below the smallest
    qint64 m_window = 0;
};

} // namespace sediment::ui
