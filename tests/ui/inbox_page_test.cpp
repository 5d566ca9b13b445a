#include "DataVersionWatcher.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/InboxTableModel.h"
#include "inbox/InboxUpkeep.h"
#include "inbox/PatchEditor.h"
#include "inbox/RefuseDialog.h"
#include "InboxFixture.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxTextIndex.h"
#include "TeamStore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;
using sediment::testing::activate;

namespace {

QString readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString statusOf(Workspace& ws, qint64 id)
{
    InboxRepository repo(ws.db());
    auto item = repo.find(id);
    return item && *item ? (*item)->status : QString();
}

std::vector<AuditEntry> auditFor(Workspace& ws, qint64 id)
{
    SystemClock clock;
    AuditRepository audit(ws.db(), clock);
    AuditRepository::Query q;
    q.subjectId = QString::number(id);
    auto rows = audit.list(q);
    return rows ? *rows : std::vector<AuditEntry>();
}

} // namespace

class InboxPageTest : public QObject {
    Q_OBJECT

private:
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void approveKeyAppliesTheItemWritesTheFileAndTheAuditRowThenAdvances()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 first = fx.addMemory(QStringLiteral("Run the linters before pushing."));
        const qint64 second = fx.addMemory(QStringLiteral("The user prefers short answers."));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QCOMPARE(page.currentId(), first);
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(statusOf(*fx.ws, first), QStringLiteral("applied"));
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))),
                 QStringLiteral("Run the linters before pushing."));
        const auto audit = auditFor(*fx.ws, first);
        QVERIFY(!audit.empty());
        QVERIFY(audit.back().actor.startsWith(QStringLiteral("human:")));
        QCOMPARE(page.currentId(), second);
        QCOMPARE(page.model()->rowCount(), 1);
        QCOMPARE(statusOf(*fx.ws, second), QStringLiteral("pending"));
    }

    void refuseKeyRequiresAReasonBeforeAnythingChanges()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.addMemory(QStringLiteral("Always deploy on Fridays."));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        // R arms the reasons' digits (R 1 … R 7); R again asks for the dialog.
        QTest::keyClick(page.table(), Qt::Key_R);
        QVERIFY(!page.findChild<RefuseDialog*>());
        QTest::keyClick(page.table(), Qt::Key_R);
        auto* dialog = page.findChild<RefuseDialog*>();
        QVERIFY(dialog);
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled());
        QMetaObject::invokeMethod(dialog->findChild<QDialogButtonBox*>(), "accepted");
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("pending"));
        dialog->setCode(QStringLiteral("other"));
        QVERIFY(!ok->isEnabled()); // other needs a note
        dialog->setCode(QStringLiteral("wrong"));
        QVERIFY(ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("refused"));
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))), QString());
        QVERIFY(!auditFor(*fx.ws, id).empty());
    }

    void editKeyPatchesAndAppliesTheEditedText()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.addMemory(QStringLiteral("Use tabs."));
        const qint64 next = fx.addMemory(QStringLiteral("Wrap at 80."));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QVERIFY(page.selectId(id));
        QTest::keyClick(page.table(), Qt::Key_E);
        auto* editor = page.findChild<PatchEditor*>();
        QVERIFY(editor);
        QPlainTextEdit* content = editor->editor(QStringLiteral("content"));
        QVERIFY(content);
        QCOMPARE(content->toPlainText(), QStringLiteral("Use tabs."));
        content->setPlainText(QStringLiteral("Use four spaces, never tabs."));
        QTest::mouseClick(editor->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("modified"));
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))), QStringLiteral("Use four spaces, never tabs."));

        // The next one without the mouse: the dialog in front, its text box focused, as it opens
        // on a desktop; Ctrl+Return applies (Return is a new line there).
        QCOMPARE(page.currentId(), next);
        QTRY_VERIFY(!page.findChild<PatchEditor*>()); // the first dialog closed and gone
        QApplication::setActiveWindow(&page);
        QTest::keyClick(page.table(), Qt::Key_E);
        QTRY_VERIFY((editor = page.findChild<PatchEditor*>()) != nullptr);
        QApplication::setActiveWindow(editor);
        content = editor->editor(QStringLiteral("content"));
        content->setFocus();
        content->setPlainText(QStringLiteral("Wrap at 100."));
        QTest::keyClick(content, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(statusOf(*fx.ws, next), QStringLiteral("modified"));
        QVERIFY(readFile(fx.ws->memoryFile(QStringLiteral("memory"))).endsWith(QLatin1String("Wrap at 100.")));
    }

    void editorKeepsAnInvalidPatchOpenWithItsError()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.add(QStringLiteral("settings_json"), Json{{"patch", {{"theme", "dark"}}}});
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QTest::keyClick(page.table(), Qt::Key_E);
        auto* editor = page.findChild<PatchEditor*>();
        QVERIFY(editor);
        editor->editor(QStringLiteral("patch"))->setPlainText(QStringLiteral("{not json"));
        QTest::mouseClick(editor->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QVERIFY(editor->isVisible());
        QVERIFY(editor->findChild<QLabel*>(QStringLiteral("patchError"))->isVisibleTo(editor));
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("pending"));
        QVERIFY(!QFile::exists(fx.ws->path(QStringLiteral("settings.json"))));
    }

    void ctrlZRevertsTheLastApproval()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.addMemory(QStringLiteral("Prefer ripgrep."));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))), QStringLiteral("Prefer ripgrep."));
        QTest::keyClick(page.table(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("reverted"));
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))), QString());
    }

    void ctrlZAfterARefusalMakesTheItemPendingAgain()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.addMemory(QStringLiteral("Always deploy on Fridays."));
        const qint64 other = fx.addMemory(QStringLiteral("Prefer ripgrep."));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        // R arms the reasons' digits (R 1 … R 7); R again asks for the dialog.
        QTest::keyClick(page.table(), Qt::Key_R);
        QVERIFY(!page.findChild<RefuseDialog*>());
        QTest::keyClick(page.table(), Qt::Key_R);
        auto* dialog = page.findChild<RefuseDialog*>();
        QVERIFY(dialog);
        dialog->setCode(QStringLiteral("wrong"));
        QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("refused"));
        QCOMPARE(page.currentId(), other);
        QCOMPARE(page.decidedThisSession(), 1);
        const QString hash = (*InboxRepository(fx.ws->db()).find(id))->contentHash;
        QVERIFY(*InboxRepository(fx.ws->db()).findRefusedByHash(hash));

        QSignalSpy messages(&page, &Page::statusMessage);
        QTest::keyClick(page.table(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("pending"));
        QCOMPARE(page.currentId(), id); // back on the item, in the pending view
        QCOMPARE(page.model()->rowCount(), 2);
        QVERIFY(!messages.isEmpty());
        QVERIFY(messages.last().first().toString().contains(QLatin1String("pending again")));
        QCOMPARE(page.decidedThisSession(), 0); // the session's progress counts it as left again
        const auto audit = auditFor(*fx.ws, id);
        QCOMPARE(audit.back().action, QStringLiteral("inbox.undo_refuse"));
        QCOMPARE(audit.back().before.value_or(QString()), QStringLiteral("refused"));
        QCOMPARE(audit.back().after.value_or(QString()), QStringLiteral("pending"));
        // Refusal memory no longer blocks it, and it can be decided again at once.
        QVERIFY(!*InboxRepository(fx.ws->db()).findRefusedByHash(hash));
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("applied"));
        QCOMPARE(readFile(fx.ws->memoryFile(QStringLiteral("memory"))), QStringLiteral("Always deploy on Fridays."));
    }

    void aStaleItemCannotBeApproved()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        QFile claude(fx.ws->path(QStringLiteral("CLAUDE.md")));
        QVERIFY(claude.open(QIODevice::WriteOnly));
        claude.write("# Rules\n\nKeep commits small.\n");
        claude.close();
        const qint64 id =
            fx.add(QStringLiteral("claude_md"), Json{{"before", "Squash every commit."}, {"after", "Rebase."}});
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QCOMPARE(page.currentId(), id);
        QVERIFY(page.detail()->staleShown());
        QCOMPARE(page.model()->data(page.model()->index(0, InboxTableModel::StatusColumn)).toString(),
                 QStringLiteral("outdated"));
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("pending"));
        QCOMPARE(readFile(fx.ws->path(QStringLiteral("CLAUDE.md"))),
                 QStringLiteral("# Rules\n\nKeep commits small.\n"));
    }

    void jAndKMoveAndSlashFocusesTheSearch()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 a = fx.addMemory(QStringLiteral("one"));
        const qint64 b = fx.addMemory(QStringLiteral("two"));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QTest::keyClick(page.table(), Qt::Key_J);
        QCOMPARE(page.currentId(), b);
        QTest::keyClick(page.table(), Qt::Key_K);
        QCOMPARE(page.currentId(), a);
        QTest::keyClick(page.table(), Qt::Key_Slash);
        QVERIFY(page.searchBox()->hasFocus());
    }

    void searchFiltersInSqlAndReportsBadQueries()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("alpha"), 0.9, QStringLiteral("owl"));
        fx.addMemory(QStringLiteral("beta"), 0.2, QStringLiteral("scout"));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        page.searchBox()->setText(QStringLiteral("score>=0.5 agent:owl"));
        page.applyQuery();
        QCOMPARE(page.model()->rowCount(), 1);
        page.searchBox()->setText(QStringLiteral("dest:nowhere"));
        page.applyQuery();
        QVERIFY(page.queryError()->isVisibleTo(&page));
        QCOMPARE(page.model()->rowCount(), 1); // the last good filter stays
        page.searchBox()->setText(QStringLiteral("gamma"));
        page.applyQuery();
        QCOMPARE(page.model()->rowCount(), 0);
    }

    void batchApprovesEverySelectedItem()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        std::vector<qint64> ids;
        for (int i = 0; i < 5; ++i)
            ids.push_back(fx.addMemory(QStringLiteral("fact %1").arg(i)));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        page.table()->selectAll();
        QCOMPARE(page.selectedIds().size(), 5);
        QTest::keyClick(page.table(), Qt::Key_A);
        for (qint64 id : ids)
            QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("applied"));
        QCOMPARE(page.model()->rowCount(), 0);
    }

    void aBatchDecisionMovesOnToTheItemRightAfterIt()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 5; ++i)
            fx.addMemory(QStringLiteral("fact %1").arg(i));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        // The second and third rows, selected with the keyboard as a reviewer does.
        page.selectRow(1);
        const qint64 first = page.currentId();
        QSignalSpy said(&page, &Page::statusMessage);
        QTest::keyClick(page.table(), Qt::Key_Down, Qt::ShiftModifier);
        QCOMPARE(page.selectedIds().size(), 2);
        QVERIFY(!said.isEmpty());
        QCOMPARE(said.last().at(0).toString(), QStringLiteral("2 selected: A approves them all, R refuses them all"));
        const qint64 second = page.currentId();
        const qint64 rightAfter = page.model()->idAt(3);
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(statusOf(*fx.ws, first), QStringLiteral("applied"));
        QCOMPARE(statusOf(*fx.ws, second), QStringLiteral("applied"));
        QCOMPARE(page.model()->rowCount(), 3);
        // The item that stood right below the selection, none skipped.
        QCOMPARE(page.currentId(), rightAfter);
    }

    void aProposalFromAnotherProcessAppearsWithinASecondKeepingTheSelection()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("first"));
        const qint64 second = fx.addMemory(QStringLiteral("second"));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QVERIFY(page.selectId(second));
        // Another connection to the same file is what an agent's `sediment propose` is.
        DataVersionWatcher watcher(fx.ws->db());
        connect(&watcher, &DataVersionWatcher::changed, &page, &InboxPage::reload);
        watcher.start();
        testing::InboxFixture other;
        auto agent = sediment::test::openWorkspace(fx.dir.path());
        QVERIFY(agent.has_value());
        other.ws = std::move(*agent);
        other.addMemory(QStringLiteral("from the agent"));
        QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 3, 1000);
        QCOMPARE(page.currentId(), second);
        // The live refresh also brings the new row into the free-text index (SQLite's; the
        // server searches the rows themselves).
        InboxTextIndex index(fx.ws->db());
        if (!sediment::test::onServer())
            QTRY_COMPARE_WITH_TIMEOUT(index.mark().value_or(-1), second + 1, 2000);
        page.searchBox()->setText(QStringLiteral("from the agent"));
        page.applyQuery();
        QCOMPARE(page.model()->rowCount(), 1);
    }

    void showingThePageIndexesTheInboxForSearchAndSaysSoOnlyWhileItWorks()
    {
        if (sediment::test::onServer())
            QSKIP("SQLite's trigram index; the server searches the rows themselves");
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        qint64 last = 0;
        for (int i = 0; i < 30; ++i)
            last = fx.addMemory(QStringLiteral("fact %1").arg(i));
        InboxPage page(*fx.ws, fx.clock);
        QSignalSpy messages(&page, &Page::statusMessage);
        InboxTextIndex index(fx.ws->db());
        QCOMPARE(index.mark().value_or(-1), qint64(0));
        activate(page);
        QTRY_COMPARE_WITH_TIMEOUT(index.mark().value_or(-1), last, 2000);
        QTRY_VERIFY_WITH_TIMEOUT(!page.upkeep()->isRunning(), 2000);
        QVERIFY(messages.size() >= 2);
        QCOMPARE(messages.first().at(0).toString(), QStringLiteral("Indexing 30 of 30 items for search…"));
        QCOMPARE(messages.last().at(0).toString(), QString()); // nothing when done
        // Shown again with nothing new: not a word.
        messages.clear();
        page.hide();
        activate(page);
        QTest::qWait(50);
        QCOMPARE(messages.size(), 0);
    }

    void proposalsFiledBeforeThePageOpensAreListedAtOnceAndALargeFilingFollows()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        QCOMPARE(fx.fileMemories(QStringLiteral("small "), 3), qint64(3));
        {
            InboxPage page(*fx.ws, fx.clock);
            QCOMPARE(page.model()->rowCount(), 3); // before any event is processed
        }
        // More than the page files while opening: the rest arrives from the upkeep.
        const qint64 last = fx.fileMemories(QStringLiteral("large "), 4100);
        QCOMPARE(last, qint64(4103));
        InboxPage page(*fx.ws, fx.clock);
        QCOMPARE(page.model()->rowCount(), 4003);
        // What is not listed yet is counted, in the page's figure and in the sidebar's badge.
        auto* count = page.findChild<QLabel*>(QStringLiteral("inboxCount"));
        QVERIFY(count);
        QCOMPARE(count->text(), QStringLiteral("4,003 pending · 100 arriving"));
        QCOMPARE(page.badge(), QStringLiteral("4,103"));
        QSignalSpy badge(&page, &Page::badgeChanged);
        activate(page);
        QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 4103, 5000);
        QVERIFY(!badge.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(count->text(), QStringLiteral("4,103 pending"), 2000);
        QCOMPARE(page.badge(), QStringLiteral("4,103"));
        QCOMPARE(*InboxStaging(fx.ws->db()).hasRows(), false);
    }

    // An agent's batch holds the write lock: what waits in the intake is counted and said.
    void proposalsThatCannotBeFiledYetAreCountedAndReported()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        QCOMPARE(fx.fileMemories(QStringLiteral("held "), 5), qint64(5));
        auto other = sediment::test::openStore(fx.dir.filePath(QStringLiteral("sediment.db")));
        QVERIFY(other);
        auto held = (*other)->begin();
        QVERIFY(held);
        InboxPage page(*fx.ws, fx.clock);
        QSignalSpy messages(&page, &Page::statusMessage);
        auto* count = page.findChild<QLabel*>(QStringLiteral("inboxCount"));
        QVERIFY(count);
        QCOMPARE(count->text(), QStringLiteral("0 pending · 5 arriving"));
        QCOMPARE(page.badge(), QStringLiteral("5"));
        activate(page);
        QTRY_VERIFY_WITH_TIMEOUT(!messages.isEmpty(), 2000);
        const QString said = messages.last().at(0).toString();
        QVERIFY2(said.startsWith(QLatin1String("5 new proposals not filed yet (")), qPrintable(said));
        QVERIFY2(said.endsWith(QLatin1String("retrying shortly; they are counted meanwhile.")), qPrintable(said));
        QVERIFY(held->commit());
    }

    void showsAnEmptyStateWhenNothingIsPending()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        auto* empty = page.findChild<QLabel*>(QStringLiteral("inboxEmpty"));
        QVERIFY(empty && empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("Inbox zero")));
        QCOMPARE(page.badge(), QStringLiteral("0"));
    }
};

QTEST_MAIN(InboxPageTest)
#include "inbox_page_test.moc"
