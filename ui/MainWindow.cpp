#include "MainWindow.h"
#include "agents/Agents.h"
#include "inbox/InboxPreflight.h"

#include "attention/QueueAttention.h"
#include "attention/TrayNotifier.h"
#include "audit/AuditPage.h"
#include "decisions/DecisionsPage.h"
#include "inbox/InboxPage.h"
#include "LiveRefresh.h"
#include "MainMenus.h"
#include "memory/MemoryPage.h"
#include "Page.h"
#include "PageStack.h"
#include "RecentWorkspaces.h"
#include "Resources.h"
#include "scars/ScarsPage.h"
#include "shared/ErrorDialog.h"
#include "Sidebar.h"
#include "skills/SkillsPage.h"
#include "store/InboxRepository.h"
#include "team/TeamRights.h"
#include "util/Clock.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStatusBar>
#include <QThread>

namespace sediment::ui {

MainWindow::MainWindow(std::unique_ptr<Workspace> workspace, QWidget* parent)
    : MainWindow(std::move(workspace), nullptr, parent)
{}

MainWindow::MainWindow(std::unique_ptr<Workspace> workspace, const Clock& clock, QWidget* parent)
    : MainWindow(std::move(workspace), &clock, parent)
{}

MainWindow::MainWindow(std::unique_ptr<Workspace> workspace, const Clock* clock, QWidget* parent)
    : QMainWindow(parent)
    , m_workspace(std::move(workspace))
    , m_clock(clock ? *clock : m_systemClock)
{
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Sediment — %1").arg(QDir::toNativeSeparators(m_workspace->root())));

    buildCentral();
    buildStatusBar();
    settleAtStart();
    buildMenus();
    installPages();
    setupAttention();
    m_live->start();
    restoreWindow();
    rememberWorkspace();
    showPage(QStringLiteral("inbox"));
    greet();
}

// The sidebar of pages beside the current page, in a splitter that keeps its sizes.
void MainWindow::buildCentral()
{
    auto* central = new QSplitter(Qt::Horizontal, this);
    central->setObjectName(QStringLiteral("mainSplitter"));
    central->setChildrenCollapsible(false);
    m_sidebar = new Sidebar(central);
    m_pages = new PageStack(central);
    central->addWidget(m_sidebar);
    central->addWidget(m_pages);
    central->setStretchFactor(1, 1);
    central->setSizes({260, 1020});
    setCentralWidget(central);
    connect(m_sidebar, &Sidebar::pageSelected, this, &MainWindow::showPage);
}

void MainWindow::buildStatusBar()
{
    m_workspaceLabel = new QLabel(workspaceText(), this);
    m_workspaceLabel->setObjectName(QStringLiteral("workspaceLabel"));
    statusBar()->addPermanentWidget(m_workspaceLabel);
}

// What a killed process left, and on a team what other hosts approved, is settled before the
// pages first read the workspace; later changes by other programs reload them (LiveRefresh).
void MainWindow::settleAtStart()
{
    m_live = new LiveRefresh(*m_workspace, m_clock, this);
    connect(m_live, &LiveRefresh::message, statusBar(), &QStatusBar::showMessage);
    connect(m_live, &LiveRefresh::changed, this, &MainWindow::onExternalChange);
    m_live->settle();
}

// The size, docks and splitter the window had when it was last closed (closeEvent saves them).
void MainWindow::restoreWindow()
{
    resize(1280, 820);
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (auto* central = qobject_cast<QSplitter*>(centralWidget()))
        central->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
}

// The workspace's warnings if it has any, else how to start.
void MainWindow::greet()
{
    if (!m_workspace->warnings().isEmpty())
        statusBar()->showMessage(m_workspace->warnings().join(QStringLiteral("; ")), 15000);
    else
        statusBar()->showMessage(tr("Ready. Press ? for keyboard shortcuts."), 4000);
}

MainWindow::~MainWindow() = default;

// Every page of the app. Pages take (Workspace&, const Clock&, QWidget*); the sidebar orders
// them, so a page added here appears in its place whatever the order of these lines.
void MainWindow::installPages()
{
    auto* inbox = new InboxPage(*m_workspace, m_clock, this);
    inbox->setOwnWrites(&m_ownWrites);
    addPage(inbox);
    auto* memory = new MemoryPage(*m_workspace, m_clock, this);
    memory->setOwnWrites(&m_ownWrites);
    addPage(memory);
    addPage(new SkillsPage(*m_workspace, m_clock, this));
    addPage(new ScarsPage(*m_workspace, m_clock, this));
    addPage(new DecisionsPage(*m_workspace, m_clock, this));
    addPage(new AuditPage(*m_workspace, m_clock, this));
}

void MainWindow::addPage(Page* page)
{
    if (!page || !m_pages->add(page))
        return;
    m_sidebar->addEntry(page->pageId(), page->title());
    m_sidebar->setBadge(page->pageId(), page->badge());
    connect(page, &Page::badgeChanged, this, [this, page] {
        m_sidebar->setBadge(page->pageId(), page->badge());
        if (m_attention && page->pageId() == QLatin1String("inbox"))
            m_attention->refresh();
        if (page->pageId() == QLatin1String("inbox"))
            showProgress();
    });
    connect(page, &Page::workspaceChanged, this, [this, page] { onPageWrote(page); });
    connect(page, &Page::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // Ctrl+1..9 follow the sidebar's order.
    for (int i = 0; i < m_sidebar->count() && i < 9; ++i) {
        const QString id = m_sidebar->pageIds().at(i);
        const QString name = QStringLiteral("goto-") + id;
        QAction* go = findChild<QAction*>(name);
        if (!go) {
            go = new QAction(this);
            go->setObjectName(name);
            connect(go, &QAction::triggered, this, [this, id] { showPage(id); });
            addAction(go);
        }
        go->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        // Named, so that the command palette lists it with its key.
        if (const Page* target = m_pages->page(id))
            go->setText(tr("Go to %1").arg(target->title()));
    }
}

Page* MainWindow::page(const QString& pageId) const { return m_pages->page(pageId); }

QStringList MainWindow::pageIds() const { return m_sidebar->pageIds(); }

QString MainWindow::currentPageId() const
{
    const Page* p = m_pages->current();
    return p ? p->pageId() : QString();
}

bool MainWindow::showPage(const QString& pageId)
{
    // "memory/claude-code": a page, then a part of it.
    const QString id = pageId.section(QLatin1Char('/'), 0, 0).toLower();
    const QString section = pageId.section(QLatin1Char('/'), 1);
    Page* p = page(id);
    if (!p || (!section.isEmpty() && !p->showSection(section.toLower())))
        return false;
    m_pages->showPage(p);
    if (m_sidebar->currentPageId() != p->pageId())
        m_sidebar->select(p->pageId());
    // The page's own content takes the keys (a page sets its focus proxy to its main list), not
    // the sidebar, whose type-ahead would turn a decision's letter into a page switch.
    // Someone walking the sidebar with the arrow keys keeps it.
    if (!m_sidebar->hasFocus())
        p->setFocus(Qt::OtherFocusReason);
    return true;
}

QString MainWindow::workspaceText() const
{
    const QString folder = QDir::toNativeSeparators(m_workspace->root());
    Database& db = m_workspace->db();
    if (!db.isServer())
        return folder;
    // A team's workspace: which server, and as whom, with the right that decides what this
    // window may do (docs/user-guide.md#team-mode).
    auto rights = TeamRights(*m_workspace).rightsOf(m_workspace->reviewer());
    return tr("team %1 · you are %2 (%3) · %4")
        .arg(db.describe(), m_workspace->reviewer(), rights ? *rights : tr("right unknown"), folder);
}

DataVersionWatcher* MainWindow::watcher() const { return m_live->watcher(); }

void MainWindow::onExternalChange()
{
    // The shown page reloads now; hidden pages reload when shown, their badges now.
    m_pages->changedElsewhere();
    refreshBadges();
}

void MainWindow::onPageWrote(Page* writer)
{
    // Like another process's change, but the writer has refreshed itself already.
    m_pages->changedBy(writer);
    refreshBadges();
}

void MainWindow::refreshBadges()
{
    for (const Page* p : m_pages->pages())
        m_sidebar->setBadge(p->pageId(), p->badge());
    if (m_attention)
        m_attention->refresh();
    showProgress();
}

void MainWindow::showProgress()
{
    const auto* inbox = qobject_cast<InboxPage*>(page(QStringLiteral("inbox")));
    if (!m_progressLabel || !inbox)
        return;
    // Counted from the store (the intake's rows are pending too), never kept by hand.
    auto left = InboxRepository(m_workspace->db()).count(toString(InboxStatus::Pending));
    const int decided = inbox->decidedThisSession();
    m_progressLabel->setText(left ? tr("%1 decided · %2 left").arg(decided).arg(*left) : tr("%1 decided").arg(decided));
}

// A queue nobody sees is the users' first complaint: the oldest waiting item's age stays in
// sight (sidebar, status bar), and new items raise a notification while the window is away.
void MainWindow::setupAttention()
{
    m_tray = new TrayNotifier(this);
    connect(m_tray, &TrayNotifier::activated, this, [this] {
        showNormal();
        raise();
        activateWindow();
        showPage(QStringLiteral("inbox"));
    });
    m_attention = new QueueAttention(
        m_workspace->db(), m_clock, *m_tray, [this] { return isActiveWindow() && !isMinimized(); }, this);
    connect(m_attention, &QueueAttention::changed, this, &MainWindow::showAttention);

    m_oldestLabel = new QLabel(this);
    m_oldestLabel->setObjectName(QStringLiteral("oldestWaitingLabel"));
    statusBar()->insertPermanentWidget(0, m_oldestLabel);
    // Beside it, this session's progress: "38 decided · 362 left".
    m_progressLabel = new QLabel(this);
    m_progressLabel->setObjectName(QStringLiteral("sessionProgressLabel"));
    statusBar()->insertPermanentWidget(0, m_progressLabel);

    QAction* notify = m_menus->viewMenu()->addAction(tr("&Notify When New Items Arrive"));
    notify->setObjectName(QStringLiteral("actionNotifyOnArrival"));
    notify->setCheckable(true);
    notify->setChecked(m_attention->notificationsEnabled());
    notify->setToolTip(tr("A desktop notification when items arrive while the window is not "
                          "active (where the desktop has a system tray)"));
    connect(notify, &QAction::toggled, m_attention, &QueueAttention::setNotificationsEnabled);

    m_attention->refresh();
    showAttention();
}

void MainWindow::showAttention()
{
    m_sidebar->setSubtitle(QStringLiteral("inbox"), m_attention->sidebarText());
    m_oldestLabel->setText(m_attention->statusText());
    m_oldestLabel->setVisible(!m_attention->statusText().isEmpty());
    showProgress();
}

// The menus ask; the window opens the workspace or reloads the page in sight.
void MainWindow::buildMenus()
{
    m_menus = new MainMenus(this, m_workspace->root());
    connect(m_menus, &MainMenus::openRequested, this, &MainWindow::openWorkspace);
    connect(m_menus, &MainMenus::reloadRequested, this, [this] {
        if (Page* p = m_pages->current())
            p->reload();
        refreshBadges();
    });
}

QStringList MainWindow::recentWorkspaces() { return RecentWorkspaces::list(); }

void MainWindow::rememberWorkspace() const { RecentWorkspaces::remember(m_workspace->root()); }

bool MainWindow::openWorkspace(const QString& dir)
{
    // A folder that is gone (a recent workspace moved or deleted since) is said so; opening it
    // would quietly make a new, empty workspace in its place.
    if (!QFileInfo::exists(dir)) {
        QMessageBox box(
            QMessageBox::Warning, tr("Sediment"),
            tr("The workspace %1 is not there any more: it was moved or deleted.").arg(QDir::toNativeSeparators(dir)),
            QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("missingWorkspaceDialog"));
        QPushButton* forget = box.addButton(tr("&Remove from Recent"), QMessageBox::AcceptRole);
        box.addButton(QMessageBox::Cancel);
        box.setDefaultButton(forget);
        box.exec();
        if (box.clickedButton() == forget)
            RecentWorkspaces::forget(dir); // the menu is rebuilt each time it opens
        return false;
    }
    auto ws = Agents::open(dir);
    if (!ws) {
        ErrorDialog::show(this, tr("Cannot open the workspace %1.").arg(dir), ws.error());
        return false;
    }
    auto* next = new MainWindow(std::move(*ws));
    next->setAttribute(Qt::WA_DeleteOnClose);
    next->setGeometry(geometry());
    next->show();
    close();
    return true;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Pages were re-parented into the stack after they built themselves, which dropped the focus
    // they had set; the first show hands it to the current page.
    if (!m_shownOnce) {
        m_shownOnce = true;
        if (Page* p = m_pages->current())
            p->setFocus(Qt::OtherFocusReason);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    if (auto* splitter = qobject_cast<QSplitter*>(centralWidget()))
        settings.setValue(QStringLiteral("window/splitter"), splitter->saveState());
    QMainWindow::closeEvent(event);
}

bool MainWindow::saveScreenshot(const QString& file)
{
    show();
    QApplication::processEvents();
    // The inbox's verdicts come from a thread of their own: the picture waits for them (a few
    // seconds at most), as a founder sees the window a moment after it opens.
    if (auto* inbox = qobject_cast<InboxPage*>(page(QStringLiteral("inbox")))) {
        QElapsedTimer waited;
        waited.start();
        while (!inbox->preflight()->hasRun() && waited.elapsed() < 5000) {
            QApplication::processEvents(QEventLoop::AllEvents, 20);
            QThread::msleep(10);
        }
        QApplication::processEvents();
    }
    return grab().save(file);
}

} // namespace sediment::ui
