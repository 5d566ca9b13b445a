// Making room in a full memory store from the inbox (issue 15, item 5): the detail pane offers it
// for a write that does not fit, A and M open the dialog instead of a failing approval, the
// budget line follows the checked entries, and the approval writes the room and the entry as one
// decision, undone by one Ctrl+Z.
#include "FileBytes.h"
#include "inbox/ChangePreview.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/MakeRoomDialog.h"
#include "InboxFixture.h"
#include "store/AuditRepository.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;
using sediment::testing::activate;

namespace {

const QByteArray kFull =
    QByteArrayLiteral("uses tabs\n\xC2\xA7\nlikes tea\n\xC2\xA7\nlikes coffee\n\xC2\xA7\nold fact");

QString statusOf(Workspace& ws, qint64 id)
{
    auto item = InboxRepository(ws.db()).find(id);
    return item && *item ? (*item)->status : QString();
}

} // namespace

class MakeRoomTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<testing::InboxFixture> m_owned;

    QByteArray memory() const { return test::fileBytes(m_owned->dir.filePath(QStringLiteral("memories/MEMORY.md"))); }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        // 47 of 60 characters used: the item below needs 29 more.
        m_owned = std::make_unique<testing::InboxFixture>();
        test::writeFileBytes(m_owned->dir.filePath(QStringLiteral("sediment.json")), R"({"memory_char_limit": 60})");
        test::writeFileBytes(m_owned->dir.filePath(QStringLiteral("memories/MEMORY.md")), kFull);
        QVERIFY(m_owned->open());
    }
    void cleanup() { m_owned.reset(); }

    void approvingAWriteThatDoesNotFitOffersRoomAndAppliesItAllAtOnce()
    {
        testing::InboxFixture& fx = *m_owned;
        const qint64 id = fx.addMemory(QStringLiteral("deploys happen on Tuesdays"));
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QCOMPARE(page.currentId(), id);
        QVERIFY(page.detail()->offersRoom());
        auto* offer = page.detail()->findChild<QPushButton*>(QStringLiteral("detailMakeRoom"));
        QVERIFY(offer && offer->isVisible());
        QVERIFY(page.detail()
                    ->findChild<QLabel*>(QStringLiteral("detailBanner"))
                    ->text()
                    .contains(QLatin1String("Press M to make room")));
        // The finding, without the store's advice to the agent, which a reviewer cannot follow.
        QTRY_VERIFY(page.detail()->preflightText().startsWith(QStringLiteral("fails: Memory at 47/60 chars.")));
        QVERIFY2(!page.detail()->preflightText().contains(QLatin1String("Consolidate")),
                 qPrintable(page.detail()->preflightText()));

        // A would only fail: it opens the dialog, and nothing is decided yet.
        QTest::keyClick(page.table(), Qt::Key_A);
        auto* dialog = page.findChild<MakeRoomDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("pending"));
        QCOMPARE(dialog->entryList()->count(), 4);
        QVERIFY(!dialog->approveButton()->isEnabled());
        QVERIFY2(dialog->budgetText().contains(QLatin1String("Nothing chosen yet")), qPrintable(dialog->budgetText()));

        // Removing "old fact" alone is not enough; merging the two drinks as well is.
        dialog->setChecked(3, true);
        QVERIFY2(dialog->budgetText().contains(QLatin1String("still 5 over")), qPrintable(dialog->budgetText()));
        QVERIFY(!dialog->approveButton()->isEnabled());
        dialog->setChecked(3, false);
        dialog->setChecked(1, true);
        dialog->setChecked(2, true);
        QVERIFY(dialog->findChild<QPushButton*>(QStringLiteral("roomMerge"))->isEnabled());
        QVERIFY(dialog->mergeChecked(QStringLiteral("likes tea, coffee")));
        dialog->setChecked(3, true);
        QVERIFY2(dialog->budgetText().contains(QString::fromUtf8("— fits")), qPrintable(dialog->budgetText()));
        QVERIFY(dialog->approveButton()->isEnabled());
        // For a look at the dialog as a reviewer sees it: SEDIMENT_TEST_SHOTS=DIR saves it there.
        if (const QString shots = qEnvironmentVariable("SEDIMENT_TEST_SHOTS"); !shots.isEmpty()) {
            QVERIFY(dialog->grab().save(shots + QStringLiteral("/make-room-dialog.png")));
            QVERIFY(page.grab().save(shots + QStringLiteral("/make-room-page.png")));
        }

        QTest::mouseClick(dialog->approveButton(), Qt::LeftButton);
        QTRY_VERIFY(!page.findChild<MakeRoomDialog*>() || !page.findChild<MakeRoomDialog*>()->isVisible());
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("modified"));
        QCOMPARE(memory(), QByteArray("uses tabs\n\xC2\xA7\nlikes tea, coffee\n\xC2\xA7\ndeploys happen on Tuesdays"));
        SystemClock clock;
        AuditRepository::Query q;
        q.subjectId = QString::number(id);
        auto rows = AuditRepository(fx.ws->db(), clock).list(q);
        QVERIFY(rows.has_value());
        QCOMPARE(rows->size(), std::size_t(1));
        QCOMPARE(rows->front().action, QStringLiteral("inbox.make_room"));

        // One decision: one Ctrl+Z brings every entry back.
        QTest::keyClick(page.table(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(memory(), kFull);
        QCOMPARE(statusOf(*fx.ws, id), QStringLiteral("reverted"));
    }

    void theWritesOwnEntryIsNotOfferedAndAFittingWriteIsApprovedAsUsual()
    {
        testing::InboxFixture& fx = *m_owned;
        // A replace of "old fact" that fits: A approves directly.
        const qint64 fits = fx.add(QStringLiteral("memory"),
                                   Json{{"action", "replace"}, {"old_text", "old fact"}, {"content", "new fact"}});
        InboxPage page(*fx.ws, fx.clock);
        activate(page);
        QCOMPARE(page.currentId(), fits);
        QVERIFY(!page.detail()->offersRoom());
        // M still opens the dialog, where the entry the write replaces cannot be chosen.
        QTest::keyClick(page.table(), Qt::Key_M);
        auto* dialog = page.findChild<MakeRoomDialog*>();
        QVERIFY(dialog);
        QListWidgetItem* own = dialog->entryList()->item(3);
        QVERIFY(!(own->flags() & Qt::ItemIsUserCheckable));
        QVERIFY(own->text().contains(QLatin1String("this write edits it")));
        dialog->reject();
        QApplication::setActiveWindow(&page);
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE(statusOf(*fx.ws, fits), QStringLiteral("applied"));
    }

    void anAddTheStoreAlreadyHoldsSaysSoInTheDiff()
    {
        testing::InboxFixture& fx = *m_owned;
        const qint64 id = fx.addMemory(QStringLiteral("old fact"));
        auto item = InboxRepository(fx.ws->db()).find(id);
        QVERIFY(item && *item);
        const ChangePreview held = ChangePreview::of(*fx.ws, **item);
        QCOMPARE(held.beforeTitle, QStringLiteral("Already in MEMORY.md: approving it changes nothing"));
        QCOMPARE(held.before, QStringLiteral("old fact"));
        const qint64 fresh = fx.addMemory(QStringLiteral("new fact"));
        auto other = InboxRepository(fx.ws->db()).find(fresh);
        QVERIFY(other && *other);
        QCOMPARE(ChangePreview::of(*fx.ws, **other).beforeTitle, QStringLiteral("Not in MEMORY.md yet"));
    }
};

QTEST_MAIN(MakeRoomTest)
#include "make_room_test.moc"
