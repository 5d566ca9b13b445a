#include "inbox/InboxPage.h"
#include "inbox/InboxTableModel.h"
#include "InboxFixture.h"
#include "MainWindow.h"
#include "Page.h"
#include "RecentWorkspaces.h"
#include "shared/ShortcutHelp.h"
#include "Sidebar.h"
#include "skills/SkillsPage.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"

#include <QAbstractButton>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

// A page as another engineer would write one, to check the window copes with late additions.
class FakePage final : public Page {
public:
    FakePage(QString id, QString title, QWidget* parent = nullptr)
        : Page(parent)
        , m_id(std::move(id))
        , m_title(std::move(title))
    {}
    QString pageId() const override { return m_id; }
    QString title() const override { return m_title; }
    QString badge() const override { return QStringLiteral("%1 reloads").arg(reloads); }
    void reload() override { ++reloads; }
    int reloads = 0;

private:
    QString m_id;
    QString m_title;
};

// Shown and active, as a founder's window is: shortcuts only reach the active window.
bool showActive(QWidget& window)
{
    window.show();
    QApplication::setActiveWindow(&window);
    return QTest::qWaitForWindowActive(&window);
}

std::unique_ptr<Workspace> openAgain(const QString& dir)
{
    auto ws = sediment::test::openWorkspace(dir);
    return ws ? std::move(*ws) : nullptr;
}

} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void titleNamesTheAppAndOpensOnTheInbox()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("a"));
        fx.addMemory(QStringLiteral("b"));
        MainWindow window(std::move(fx.ws));
        QVERIFY(window.windowTitle().contains(QStringLiteral("Sediment")));
        QCOMPARE(window.currentPageId(), QStringLiteral("inbox"));
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("2"));
    }

    void theStatusBarSaysWhereTheWorkspaceLivesAndOnATeamWhoYouAre()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const QString folder = QDir::toNativeSeparators(fx.ws->root());
        const bool server = fx.ws->db().isServer();
        const QString role = fx.ws->reviewer();
        MainWindow window(std::move(fx.ws));
        const auto* label = window.findChild<QLabel*>(QStringLiteral("workspaceLabel"));
        QVERIFY(label);
        if (!server) {
            QCOMPARE(label->text(), folder);
            return;
        }
        // The schema's creator is its first admin.
        QVERIFY2(label->text().startsWith(QStringLiteral("team ")), qPrintable(label->text()));
        QVERIFY2(label->text().contains(QStringLiteral("you are %1 (admin)").arg(role)), qPrintable(label->text()));
        QVERIFY(label->text().endsWith(folder));
    }

    void sidebarKeepsTheProductOrderForPagesAddedLater()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        MainWindow window(std::move(fx.ws));
        window.addPage(new FakePage(QStringLiteral("scars"), QStringLiteral("Scars")));
        window.addPage(new FakePage(QStringLiteral("memory"), QStringLiteral("Memory")));
        window.addPage(new FakePage(QStringLiteral("decisions"), QStringLiteral("Decisions")));
        window.addPage(new FakePage(QStringLiteral("skills"), QStringLiteral("Skills")));
        QCOMPARE(window.sidebar()->pageIds(),
                 (QStringList{QStringLiteral("inbox"), QStringLiteral("memory"), QStringLiteral("skills"),
                              QStringLiteral("scars"), QStringLiteral("decisions"), QStringLiteral("audit")}));
        QVERIFY(window.showPage(QStringLiteral("scars")));
        QCOMPARE(window.sidebar()->currentPageId(), QStringLiteral("scars"));
        QVERIFY(!window.showPage(QStringLiteral("nowhere")));
    }

    void anotherProcessWriteReloadsTheShownPageWithinASecond()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("first"));
        const qint64 second = fx.addMemory(QStringLiteral("second"));
        const QString dir = fx.dir.path();
        MainWindow window(std::move(fx.ws));
        window.show();
        auto* inbox = qobject_cast<InboxPage*>(window.page(QStringLiteral("inbox")));
        QVERIFY(inbox);
        QVERIFY(inbox->selectId(second));
        // Every product page is installed already: a page of its own id stands for a hidden one.
        auto* hidden = new FakePage(QStringLiteral("extra"), QStringLiteral("Extra"));
        window.addPage(hidden);
        QVERIFY(window.page(QStringLiteral("extra")) == hidden);

        fx.ws = openAgain(dir); // the agent's own connection
        QVERIFY(fx.ws);
        fx.addMemory(QStringLiteral("from the agent"));
        QTRY_COMPARE_WITH_TIMEOUT(inbox->model()->rowCount(), 3, 1000);
        QCOMPARE(inbox->currentId(), second);
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("3"));
        QCOMPARE(hidden->reloads, 0); // hidden pages wait until shown
        window.showPage(QStringLiteral("extra"));
        QCOMPARE(hidden->reloads, 1);
    }

    void questionMarkOpensTheShortcutHelp()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        QTest::keyClick(&window, Qt::Key_Question);
        QVERIFY(window.findChild<ShortcutHelp*>());
        QVERIFY(ShortcutHelp::entries().size() >= 8);
    }

    void firstKeyPressAtOpeningDecidesTheFirstProposal()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("Run the linters before pushing."));
        fx.addMemory(QStringLiteral("The user prefers short answers."));
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        auto* inbox = qobject_cast<InboxPage*>(window.page(QStringLiteral("inbox")));
        QVERIFY(inbox);
        QCOMPARE(QApplication::focusWidget(), inbox->table());
        const QString auditBefore = window.sidebar()->badge(QStringLiteral("audit"));
        const QString memoryBefore = window.sidebar()->badge(QStringLiteral("memory"));

        // What a founder does: open the app and press A.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        QCOMPARE(window.currentPageId(), QStringLiteral("inbox"));
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("1"));
        // Every badge follows the decision, not only the inbox's own.
        QVERIFY(window.sidebar()->badge(QStringLiteral("audit")) != auditBefore);
        QVERIFY(window.sidebar()->badge(QStringLiteral("memory")) != memoryBefore);
    }

    void aWriteOnAnotherPageRefreshesEveryBadge()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        Skill s;
        s.name = QStringLiteral("deploy");
        s.createdBy = QStringLiteral("agent");
        s.state = QStringLiteral("active");
        s.createdAt = QDateTime::currentDateTimeUtc();
        QVERIFY(SkillRepository(fx.ws->db()).save(s));
        QVERIFY(QDir().mkpath(fx.ws->path(QStringLiteral("skills/deploy"))));
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        const QString auditBefore = window.sidebar()->badge(QStringLiteral("audit"));
        // A pin is audited: the Audit page's count follows at once, not at the next refresh.
        window.showPage(QStringLiteral("skills"));
        auto* skills = qobject_cast<SkillsPage*>(window.page(QStringLiteral("skills")));
        QVERIFY(skills && skills->selectSkill(QStringLiteral("deploy")));
        skills->togglePin();
        QVERIFY(**SkillRepository(window.workspace().db()).find(QStringLiteral("deploy")) != s);
        QCOMPARE(window.sidebar()->badge(QStringLiteral("audit")), QString::number(auditBefore.toInt() + 1));
    }

    void inboxLettersDecideWhereverTheFocusIsButInTextFields()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("first"));
        fx.addMemory(QStringLiteral("second"));
        fx.addMemory(QStringLiteral("third"));
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        auto* inbox = qobject_cast<InboxPage*>(window.page(QStringLiteral("inbox")));
        QVERIFY(inbox);

        // In the sidebar, A approves instead of jumping to the Audit page by type-ahead.
        window.sidebar()->setFocus();
        QTest::keyClick(window.sidebar(), Qt::Key_A);
        QCOMPARE(window.currentPageId(), QStringLiteral("inbox"));
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("2"));

        // In the search box, a letter is text.
        inbox->searchBox()->setFocus();
        QTest::keyClick(inbox->searchBox(), Qt::Key_A);
        QCOMPARE(inbox->searchBox()->text(), QStringLiteral("a"));
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("2"));

        // On another page the inbox's letters do nothing.
        QVERIFY(window.showPage(QStringLiteral("memory")));
        QTest::keyClick(&window, Qt::Key_A);
        QCOMPARE(window.sidebar()->badge(QStringLiteral("inbox")), QStringLiteral("2"));
    }

    void aRecentWorkspaceThatIsGoneIsSaidSoAndNeverMadeAgain()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        MainWindow window(std::move(fx.ws));
        QTemporaryDir parent;
        const QString gone = parent.filePath(QStringLiteral("moved-away"));
        RecentWorkspaces::remember(gone);
        QString said;
        // The reviewer reads the message and takes it off the list.
        QTimer::singleShot(0, &window, [&said] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            said = box->text();
            for (QAbstractButton* b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole)
                    b->click();
        });
        QVERIFY(!window.openWorkspace(gone));
        QVERIFY2(said.contains(QStringLiteral("is not there any more")), qPrintable(said));
        QVERIFY(!QFileInfo::exists(gone));
        QVERIFY(!RecentWorkspaces::list().contains(gone));
    }

    void screenshotWritesAPngOfTheWindow()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("visible in the screenshot"));
        const QString file = fx.dir.filePath(QStringLiteral("shot.png"));
        MainWindow window(std::move(fx.ws));
        QVERIFY(window.showPage(QStringLiteral("audit")));
        QVERIFY(window.saveScreenshot(file));
        QImage image(file);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 800);
    }

    void remembersTheWorkspaceAmongTheRecentOnes()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const QString root = fx.ws->root();
        MainWindow window(std::move(fx.ws));
        QCOMPARE(MainWindow::recentWorkspaces().value(0), root);
    }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
