// The diff of a pending Hermes skill batch: one comparison holding every file the batch writes,
// each under its own heading, or Hermes' refusal when approving would fail.
#include "FileBytes.h"
#include "inbox/ChangePreview.h"
#include "model/InboxItem.h"
#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using sediment::ui::ChangePreview;

class SkillBatchPreviewTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Workspace> m_ws;

    static InboxItem item(const Json& operations)
    {
        InboxItem it;
        it.destination = QStringLiteral("skill");
        it.status = QStringLiteral("pending");
        it.op = {{"action", "batch"}, {"operations", operations}};
        return it;
    }

private Q_SLOTS:
    void init()
    {
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        test::writeFileBytes(m_dir.filePath(QStringLiteral("skills/deploy/SKILL.md")),
                             "---\nname: deploy\ndescription: Ship it\n---\n\nBuild.\n");
    }

    void everyFileTheBatchWritesIsShownUnderItsName()
    {
        const ChangePreview p = ChangePreview::of(
            *m_ws, item({{{"action", "patch"}, {"name", "deploy"}, {"old_string", "Build."}, {"new_string", "Test."}},
                         {{"action", "write_file"},
                          {"name", "deploy"},
                          {"file_path", "references/notes.md"},
                          {"file_content", "Notes\n"}}}));
        QCOMPARE(p.beforeTitle, QStringLiteral("Now: skills/deploy/SKILL.md, skills/deploy/references/notes.md"));
        QVERIFY(p.before.contains(QStringLiteral("=== skills/deploy/SKILL.md ===\n")));
        QVERIFY(p.before.contains(QStringLiteral("Build.")));
        QVERIFY(p.after.contains(QStringLiteral("Test.")));
        QVERIFY(p.after.contains(QStringLiteral("=== skills/deploy/references/notes.md ===\nNotes\n")));
    }

    void aBatchHermesWouldRefuseSaysSo()
    {
        const ChangePreview p = ChangePreview::of(*m_ws, item(Json::array()));
        QCOMPARE(p.afterTitle, QStringLiteral("Approval would fail: operations must be a non-empty array."));
    }
};

QTEST_MAIN(SkillBatchPreviewTest)
#include "skill_batch_preview_test.moc"
