#pragma once

#include "hermes/PendingQueue.h"
#include "util/Clock.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

namespace sediment {

class Workspace;

// Keeps Hermes' staged queue drained into the inbox while the app is open (docs/verbs.md#hermes: a new staged
// file appears within a second). A QFileSystemWatcher on pending/memory/ (or on the nearest
// existing parent until the folder appears) reacts at once; a one-second poll of the folders'
// change stamps and of the database's data_version covers what inotify misses and decisions
// taken by other processes, whose staged files are then settled; the whole listing (each file's
// size and time) is compared when a stamp moved, and every ten seconds for a record rewritten in
// place. Work is done only when the listing or the database actually changed.
class PendingWatcher final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PendingWatcher)

public:
    PendingWatcher(Workspace& workspace, const Clock& clock, QString settleActor, QObject* parent = nullptr);

    // Imports now (on open) and starts watching.
    void start();
    void stop();

    const ImportReport& lastReport() const { return m_last; }

public Q_SLOTS:
    // Imports if the folder or the database changed since the last pass; `force` imports anyway.
    void poll(bool force = false);

Q_SIGNALS:
    // Something changed: new inbox items, settled files or withdrawn items.
    void imported(const sediment::ImportReport& report);
    // The set of files that cannot be used changed; the list is in lastReport().unparseable.
    void problemsChanged(const QStringList& problems);
    void failed(const QString& message);

private:
    QString listingSignature() const;
    QString folderStamps() const;
    void rewatch();

    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_actor;
    QFileSystemWatcher m_watcher;
    QTimer m_timer;
    QString m_signature;
    QString m_stamps; // the queue folders' change stamps at the last full look
    int m_quietPolls = 0;
    static constexpr int kFullListingEvery = 10;
    qint64 m_dataVersion = -1;
    QStringList m_problems;
    ImportReport m_last;
};

} // namespace sediment
