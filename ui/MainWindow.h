#pragma once

#include "shared/OwnWrites.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QMainWindow>

#include <memory>

class QLabel;

namespace sediment::ui {

class DataVersionWatcher;
class LiveRefresh;
class MainMenus;
class Page;
class PageStack;
class QueueAttention;
class Sidebar;
class TrayNotifier;

// The main window: the sidebar of pages, the current page, the status bar, the menus (File ▸
// Open Workspace and recent workspaces, View ▸ appearance, Help ▸ shortcuts). It polls the
// workspace database and reloads the shown page within a second of another process's write.
class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(std::unique_ptr<Workspace> workspace, QWidget* parent = nullptr);
    // With another clock than the system's (tests: the age of the oldest waiting item).
    MainWindow(std::unique_ptr<Workspace> workspace, const Clock& clock, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Adds a page (the window takes ownership); the sidebar places it in the product's order.
    void addPage(Page* page);
    Page* page(const QString& pageId) const;
    // The pages' ids in the sidebar's order, as --page takes them.
    QStringList pageIds() const;
    QString currentPageId() const;
    bool showPage(const QString& pageId);
    bool saveScreenshot(const QString& file);

    Workspace& workspace() { return *m_workspace; }
    const Clock& clock() const { return m_clock; }
    Sidebar* sidebar() const { return m_sidebar; }
    DataVersionWatcher* watcher() const;
    QueueAttention* attention() const { return m_attention; }

    // Opens another workspace in a new window and closes this one; false (with a dialog saying
    // why) when the folder cannot be opened.
    bool openWorkspace(const QString& dir);

    static QStringList recentWorkspaces();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    MainWindow(std::unique_ptr<Workspace> workspace, const Clock* clock, QWidget* parent);
    // The constructor's steps, in order.
    void buildCentral();
    void buildStatusBar();
    void settleAtStart();
    void restoreWindow();
    void greet();
    void installPages();
    void setupAttention();
    void showAttention();
    void buildMenus();
    void onExternalChange();
    void onPageWrote(Page* writer);
    void refreshBadges();
    // The status bar's workspace: its folder, and for a team its server and who you are there.
    QString workspaceText() const;
    void rememberWorkspace() const;

    std::unique_ptr<Workspace> m_workspace;
    SystemClock m_systemClock;
    const Clock& m_clock;
    Sidebar* m_sidebar = nullptr;
    PageStack* m_pages = nullptr;
    LiveRefresh* m_live = nullptr;
    MainMenus* m_menus = nullptr;
    QLabel* m_workspaceLabel = nullptr;
    TrayNotifier* m_tray = nullptr;
    QueueAttention* m_attention = nullptr;
    QLabel* m_oldestLabel = nullptr;
    QLabel* m_progressLabel = nullptr; // this session's decisions and what is left
    void showProgress();
    bool m_shownOnce = false;
    OwnWrites m_ownWrites; // what the pages' decisions wrote, for the Memory page's watcher
};

} // namespace sediment::ui
