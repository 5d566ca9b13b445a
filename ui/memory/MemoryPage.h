#pragma once

#include "memory/MemoryStore.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "WorkspacePage.h"

#include <QFileSystemWatcher>
#include <QHash>
#include <QTimer>

#include <functional>
#include <optional>

class QLabel;
class QListView;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace sediment::ui {

class ClaudeMemoryPane;
class EntryHistoryPane;
class MemoryEntryModel;
class OwnWrites;
class UsageBar;

// The Memory page (docs/user-guide.md#the-window): MEMORY.md and USER.md side by side with their usage bars and entries,
// the selected entry's history from the audit log, human add / edit / remove through the
// store's own operation (lock, threat scan, budget) with an audit row each, and the frozen
// snapshot the agent will see at its next session. When another program (an agent) rewrites a
// store, the page reloads and says so. A second tab shows each Claude Code project's memory
// (ClaudeMemoryPane).
class MemoryPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryPage)

public:
    MemoryPage(sediment::Workspace& workspace, const sediment::Clock& clock, QWidget* parent = nullptr);
    ~MemoryPage() override;

    QString pageId() const override { return QStringLiteral("memory"); }
    QString title() const override { return tr("Memory"); }
    QString badge() const override;
    // "hermes" or "claude-code": the tab to show.
    bool showSection(const QString& section) override;
    ClaudeMemoryPane* claudePane() const { return m_claude; }

    // A human edit, as the page's buttons make it: the docs/user-guide.md#memory operation under the store's lock, with
    // its audit row (actor human:<reviewer>) in the same transaction. A store refusal (budget,
    // threat, no match) is a failure outcome, shown to the user.
    Result<MemoryOutcome> applyEdit(const QString& target, const MemoryOp& op);

    // Selects an entry (the history pane follows); false when there is no such row.
    bool selectEntry(const QString& target, int row);
    QString selectedEntry(const QString& target) const; // empty when none
    QStringList historyLines() const;
    QString snapshotText() const;
    QStringList entries(const QString& target) const;
    QString usageText(const QString& target) const; // the bar's "1840 / 2200"
    QString noticeText() const;                     // the "changed on disk" banner
    // The window's own writes: a store holding exactly what one of them wrote is reloaded
    // without the banner.
    void setOwnWrites(const OwnWrites* writes) { m_ownWrites = writes; }

public Q_SLOTS:
    void reload() override;

private:
    // The constructor's steps, in the order the widgets are made.
    QWidget* buildSnapshot();
    void followDiskChanges();

    struct Column {
        QString target;
        QLabel* heading = nullptr;
        UsageBar* bar = nullptr;
        QListView* list = nullptr;
        MemoryEntryModel* model = nullptr;
        QPushButton* add = nullptr;
        QPushButton* edit = nullptr;
        QPushButton* remove = nullptr;
    };

    QWidget* buildColumn(Column& column, const QString& heading);
    Column& column(const QString& target);
    const Column& column(const QString& target) const;
    MemoryStore storeFor(const QString& target) const;
    // What saving a text in `target` would do (adding it, or replacing the entry `replacing`).
    std::function<QString(const QString&)> previewFor(const QString& target,
                                                      const std::optional<QString>& replacing) const;
    void checkFiles(); // reload when a store's bytes changed behind our back
    void watchFiles();
    void onAdd(const QString& target);
    void onEdit(const QString& target);
    void onRemove(const QString& target);
    void report(const Result<MemoryOutcome>& outcome);

    Column m_memory;
    Column m_user;
    EntryHistoryPane* m_history = nullptr;
    QPlainTextEdit* m_snapshot = nullptr;
    QLabel* m_notice = nullptr;
    QTabWidget* m_tabs = nullptr;
    ClaudeMemoryPane* m_claude = nullptr;
    QFileSystemWatcher m_watcher;
    QTimer m_poll;
    QHash<QString, QByteArray> m_loadedBytes; // per target, what the page last showed
    const OwnWrites* m_ownWrites = nullptr;
};

} // namespace sediment::ui
