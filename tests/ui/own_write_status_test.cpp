// The status bar after the window's own decision (docs/user-guide.md#the-window): the decision's
// outcome stays there, and the Memory page does not take the window's own write to USER.md for
// another program's. A write by someone else afterwards is still reported.

#include "InboxFixture.h"
#include "MainWindow.h"
#include "memory/MemoryPage.h"

#include <QFile>
#include <QStatusBar>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

bool showActive(QWidget& window)
{
    window.show();
    QApplication::setActiveWindow(&window);
    return QTest::qWaitForWindowActive(&window);
}

const QString kOtherProgram = QStringLiteral("changed on disk (another program wrote it)");

} // namespace

class OwnWriteStatusTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void anApprovalKeepsItsOutcomeInTheStatusBarAndAnotherProgramsWriteIsStillReported()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.add(QStringLiteral("user"), Json{{"action", "add"}, {"content", "The user prefers short answers."}});
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        auto* memory = qobject_cast<MemoryPage*>(window.page(QStringLiteral("memory")));
        QVERIFY(memory);
        const QString userFile = window.workspace().memoryFile(QStringLiteral("user"));

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        const QString outcome = window.statusBar()->currentMessage();
        QVERIFY2(outcome.startsWith(QStringLiteral("Approved #")), qPrintable(outcome));
        QVERIFY(QFile::exists(userFile));

        // Long enough for the file watcher and the page's one-second poll to have looked.
        QTest::qWait(1600);
        QCOMPARE(window.statusBar()->currentMessage(), outcome);
        QCOMPARE(memory->noticeText(), QString());

        QFile f(userFile);
        QVERIFY(f.open(QIODevice::Append));
        f.write("\n§\nWritten by the agent, not by the window.");
        f.close();
        QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(kOtherProgram), 3000);
        QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("USER.md ")));
        QVERIFY(memory->noticeText().contains(kOtherProgram));
    }

    void anUndoneApprovalIsTheWindowsOwnWriteToo()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.add(QStringLiteral("user"), Json{{"action", "add"}, {"content", "The user reads diffs side by side."}});
        MainWindow window(std::move(fx.ws));
        QVERIFY(showActive(window));
        auto* memory = qobject_cast<MemoryPage*>(window.page(QStringLiteral("memory")));
        QVERIFY(memory);

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        QTest::qWait(1200);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Z, Qt::ControlModifier);
        const QString undone = window.statusBar()->currentMessage();
        QVERIFY2(undone.startsWith(QStringLiteral("Reverted #")), qPrintable(undone));
        QTest::qWait(1600);
        QCOMPARE(window.statusBar()->currentMessage(), undone);
        QCOMPARE(memory->noticeText(), QString());
    }
};

QTEST_MAIN(OwnWriteStatusTest)
#include "own_write_status_test.moc"
