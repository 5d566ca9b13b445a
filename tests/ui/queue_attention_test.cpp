// Attention to the queue: the oldest waiting item's age in the sidebar and the status bar (with
// an injected clock), and the decision to raise a desktop notification when items arrive while
// the window is not active, through a recording port instead of the real tray.
#include "attention/NotifierPort.h"
#include "attention/QueueAttention.h"
#include "InboxFixture.h"
#include "MainWindow.h"
#include "Sidebar.h"

#include <QAction>
#include <QLabel>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

class RecordingNotifier final : public NotifierPort {
public:
    bool canNotify() const override { return tray; }
    void notify(const QString& title, const QString& message) override
    {
        titles << title;
        messages << message;
    }
    bool tray = true;
    QStringList titles;
    QStringList messages;
};

} // namespace

class QueueAttentionTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<testing::InboxFixture> m_fixture;
    RecordingNotifier m_port;
    bool m_active = false;

    std::unique_ptr<QueueAttention> attention()
    {
        return std::make_unique<QueueAttention>(m_fixture->ws->db(), m_fixture->clock, m_port,
                                                [this] { return m_active; });
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        QSettings().clear();
        m_fixture = std::make_unique<testing::InboxFixture>();
        QVERIFY(m_fixture->dir.isValid());
        QVERIFY(m_fixture->open());
        m_port = RecordingNotifier();
        m_active = false;
    }

    void itemsArrivingWhileTheWindowIsInactiveAreNotified()
    {
        m_fixture->addMemory(QStringLiteral("already there"));
        auto a = attention();
        a->refresh();
        QVERIFY(m_port.messages.isEmpty()); // what was waiting at start is not news
        m_fixture->addMemory(QStringLiteral("new one"));
        m_fixture->addMemory(QStringLiteral("new two"));
        a->refresh();
        QCOMPARE(m_port.messages, QStringList{QStringLiteral("2 new items are waiting for your decision.")});
        a->refresh();
        QCOMPARE(m_port.messages.size(), 1);                  // told once
        m_fixture->fileMemories(QStringLiteral("filed "), 1); // through the intake, as propose does
        a->refresh();
        QCOMPARE(m_port.messages.last(), QStringLiteral("1 new item is waiting for your decision."));
    }

    void nothingIsNotifiedWhileTheWindowIsActive()
    {
        auto a = attention();
        a->refresh();
        m_active = true;
        m_fixture->addMemory(QStringLiteral("seen on screen"));
        a->refresh();
        QVERIFY(m_port.messages.isEmpty());
        // Nor later, when the window loses focus: those items were already in sight.
        m_active = false;
        a->refresh();
        QVERIFY(m_port.messages.isEmpty());
    }

    void theSettingTurnsNotificationsOffAndIsRemembered()
    {
        auto a = attention();
        a->refresh();
        a->setNotificationsEnabled(false);
        m_fixture->addMemory(QStringLiteral("quietly"));
        a->refresh();
        QVERIFY(m_port.messages.isEmpty());
        QVERIFY(!QueueAttention::storedNotificationsEnabled());
        QVERIFY(!attention()->notificationsEnabled());
    }

    void withoutATrayNothingIsAsked()
    {
        m_port.tray = false;
        auto a = attention();
        a->refresh();
        m_fixture->addMemory(QStringLiteral("no tray"));
        a->refresh();
        QVERIFY(m_port.messages.isEmpty());
    }

    void theAgeIsTheOldestPendingItems()
    {
        auto a = attention();
        a->refresh();
        QVERIFY(!a->oldest());
        QVERIFY(a->statusText().isEmpty());
        m_fixture->addMemory(QStringLiteral("old"));
        m_fixture->clock.set(m_fixture->clock.now().addDays(12).addSecs(3 * 3600));
        m_fixture->addMemory(QStringLiteral("young"));
        a->refresh();
        QCOMPARE(a->oldest()->days(), qint64(12));
        QCOMPARE(a->statusText(), QStringLiteral("· oldest 12 days"));
        QCOMPARE(a->sidebarText(), QStringLiteral("oldest 12 days"));
    }

    void theSidebarAndTheStatusBarShowTheAge()
    {
        m_fixture->addMemory(QStringLiteral("waiting"));
        FixedClock later(m_fixture->clock.now().addDays(1).addSecs(60));
        MainWindow window(std::move(m_fixture->ws), later);
        QCOMPARE(window.sidebar()->subtitle(QStringLiteral("inbox")), QStringLiteral("oldest 1 day"));
        auto* label = window.findChild<QLabel*>(QStringLiteral("oldestWaitingLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("· oldest 1 day"));

        later.set(later.now().addDays(11));
        window.attention()->refresh();
        QCOMPARE(label->text(), QStringLiteral("· oldest 12 days"));
        QCOMPARE(window.sidebar()->subtitle(QStringLiteral("inbox")), QStringLiteral("oldest 12 days"));
    }

    void theViewMenuTurnsNotificationsOff()
    {
        MainWindow window(std::move(m_fixture->ws), m_fixture->clock);
        auto* action = window.findChild<QAction*>(QStringLiteral("actionNotifyOnArrival"));
        QVERIFY(action);
        QVERIFY(action->isCheckable());
        QVERIFY(action->isChecked());
        action->setChecked(false);
        QVERIFY(!window.attention()->notificationsEnabled());
        QVERIFY(!QueueAttention::storedNotificationsEnabled());
    }
};

QTEST_MAIN(QueueAttentionTest)
#include "queue_attention_test.moc"
