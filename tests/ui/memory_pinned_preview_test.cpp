// The diff of a pending memory write Hermes pinned to an entry: its left side is the entry the
// agent saw, and says so once the store no longer holds it.
#include "FileBytes.h"
#include "inbox/ChangePreview.h"
#include "model/InboxItem.h"
#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using sediment::ui::ChangePreview;

class MemoryPinnedPreviewTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Workspace> m_ws;

    void writeMemory(const QByteArray& bytes)
    {
        test::writeFileBytes(m_dir.filePath(QStringLiteral("memories/MEMORY.md")), bytes);
    }
    static InboxItem item(const Json& op)
    {
        InboxItem it;
        it.destination = QStringLiteral("memory");
        it.op = op;
        return it;
    }

private Q_SLOTS:
    void init()
    {
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
    }

    void theLeftSideIsThePinnedEntryNotWhatOldTextFindsFirst()
    {
        writeMemory("deploy on Fridays\n\xC2\xA7\ndeploy on Fridays after 5pm");
        const ChangePreview p = ChangePreview::of(*m_ws, item({{"action", "replace"},
                                                               {"old_text", "Fridays"},
                                                               {"content", "deploy on Mondays"},
                                                               {"matched_entry", "deploy on Fridays after 5pm"}}));
        QCOMPARE(p.before, QStringLiteral("deploy on Fridays after 5pm"));
        QCOMPARE(p.after, QStringLiteral("deploy on Mondays"));
        QCOMPARE(p.beforeTitle, QStringLiteral("Now"));
    }

    void aPinnedEntryThatChangedIsStillShownAndFlagged()
    {
        writeMemory("deploy on Mondays");
        const ChangePreview p = ChangePreview::of(
            *m_ws, item({{"action", "remove"}, {"old_text", "deploy"}, {"matched_entry", "deploy on Fridays"}}));
        QCOMPARE(p.before, QStringLiteral("deploy on Fridays"));
        QCOMPARE(p.beforeTitle, QStringLiteral("As staged (changed in MEMORY.md since)"));
    }

    void withoutAPinAnEqualEntryWinsOverLongerOnes()
    {
        writeMemory("all tests pass\n\xC2\xA7\ntest");
        const ChangePreview p = ChangePreview::of(*m_ws, item({{"action", "remove"}, {"old_text", "test"}}));
        QCOMPARE(p.before, QStringLiteral("test"));
    }
};

QTEST_MAIN(MemoryPinnedPreviewTest)
#include "memory_pinned_preview_test.moc"
