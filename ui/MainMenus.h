#pragma once

#include <QObject>

class QMainWindow;
class QMenu;

namespace sediment::ui {

// The main window's menu bar: File (open a workspace, the recent ones, quit), View (reload, the
// appearance; the window adds its own toggles there) and Help (the keyboard shortcuts, about).
// What needs the window's workspace and pages it asks for with a signal.
class MainMenus final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainMenus)

public:
    // Fills `window`'s menu bar; File ▸ Open Workspace starts in `folder`.
    MainMenus(QMainWindow* window, const QString& folder);

    QMenu* viewMenu() const { return m_view; }

Q_SIGNALS:
    void openRequested(const QString& dir);
    void reloadRequested();

private:
    void buildFile();
    void buildView();
    void buildHelp();
    void rebuildRecent();

    QMainWindow* m_window;
    QString m_folder;
    QMenu* m_recent = nullptr;
    QMenu* m_view = nullptr;
};

} // namespace sediment::ui
