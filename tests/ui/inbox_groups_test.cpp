// Groups in the real window (docs/user-guide.md#groups), keys only from the moment it opens: G lists the
// proposals aimed at one target together, the detail pane shows the group's combined result (the
// final file against today's) or why it would not apply as a whole, Shift+A approves a group in
// order as one decision, O keeps only the current proposal, and G again leaves the view.
#include "HermesStaging.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxSearchBar.h"
#include "inbox/InboxService.h"
#include "inbox/InboxTableModel.h"
#include "MainWindow.h"
#include "OpenInbox.h"
#include "shared/DiffView.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "util/Json.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

using sediment::test::readAll;
using sediment::test::writeAll;

bool stage(const QString& home, const char* subsystem, const QString& id, const Json& payload, double at)
{
    return sediment::test::stageHermesRecord(home, subsystem, id, payload, at);
}

constexpr int kPatches = 5;

QByteArray skillText(int done)
{
    QByteArray body = "---\nname: deploy\ndescription: Deploy the app\n---\n\n";
    for (int k = 1; k <= kPatches; ++k)
        body += QByteArray("Step ") + QByteArray::number(k) + (k <= done ? " done.\n" : ".\n");
    return body;
}

} // namespace

class InboxGroupsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aReviewerDecidesGroupsWithAFewKeys()
    {
        QTemporaryDir dir;
        const QString home = dir.path();
        QVERIFY(writeAll(home + QStringLiteral("/config.yaml"),
                         "memory:\n  write_approval: true\nskills:\n  write_approval: true\n"));
        QVERIFY(writeAll(home + QStringLiteral("/memories/MEMORY.md"), "First entry\n\u00a7\nShort answers."));
        QVERIFY(writeAll(home + QStringLiteral("/skills/deploy/SKILL.md"), skillText(0)));
        QVERIFY(writeAll(home + QStringLiteral("/skills/other/SKILL.md"),
                         "---\nname: other\ndescription: Another\n---\n\nAlone.\n"));
        for (int k = 1; k <= kPatches; ++k)
            QVERIFY(stage(home, "skills", QStringLiteral("b%1").arg(1000 + k),
                          Json{{"action", "patch"},
                               {"name", "deploy"},
                               {"old_string", QStringLiteral("Step %1.").arg(k).toStdString()},
                               {"new_string", QStringLiteral("Step %1 done.").arg(k).toStdString()}},
                          k));
        for (int k = 1; k <= 2; ++k)
            QVERIFY(stage(home, "memory", QStringLiteral("a%1").arg(1000 + k),
                          Json{{"action", "replace"},
                               {"target", "memory"},
                               {"old_text", "Short answers."},
                               {"content", k == 1 ? "Terse answers." : "Very short answers."},
                               {"matched_entry", "Short answers."}},
                          10 + k));
        QVERIFY(stage(home, "skills", QStringLiteral("c1000"),
                      Json{{"action", "patch"}, {"name", "other"}, {"old_string", "Alone."}, {"new_string", "Still."}},
                      20));
        auto ws = sediment::test::openWorkspace(home);
        QVERIFY(ws);
        MainWindow window(std::move(*ws));
        auto* inbox = sediment::testing::openInbox(window);
        QVERIFY(inbox);
        InboxTableModel& model = *inbox->model();
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), kPatches + 3, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(inbox->preflight()->verdictOf(kPatches + 3) != nullptr, 10000);
        auto* table = inbox->findChild<QTableView*>(QStringLiteral("inboxTable"));
        QVERIFY(table);
        table->setFocus();
        SystemClock clock;
        InboxService service(window.workspace(), clock);
        QLineEdit* search = inbox->findChild<InboxSearchBar*>()->searchBox();
        auto* toggle = inbox->findChild<QAction*>(QStringLiteral("actionGroup by target"));
        QVERIFY(toggle && !toggle->isChecked());

        // The Group line says it outside the view too.
        auto* groupLine = inbox->findChild<QLabel*>(QStringLiteral("detailGroup"));
        QVERIFY(groupLine);
        QTRY_COMPARE(inbox->currentId(), qint64(1));
        QTRY_VERIFY(groupLine->isVisible());
        QVERIFY2(groupLine->text().startsWith(QStringLiteral("1 of 5 aimed at skill 'deploy'")),
                 qPrintable(groupLine->text()));

        // G: the groups, the largest first; the lone patch is not listed.
        QTest::keyClick(table, Qt::Key_G);
        QTRY_COMPARE(model.rowCount(), kPatches + 2);
        QCOMPARE(search->text(), QStringLiteral("group:target"));
        QVERIFY(toggle->isChecked());
        QTRY_COMPARE(inbox->currentId(), qint64(1));
        // The combined result: every patch, in order, against today's file.
        auto* banner = inbox->findChild<QLabel*>(QStringLiteral("detailBanner"));
        QVERIFY(banner);
        QTRY_VERIFY2(banner->text().startsWith(QStringLiteral("Group of 5 aimed at skill 'deploy'")),
                     qPrintable(banner->text()));
        DiffView* diff = inbox->detail()->diffView();
        // Each file of a skill write under a heading of its own, as a staged batch is shown.
        const QString heading = QStringLiteral("=== skills/deploy/SKILL.md ===\n");
        QCOMPARE(diff->beforeText(), heading + QString::fromUtf8(skillText(0)) + QLatin1Char('\n'));
        QCOMPARE(diff->afterText(), heading + QString::fromUtf8(skillText(kPatches)) + QLatin1Char('\n'));

        // A look at the window as the reviewer sees it: SEDIMENT_TEST_SHOTS=DIR keeps a PNG.
        if (const QString shots = qEnvironmentVariable("SEDIMENT_TEST_SHOTS"); !shots.isEmpty()) {
            window.resize(1400, 820);
            QTest::qWait(200);
            QVERIFY(window.grab().save(shots + QStringLiteral("/inbox-group-view.png")));
        }

        // Shift+A: one decision, all five applied, the file as the preview said.
        QTest::keyClick(table, Qt::Key_A, Qt::ShiftModifier);
        QTRY_COMPARE(readAll(home + QStringLiteral("/skills/deploy/SKILL.md")), skillText(kPatches));
        for (qint64 id = 1; id <= kPatches; ++id)
            QCOMPARE(service.item(id)->status, QStringLiteral("applied"));
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Approved 5 items in one decision")),
                 qPrintable(window.statusBar()->currentMessage()));

        // The memory group: two rewrites of one entry cannot both apply; O keeps the one shown.
        QTRY_COMPARE(model.rowCount(), 2);
        QTRY_VERIFY(inbox->currentId() == kPatches + 1 || inbox->currentId() == kPatches + 2);
        QTRY_VERIFY2(banner->text().contains(QStringLiteral("do not apply as a whole")), qPrintable(banner->text()));
        const qint64 kept = inbox->currentId();
        const qint64 other = kept == kPatches + 1 ? kPatches + 2 : kPatches + 1;
        QTest::keyClick(table, Qt::Key_O);
        QTRY_COMPARE(service.item(other)->status, QStringLiteral("refused"));
        QCOMPARE(service.item(other)->reason.value_or(QString()),
                 QStringLiteral("superseded by inbox item %1 (kept as the one write to MEMORY.md entry 'Short "
                                "answers.')")
                     .arg(kept));
        QCOMPARE(service.item(kept)->status, QStringLiteral("pending"));
        QTRY_COMPARE(model.rowCount(), 0); // no group is left

        // G again: the whole queue, the toggle off.
        QTest::keyClick(table, Qt::Key_G);
        QTRY_COMPARE(model.rowCount(), 2);
        QCOMPARE(search->text(), QString());
        QVERIFY(!toggle->isChecked());
    }

    // Appends to CLAUDE.md, proposed by an agent through the real command line: the group view
    // shows the file with both, Shift+A writes it once.
    void aGroupOfClaudeMdAppendsIsApprovedAsOneWrite()
    {
        QTemporaryDir dir;
        const QString home = dir.path();
        const auto sediment = [&home](const QStringList& args, const QByteArray& input = {}) {
            QProcess p;
            p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), home} + args);
            p.write(input);
            p.closeWriteChannel();
            return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        };
        teamtest::prepareWorkspace(home); // on the test server when the suite runs against it
        QVERIFY(writeAll(home + QStringLiteral("/CLAUDE.md"), "# Rules\n"));
        QVERIFY(sediment(
            {QStringLiteral("propose"), QStringLiteral("-")},
            R"({"destination":"claude_md","op":{"path":"CLAUDE.md","before":"","after":"Run the tests."},"score":0.9})"
            "\n"
            R"({"destination":"claude_md","op":{"path":"CLAUDE.md","before":"","after":"Keep commits small."},"score":0.8})"
            "\n"));
        auto ws = sediment::test::openWorkspace(home);
        QVERIFY(ws);
        MainWindow window(std::move(*ws));
        auto* inbox = sediment::testing::openInbox(window);
        QVERIFY(inbox);
        QTRY_COMPARE_WITH_TIMEOUT(inbox->model()->rowCount(), 2, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(inbox->preflight()->verdictOf(2) != nullptr, 10000);
        auto* table = inbox->findChild<QTableView*>(QStringLiteral("inboxTable"));
        QVERIFY(table);
        table->setFocus();

        QTest::keyClick(table, Qt::Key_G);
        QTRY_COMPARE(inbox->model()->rowCount(), 2);
        QTRY_VERIFY(inbox->currentId() > 0);
        auto* banner = inbox->findChild<QLabel*>(QStringLiteral("detailBanner"));
        QVERIFY(banner);
        QTRY_VERIFY2(banner->text().startsWith(QStringLiteral("Group of 2 aimed at the end of CLAUDE.md")),
                     qPrintable(banner->text()));
        const QString final = QStringLiteral("# Rules\n\nRun the tests.\n\nKeep commits small.\n");
        DiffView* diff = inbox->detail()->diffView();
        QCOMPARE(diff->beforeText(), QStringLiteral("# Rules\n"));
        QCOMPARE(diff->afterText(), final);
        if (const QString shots = qEnvironmentVariable("SEDIMENT_TEST_SHOTS"); !shots.isEmpty()) {
            window.resize(1400, 820);
            QTest::qWait(200);
            QVERIFY(window.grab().save(shots + QStringLiteral("/inbox-claude-md-group.png")));
        }

        QTest::keyClick(table, Qt::Key_A, Qt::ShiftModifier);
        QTRY_COMPARE(readAll(home + QStringLiteral("/CLAUDE.md")), final.toUtf8());
        SystemClock clock;
        InboxService service(window.workspace(), clock);
        for (qint64 id = 1; id <= 2; ++id)
            QCOMPARE(service.item(id)->status, QStringLiteral("applied"));
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Approved 2 items in one decision")),
                 qPrintable(window.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(InboxGroupsTest)
#include "inbox_groups_test.moc"
