#pragma once

#include "store/InboxStaging.h"
#include "store/InboxTextIndex.h"

#include <QObject>
#include <QTimer>

namespace sediment {
class Database;
}

namespace sediment::ui {

// The inbox's background upkeep, from the event loop, in short slices on the window's own
// connection (so that PRAGMA data_version, the live refresh, does not take these commits for
// another program's), each slice one write transaction sized to about `sliceMs`, with a pause
// between them so input and painting go on:
// 1. the intake first (InboxStaging): proposals `propose` filed join inbox_items, where the page
//    lists them; `filed` says when rows arrived, for the page to refresh;
// 2. then the free-text index (InboxTextIndex) catches up.
// A failure (locked, read-only) is reported and retried later; meanwhile the page counts the
// intake's items and search works through LIKE above the mark.
class InboxUpkeep final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxUpkeep)

public:
    struct Pacing {
        int sliceMs = 40;     // the aim for one write transaction
        int pauseMs = 15;     // between slices: the event loop's turn
        int retryMs = 10'000; // after a failure
        int busyWaitMs = 20;  // how long a slice waits for another writer's lock
        qint64 firstChunk = 2'000;
        qint64 minChunk = 250;
        qint64 maxChunk = 20'000;
    };

    explicit InboxUpkeep(Database& db, QObject* parent = nullptr);
    InboxUpkeep(Database& db, Pacing pacing, QObject* parent = nullptr);

    // Works from the event loop if rows wait; nothing when running or waiting to retry.
    void start();
    // True from start() until nothing remains (or a failure waits for its retry).
    bool isRunning() const { return m_running; }
    qint64 chunk() const { return m_textChunk; }

Q_SIGNALS:
    // After each slice that moved intake rows into inbox_items.
    void filed(const sediment::InboxStaging::Progress& progress, qint64 nsecs);
    // After each slice of the text index: what it indexed and how long its transaction took.
    void sliceDone(const sediment::InboxTextIndex::Progress& progress, qint64 nsecs);
    void finished();
    void failed(const QString& message);

private:
    void slice();
    bool fileSlice(); // true when this slice was the intake's
    void failSlice(const QString& message);
    // The next chunk from this one's cost, at most doubling or halving: the cost per row varies
    // with the text, FTS5's merges and the indexes' pages.
    qint64 nextChunk(qint64 chunk, qint64 rows, qint64 nsecs) const;

    InboxStaging m_intake;
    InboxTextIndex m_index;
    Pacing m_pacing;
    qint64 m_fileChunk;
    qint64 m_textChunk;
    bool m_running = false;
    QTimer m_timer;
};

} // namespace sediment::ui
