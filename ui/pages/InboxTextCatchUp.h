#pragma once

#include "store/InboxTextIndex.h"

#include <QObject>
#include <QTimer>

namespace sediment {
class Database;
}

namespace sediment::ui {

// Catches the inbox's trigram index up (InboxTextIndex) from the event loop: short slices on
// the window's own connection, each one write transaction of a few thousand rows sized to
// about `sliceMs`, with a pause between them so input and painting go on. The window's own
// connection, so that PRAGMA data_version (the live refresh) does not take these commits for
// another program's. A failure (locked, read-only) is reported and retried later; search works
// meanwhile, through LIKE above the mark.
class InboxTextCatchUp final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxTextCatchUp)

public:
    struct Pacing {
        int sliceMs = 40;       // the aim for one write transaction
        int pauseMs = 15;       // between slices: the event loop's turn
        int retryMs = 10'000;   // after a failure
        int busyWaitMs = 20;    // how long a slice waits for another writer's lock
        qint64 firstChunk = 2'000;
        qint64 minChunk = 250;
        qint64 maxChunk = 20'000;
    };

    explicit InboxTextCatchUp(Database& db, QObject* parent = nullptr);
    InboxTextCatchUp(Database& db, Pacing pacing, QObject* parent = nullptr);

    // Catches up from the event loop if rows wait; nothing when running or waiting to retry.
    void start();
    // True from start() until nothing remains (or a failure waits for its retry).
    bool isRunning() const { return m_running; }
    qint64 chunk() const { return m_chunk; }

Q_SIGNALS:
    // After each slice: what it indexed and how long its transaction took.
    void sliceDone(const sediment::InboxTextIndex::Progress& progress, qint64 nsecs);
    void finished();
    void failed(const QString& message);

private:
    void slice();

    InboxTextIndex m_index;
    Pacing m_pacing;
    qint64 m_chunk;
    bool m_running = false;
    QTimer m_timer;
};

} // namespace sediment::ui
