#include "MainMenus.h"

#include "RecentWorkspaces.h"
#include "shared/Appearance.h"
#include "shared/ShortcutHelp.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

namespace sediment::ui {

MainMenus::MainMenus(QMainWindow* window, const QString& folder) : QObject(window), m_window(window), m_folder(folder)
{
    buildFile();
    buildView();
    buildHelp();
}

void MainMenus::buildFile()
{
    QMenu* file = m_window->menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(QIcon(QStringLiteral(":/icons/folder.svg")), tr("&Open Workspace…"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Open Workspace"), m_folder);
        if (!dir.isEmpty())
            Q_EMIT openRequested(dir);
    });
    m_recent = file->addMenu(tr("Open &Recent"));
    rebuildRecent();
    connect(m_recent, &QMenu::aboutToShow, this, &MainMenus::rebuildRecent);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, m_window, &QWidget::close);
}

void MainMenus::buildView()
{
    m_view = m_window->menuBar()->addMenu(tr("&View"));
    QAction* reload = m_view->addAction(tr("&Reload"));
    reload->setShortcut(QKeySequence::Refresh);
    connect(reload, &QAction::triggered, this, &MainMenus::reloadRequested);
    QMenu* look = m_view->addMenu(tr("&Appearance"));
    auto* group = new QActionGroup(look);
    for (const auto& [mode, label] :
         {std::pair{"system", QT_TR_NOOP("Follow the &system")}, std::pair{"light", QT_TR_NOOP("&Light")},
          std::pair{"dark", QT_TR_NOOP("&Dark")}}) {
        QAction* a = look->addAction(tr(label));
        a->setCheckable(true);
        a->setChecked(Appearance::current() == QLatin1String(mode));
        group->addAction(a);
        const QString m = QString::fromLatin1(mode);
        connect(a, &QAction::triggered, this, [m] { Appearance::apply(m); });
    }
}

void MainMenus::buildHelp()
{
    QMenu* help = m_window->menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"));
    keys->setObjectName(QStringLiteral("actionShortcutHelp"));
    keys->setShortcut(QKeySequence(Qt::Key_Question));
    connect(keys, &QAction::triggered, this, [this] {
        auto* dialog = new ShortcutHelp(m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    QAction* about = help->addAction(tr("&About Sediment"));
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(m_window, tr("About Sediment"),
                           tr("<b>Sediment %1</b><p>The human gate of an AI agent's "
                              "learning loop: agents propose, you decide, and every "
                              "decision is audited.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainMenus::rebuildRecent()
{
    m_recent->clear();
    const QStringList recent = RecentWorkspaces::list();
    for (const QString& dir : recent) {
        QAction* a = m_recent->addAction(QDir::toNativeSeparators(dir));
        connect(a, &QAction::triggered, this, [this, dir] { Q_EMIT openRequested(dir); });
    }
    if (recent.isEmpty())
        m_recent->addAction(tr("No recent workspaces"))->setEnabled(false);
}

} // namespace sediment::ui
