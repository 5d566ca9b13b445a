#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>

namespace sediment {
class Database;
}

namespace sediment::ui {

class InboxUpkeep;

// The Inbox page's background work as the page reports it: the upkeep (InboxUpkeep: the intake
// filed into inbox_items, then the free-text index caught up), its progress and failures as
// status-bar messages, and how many pending proposals are still waiting in the intake, which the
// page counts though it cannot list them yet.
class InboxBackground final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxBackground)

public:
    explicit InboxBackground(Database& db, QObject* parent = nullptr);

    // Files what fits in a moment (at most `rows`, waiting briefly for another writer) before the
    // page's first read; the rest is left to the upkeep, from the event loop's first turn.
    void fileAtOpen(qint64 rows);
    // Works from the event loop if anything waits (InboxUpkeep::start).
    void start();
    // Counts the intake again: another program's filing arrives with the live refresh.
    void recount();
    qint64 filing() const { return m_filing; }
    InboxUpkeep* upkeep() const { return m_upkeep; }

Q_SIGNALS:
    // Rows reached inbox_items (the window's own commits do not move data_version).
    void filed();
    // The count of proposals still in the intake changed outside a refresh (a failure).
    void filingChanged();
    void statusMessage(const QString& text);

private:
    void watch();

    Database& m_db;
    InboxUpkeep* m_upkeep = nullptr;
    qint64 m_filing = 0;
    QElapsedTimer m_progressShown; // valid while the status bar shows progress
};

} // namespace sediment::ui
