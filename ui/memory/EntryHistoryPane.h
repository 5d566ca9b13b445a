#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

// The Memory page's history of one entry, read from the audit log: the human edits that added,
// replaced or removed it, and the inbox decisions that wrote it, newest first.
class EntryHistoryPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EntryHistoryPane)

public:
    EntryHistoryPane(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);

    // The history of `entry` in the store `target` ("memory" or "user").
    void showEntry(const QString& target, const QString& entry);
    // Reads the shown entry's history again; false when no entry has been shown yet.
    bool refresh();
    QStringList lines() const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    QLabel* m_title = nullptr;
    QListWidget* m_list = nullptr;
    QString m_target;
    QString m_entry;
};

} // namespace sediment::ui
