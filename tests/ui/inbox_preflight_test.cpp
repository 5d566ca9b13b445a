// The inbox's preflight in the real window (docs/user-guide.md#preflight): the Check column and the detail pane say
// what approving each pending item would do, with Hermes' own message; is:dead in the search box
// lists the dead ones only; and a decision made with the keyboard changes the others' verdicts.
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxSearchBar.h"
#include "inbox/InboxTableModel.h"
#include "MainWindow.h"
#include "OpenInbox.h"
#include "TeamStore.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

namespace {

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray record(const char* id, const Json& payload, double at)
{
    const Json r = {{"id", id},          {"subsystem", "memory"},  {"action", payload.value("action", std::string())},
                    {"summary", "s"},    {"origin", "foreground"}, {"created_at", at},
                    {"payload", payload}};
    return QByteArray::fromStdString(r.dump(2));
}

// The row of an item, -1 when the list does not show it.
int rowOf(const InboxTableModel& model, qint64 id)
{
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.data(model.index(r, 0), InboxTableModel::IdRole).toLongLong() == id)
            return r;
    return -1;
}

QString check(const InboxTableModel& model, qint64 id, int role = Qt::DisplayRole)
{
    const int row = rowOf(model, id);
    return row < 0 ? QString() : model.data(model.index(row, InboxTableModel::CheckColumn), role).toString();
}

} // namespace

class InboxPreflightTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theWindowSaysWhatApprovingEachItemWouldDo()
    {
        QTemporaryDir dir;
        const QString home = dir.path();
        QVERIFY(writeAll(home + QStringLiteral("/config.yaml"), "memory:\n  write_approval: true\n"));
        QVERIFY(writeAll(home + QStringLiteral("/memories/MEMORY.md"), "First entry"));
        const auto add = [](const char* text) {
            return Json{{"action", "add"}, {"target", "memory"}, {"content", text}};
        };
        QVERIFY(writeAll(home + QStringLiteral("/pending/memory/a0000001.json"),
                         record("a0000001", add("Deploys run on Tuesdays."), 1)));
        QVERIFY(writeAll(home + QStringLiteral("/pending/memory/a0000002.json"),
                         record("a0000002", add("deploys run on TUESDAYS"), 2)));
        QVERIFY(writeAll(
            home + QStringLiteral("/pending/memory/a0000003.json"),
            record(
                "a0000003",
                Json{{"action", "remove"}, {"target", "memory"}, {"old_text", "Gone"}, {"matched_entry", "Gone entry"}},
                3)));
        auto ws = sediment::test::openWorkspace(home);
        QVERIFY(ws);
        MainWindow window(std::move(*ws));
        auto* inbox = sediment::testing::openInbox(window);
        QVERIFY(inbox);
        InboxTableModel& model = *inbox->model();
        // The three staged writes are imported on open; the verdicts follow from the background.
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 3, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(check(model, 1), QStringLiteral("applies"), 10000);
        QCOMPARE(check(model, 2), QStringLiteral("duplicate"));
        QCOMPARE(check(model, 3), QStringLiteral("fails"));
        QVERIFY(check(model, 3, Qt::ToolTipRole).startsWith(QStringLiteral("Entry changed since it was staged")));

        // The detail pane of the dead item: the message in full.
        auto* table = inbox->findChild<QTableView*>(QStringLiteral("inboxTable"));
        QVERIFY(table);
        table->setFocus();
        table->selectRow(rowOf(model, 3));
        QTRY_VERIFY(inbox->detail()->preflightText().startsWith(QStringLiteral("fails: Entry changed since")));
        table->selectRow(rowOf(model, 2));
        QTRY_COMPARE(inbox->detail()->preflightText(), QStringLiteral("duplicate of #1, proposed earlier"));

        // is:dead lists the dead one only.
        QLineEdit* search = inbox->findChild<InboxSearchBar*>()->searchBox();
        search->setFocus();
        QTest::keyClicks(search, QStringLiteral("is:dead"));
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE(model.rowCount(), 1);
        QCOMPARE(model.data(model.index(0, 0), InboxTableModel::IdRole).toLongLong(), qint64(1 + 2));
        search->selectAll();
        QTest::keyClick(search, Qt::Key_Backspace);
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE(model.rowCount(), 3);

        // Idle, it stays idle: a run changes nothing it watches (the first one may create the
        // memory flock's sidecar, once).
        QTest::qWait(800);
        const int settled = inbox->preflight()->runs();
        QTest::qWait(800);
        QCOMPARE(inbox->preflight()->runs(), settled);

        // Another program writes the entry of #1 into MEMORY.md: #1 is then held already.
        QVERIFY(writeAll(home + QStringLiteral("/memories/MEMORY.md"),
                         QByteArray("First entry\n\u00a7\nDeploys run on Tuesdays.")));
        QTRY_COMPARE_WITH_TIMEOUT(check(model, 1), QStringLiteral("present"), 10000);
        QVERIFY(writeAll(home + QStringLiteral("/memories/MEMORY.md"), "First entry"));
        QTRY_COMPARE_WITH_TIMEOUT(check(model, 1), QStringLiteral("applies"), 10000);

        // Approving #1 with its key: #2 is then held by the store, as the next run says.
        table->setFocus();
        table->selectRow(rowOf(model, 1));
        const int runs = inbox->preflight()->runs();
        QTest::keyClick(table, Qt::Key_A);
        QTRY_VERIFY_WITH_TIMEOUT(inbox->preflight()->runs() > runs, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(check(model, 2), QStringLiteral("present"), 10000);
        QVERIFY(check(model, 2, Qt::ToolTipRole).startsWith(QStringLiteral("memory already holds the same text")));
    }
};

QTEST_MAIN(InboxPreflightTest)
#include "inbox_preflight_test.moc"
