#pragma once

#include "inbox/PreflightVerdict.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <map>
#include <memory>
#include <thread>

namespace sediment::ui {

// The whole queue's preflight (core Preflight, docs/user-guide.md#preflight) kept current in the
// background: a run on a thread of its own, with a workspace of its own opened on the same
// folder (a database connection belongs to one thread), never on the window's. A request made
// while a run is under way starts another when it ends, so the verdicts shown always come from
// a run that started after the last change asked for. The page asks after every refresh: a
// decision, new proposals; and it watches the files the verdicts are read from (memory files,
// skills, CLAUDE.md, settings.json, in every Hermes profile), so a write by another program
// changes them too.
class InboxPreflight final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxPreflight)

public:
    explicit InboxPreflight(QString root, QObject* parent = nullptr);
    ~InboxPreflight() override; // waits for a run under way

    // Runs soon (requests close together make one run).
    void request();
    const std::map<qint64, PreflightVerdict>& verdicts() const { return m_verdicts; }
    const PreflightVerdict* verdictOf(qint64 id) const;
    bool hasRun() const { return m_runs > 0; }
    int runs() const { return m_runs; }
    QString lastError() const { return m_error; }

Q_SIGNALS:
    void updated();

private:
    void start();
    // The files and folders a verdict reads, watched: a change to any of them asks for a run.
    void watchTargets();
    void finished(std::shared_ptr<std::map<qint64, PreflightVerdict>> verdicts, QString error);

    QString m_root;
    QTimer m_debounce;
    QFileSystemWatcher m_watcher;
    std::thread m_thread;
    bool m_running = false;
    bool m_again = false;
    int m_runs = 0;
    QString m_error;
    std::map<qint64, PreflightVerdict> m_verdicts;
};

} // namespace sediment::ui
