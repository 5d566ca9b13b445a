#pragma once

#include "agent/AgentHomes.h"
#include "inbox/InboxIdReader.h"
#include "inbox/PreflightVerdict.h"
#include "model/InboxQuery.h"
#include "shared/LazyTableModel.h"
#include "store/InboxReadModel.h"

#include <QTimer>

#include <map>
#include <vector>

namespace sediment {
class Database;
}

namespace sediment::ui {

// The inbox as a lazy table (docs/user-guide.md#the-window), in the manner of a browser that
// holds only ids: the ids of every matching item, in order, are read from SQL (eight bytes a
// row, no text), and rows are fetched a page at a time when the view first paints them, kept in
// the tables' shared LRU cache (RowPages). Its keys are ids read by InboxIdReader rather than
// whole in one statement (LazyIdTableModel): a filter that an index serves is read whole before
// the first paint (or counted, so the scroll bar is right at once); one that needs a scan shows
// its first matches after a short budget and the rest arrive in the background as rows appended
// at the end.
class InboxTableModel final : public LazyTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxTableModel)

public:
    enum Column {
        IdColumn,
        DestinationColumn,
        SummaryColumn,
        ScoreColumn,
        AgentColumn,
        SeenColumn,
        StatusColumn,
        CheckColumn, // the preflight's verdict (InboxPreflight)
        CreatedColumn,
        ColumnCount
    };
    // Views and the page ask rows by these, so that selection survives re-sorting and refresh.
    enum Role { IdRole = Qt::UserRole + 1, StaleRole, StatusRole, DestinationRole };

    using Pacing = InboxIdReader::Pacing;

    explicit InboxTableModel(Database& db, QObject* parent = nullptr);
    InboxTableModel(Database& db, Pacing pacing, QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    void setFilter(const InboxFilter& filter);
    // The verdicts the Check column shows, owned by the caller (InboxPreflight), read at paint time.
    void setVerdicts(const std::map<qint64, PreflightVerdict>* verdicts);
    const InboxFilter& filter() const { return m_filter; }
    InboxReadModel::Sort sortOrder() const { return m_sort; }

    // Re-reads the ids; keeps the rows in place (dataChanged) when they did not change, resets
    // otherwise. Returns true when it reset, so the caller restores selection by id.
    bool refresh() override;
    // True while ids are still arriving in the background: rowCount() is not final yet.
    bool isLoading() const { return !m_reader.done(); }

    qint64 idAt(int row) const;   // 0 when out of range
    int rowOfId(qint64 id) const; // -1 when the filter excludes it (or not read yet)
    QString lastError() const { return m_lastError; }
    // The homes whose adapters tell a write in their agent's words (InboxSummary); none until set.
    void setAgents(const AgentHomes& agents) { m_agents = &agents; }

Q_SIGNALS:
    // A read that went on in the background has every id now: rowCount() is final.
    void loadingFinished();

private:
    // The inbox is the table a reviewer walks through and back: it keeps more pages.
    static constexpr int kCachedPages = 48;

    int keyCount() const override { return int(m_shown); }
    // Reads anew, blocking for the budget; the rest continues from the event loop.
    void readKeys() override;
    void dropRows() override { m_rows.clear(); }
    QVariant columnTitle(int column) const override;
    // Says a failure once, until a read succeeds: a failing page fails on every paint.
    void reportError(const QString& message) const override;
    // The ids just read (`read` says how that went) become the rows.
    void showRead(const Status& read);
    // What keeps the ids of a query with is:dead, is:dup, is:ok or is:unsafe by their verdicts
    // (none for a query without).
    InboxIdReader::Sieve verdictSieve() const;
    // group:target: the pending items that share a target with another, group by group.
    void readByVerdict();
    // The row at `row`, nullptr when unreadable; an item gone since its id was read has id 0.
    const InboxRow* rowAt(int row) const;
    Result<std::vector<InboxRow>> readPage(int first, int count) const;
    void continueLoading();
    // After a read that stops early: count an indexed filter's rows, so that the scroll bar
    // and the end of the list are right at once.
    void countIfIndexed();

    mutable InboxReadModel m_read;
    const AgentHomes* m_agents = &AgentHomes::none();
    InboxFilter m_filter;
    InboxReadModel::Sort m_sort;
    std::vector<qint64> m_ids; // in view order; the first m_shown are the model's rows
    size_t m_shown = 0;
    // While an indexed filter's ids are read in the background, the rows were counted up front:
    // m_shown is that count and rows past m_ids are paged from SQL.
    bool m_counted = false;
    // The last few counts, each valid while nothing was committed since it was taken.
    struct RememberedCount {
        InboxFilter filter;
        std::pair<qint64, qint64> mark;
        qint64 count = 0;
    };
    std::vector<RememberedCount> m_counts;
    InboxIdReader m_reader;
    QTimer* m_loadTimer = nullptr;
    mutable RowPages<InboxRow> m_rows{kCachedPages};
    mutable QString m_lastError;
    const std::map<qint64, PreflightVerdict>* m_verdicts = nullptr;
};

} // namespace sediment::ui
