// Fewer keys per judgment (docs/user-guide.md#keyboard-shortcuts), pressed as a reviewer would from the moment the window
// opens: R then a digit refuses with that reason and no dialog; a selection of dead items is
// refused in one step, each with its preflight message as the note; R then Esc refuses nothing;
// Ctrl+K lists every command with its key and runs the one chosen; the status bar counts this
// session's decisions and what is left.
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxSearchBar.h"
#include "inbox/InboxService.h"
#include "inbox/InboxTableModel.h"
#include "MainWindow.h"
#include "OpenInbox.h"
#include "shared/CommandPalette.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
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

bool stage(const QString& home, const char* id, const Json& payload, double at)
{
    const Json r = {{"id", id},          {"subsystem", "memory"},  {"action", payload.value("action", std::string())},
                    {"summary", "s"},    {"origin", "foreground"}, {"created_at", at},
                    {"payload", payload}};
    return writeAll(home + QStringLiteral("/pending/memory/%1.json").arg(QLatin1String(id)),
                    QByteArray::fromStdString(r.dump(2)));
}

Json add(const char* text) { return Json{{"action", "add"}, {"target", "memory"}, {"content", text}}; }

Json pinnedRemove(const char* entry)
{
    return Json{{"action", "remove"}, {"target", "memory"}, {"old_text", "Gone"}, {"matched_entry", entry}};
}

} // namespace

class InboxKeysTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aReviewerClearsDeadAndDuplicateItemsWithAFewKeys()
    {
        QTemporaryDir dir;
        const QString home = dir.path();
        QVERIFY(writeAll(home + QStringLiteral("/config.yaml"), "memory:\n  write_approval: true\n"));
        QVERIFY(writeAll(home + QStringLiteral("/memories/MEMORY.md"), "First entry"));
        QVERIFY(stage(home, "a0000001", add("Deploys run on Tuesdays."), 1));
        QVERIFY(stage(home, "a0000002", add("Deploys run on tuesdays"), 2));
        QVERIFY(stage(home, "a0000003", pinnedRemove("Gone entry one"), 3));
        QVERIFY(stage(home, "a0000004", pinnedRemove("Gone entry two"), 4));
        QVERIFY(stage(home, "a0000005", add("The CI cache key includes the compiler."), 5));
        auto ws = sediment::test::openWorkspace(home);
        QVERIFY(ws);
        MainWindow window(std::move(*ws));
        auto* inbox = sediment::testing::openInbox(window);
        QVERIFY(inbox);
        InboxTableModel& model = *inbox->model();
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 5, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(inbox->preflight()->verdictOf(4) != nullptr, 10000);
        auto* table = inbox->findChild<QTableView*>(QStringLiteral("inboxTable"));
        auto* progress = window.findChild<QLabel*>(QStringLiteral("sessionProgressLabel"));
        QVERIFY(table && progress);
        QTRY_COMPARE(progress->text(), QStringLiteral("0 decided · 5 left"));
        SystemClock clock;
        InboxService service(window.workspace(), clock);

        // The dead ones: / is:dead Return, select them all, R 4.
        QTest::keyClick(&window, Qt::Key_Slash);
        QLineEdit* search = inbox->findChild<InboxSearchBar*>()->searchBox();
        QTRY_VERIFY(search->hasFocus());
        QTest::keyClicks(search, QStringLiteral("is:dead"));
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE(model.rowCount(), 2);
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(table, Qt::Key_R);
        QTest::keyClick(table, Qt::Key_4);
        for (const qint64 id : {3, 4}) {
            auto item = service.item(id);
            QVERIFY(item);
            QCOMPARE(item->status, QStringLiteral("refused"));
            QCOMPARE(item->refusalCode.value_or(QString()), QStringLiteral("stale"));
            QVERIFY2(item->reason.value_or(QString()).startsWith(QStringLiteral("Entry changed since it was staged")),
                     qPrintable(item->reason.value_or(QString())));
        }
        QTRY_COMPARE(progress->text(), QStringLiteral("2 decided · 3 left"));

        // Back to the queue: the duplicate, R 1.
        QTest::keyClick(&window, Qt::Key_Slash);
        QTRY_VERIFY(search->hasFocus());
        search->selectAll();
        QTest::keyClick(search, Qt::Key_Backspace);
        QTest::keyClick(search, Qt::Key_Return);
        QTRY_COMPARE(model.rowCount(), 3);
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_J); // #1 to #2
        QTRY_COMPARE(inbox->currentId(), qint64(2));
        QVERIFY(inbox->preflight()->verdictOf(2)->kind == PreflightKind::Duplicate);
        QTest::keyClick(table, Qt::Key_R);
        QTest::keyClick(table, Qt::Key_1);
        QCOMPARE(service.item(2)->refusalCode.value_or(QString()), QStringLiteral("duplicate"));

        // R then Esc: nothing happens to the item shown.
        const qint64 shown = inbox->currentId();
        QVERIFY(shown == 1 || shown == 5);
        QTest::keyClick(table, Qt::Key_R);
        QTest::keyClick(table, Qt::Key_Escape);
        QCOMPARE(service.item(shown)->status, QStringLiteral("pending"));
        QTRY_COMPARE(progress->text(), QStringLiteral("3 decided · 2 left"));

        // Ctrl+K: every command with its key; "appr" then Return approves the item shown.
        QTest::keyClick(table, Qt::Key_K, Qt::ControlModifier);
        CommandPalette* palette = nullptr;
        QTRY_VERIFY((palette = window.findChild<CommandPalette*>()) != nullptr && palette->isVisible());
        const QStringList all = palette->shown();
        QVERIFY2(all.contains(QStringLiteral("Approve — A")), qPrintable(all.join(QLatin1Char('|'))));
        QVERIFY(all.contains(QStringLiteral("Undo — Ctrl+Z")));
        QVERIFY(all.contains(QStringLiteral("Commands — Ctrl+K")));
        QVERIFY2(all.contains(QStringLiteral("Go to Memory — Ctrl+2")), qPrintable(all.join(QLatin1Char('|'))));
        // The keys no menu carries: the table's Ctrl+A and the refusal chord's R then a digit.
        QVERIFY2(all.contains(QStringLiteral("Select all — Ctrl+A")), qPrintable(all.join(QLatin1Char('|'))));
        QVERIFY(all.contains(QStringLiteral("Refuse as duplicate — R, 1")));
        QVERIFY(all.contains(QStringLiteral("Refuse as too specific — R, 3")));
        QVERIFY(all.contains(QStringLiteral("Refuse as other — R, 7")));
        auto* paletteSearch = palette->findChild<QLineEdit*>(QStringLiteral("commandPaletteSearch"));
        QVERIFY(paletteSearch);
        QTest::keyClicks(paletteSearch, QStringLiteral("appr"));
        // The first match is the one Return runs.
        QCOMPARE(palette->shown(),
                 (QStringList{QStringLiteral("Approve — A"), QStringLiteral("Approve group — Shift+A")}));
        QTest::keyClick(paletteSearch, Qt::Key_Return);
        QTRY_COMPARE(service.item(shown)->status, QStringLiteral("applied"));
        QTRY_COMPARE(progress->text(), QStringLiteral("4 decided · 1 left"));

        // A command the palette lists for a chord runs like the chord: "as low" then Return
        // refuses the item shown as low value, and the chord's keys stay the chord's.
        const qint64 last = inbox->currentId();
        QVERIFY(last != 0);
        // Offscreen, nothing hands the activation back when a dialog closes; a window manager does.
        window.activateWindow();
        QTRY_VERIFY(window.isActiveWindow());
        QTest::keyClick(table, Qt::Key_K, Qt::ControlModifier);
        // The first palette may not be deleted yet: the one shown is the new one.
        const auto shownPalette = [&window]() -> CommandPalette* {
            for (CommandPalette* p : window.findChildren<CommandPalette*>())
                if (p->isVisible())
                    return p;
            return nullptr;
        };
        QTRY_VERIFY((palette = shownPalette()) != nullptr);
        paletteSearch = palette->findChild<QLineEdit*>(QStringLiteral("commandPaletteSearch"));
        QVERIFY(paletteSearch);
        QTest::keyClicks(paletteSearch, QStringLiteral("as low"));
        QCOMPARE(palette->shown(), QStringList{QStringLiteral("Refuse as low value — R, 6")});
        QTest::keyClick(paletteSearch, Qt::Key_Return);
        QTRY_COMPARE(service.item(last)->refusalCode.value_or(QString()), QStringLiteral("low_value"));
        QTRY_COMPARE(progress->text(), QStringLiteral("5 decided · 0 left"));
    }
};

QTEST_MAIN(InboxKeysTest)
#include "inbox_keys_test.moc"
