#pragma once

#include <QObject>

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

class DataVersionWatcher;

// What other programs do to the workspace while the window is open (docs/architecture.md#refresh):
// commits by another process (DataVersionWatcher), a Hermes home's staged queue flowing into
// the inbox (PendingWatcher), and what a killed process left in the decision journal or a
// team's other hosts approved, settled here before the window is told.
class LiveRefresh final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveRefresh)

public:
    LiveRefresh(Workspace& workspace, const Clock& clock, QObject* parent = nullptr);

    // Settles the decision journal and, on a team's files host, the decisions other hosts
    // approved; what it did is said in a message. At start and before every changed().
    void settle();
    // Imports the Hermes queue now, then watches it and the database.
    void start();
    DataVersionWatcher* watcher() const { return m_watcher; }

Q_SIGNALS:
    // The workspace changed behind the window's pages, and what it left is settled.
    void changed();
    // For the status bar, shown for `msec`.
    void message(const QString& text, int msec);

private:
    void watchHermesQueue();
    void watchDatabase();
    void onChange();

    Workspace& m_workspace;
    const Clock& m_clock;
    bool m_policyPublished = false; // once a session: an admin's sediment.json is the team's policy
    DataVersionWatcher* m_watcher = nullptr;
};

} // namespace sediment::ui
