// The detail pane's two sides for each of the workspace's own ops, read from the op's type: the
// anchor and its replacement, the settings file before and after the merge, a new file's text,
// and an op that does not read shown as it is stored.
#include "FileBytes.h"
#include "inbox/ChangePreview.h"
#include "model/InboxItem.h"
#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using sediment::ui::ChangePreview;

class ChangePreviewTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Workspace> m_ws;

    ChangePreview of(const char* destination, const Json& op)
    {
        InboxItem it;
        it.destination = QString::fromLatin1(destination);
        it.op = op;
        return ChangePreview::of(*m_ws, it);
    }

private Q_SLOTS:
    void init()
    {
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
    }

    void anEditShowsItsAnchorAndAnAppendSaysSo()
    {
        ChangePreview p = of("claude_md", {{"before", "old rule"}, {"after", "new rule"}});
        QCOMPARE(p.before, QStringLiteral("old rule"));
        QCOMPARE(p.after, QStringLiteral("new rule"));
        QCOMPARE(p.beforeTitle, QStringLiteral("Now"));
        QCOMPARE(p.afterTitle, QStringLiteral("Proposed"));
        p = of("skill", {{"name", "deploy"}, {"mode", "patch"}, {"before", ""}, {"after", "step 4"}});
        QCOMPARE(p.beforeTitle, QStringLiteral("Appended as a new paragraph"));
        QCOMPARE(p.after, QStringLiteral("step 4"));
    }

    void settingsShowTheFileBeforeAndAfterTheMerge()
    {
        test::writeFileBytes(m_dir.filePath(QStringLiteral("conf.json")), "{\"a\": 1, \"b\": 2}");
        ChangePreview p = of("settings_json", {{"path", "conf.json"}, {"patch", {{"b", nullptr}, {"c", 3}}}});
        QCOMPARE(p.before, QStringLiteral("{\n  \"a\": 1,\n  \"b\": 2\n}"));
        QCOMPARE(p.after, QStringLiteral("{\n  \"a\": 1,\n  \"c\": 3\n}"));
        QCOMPARE(p.beforeTitle, QStringLiteral("conf.json"));
        QCOMPARE(p.afterTitle, QStringLiteral("conf.json after the merge patch"));

        test::writeFileBytes(m_dir.filePath(QStringLiteral("conf.json")), "{broken");
        p = of("settings_json", {{"path", "conf.json"}, {"patch", {{"c", 3}}}});
        QCOMPARE(p.before, QStringLiteral("{broken"));
        QCOMPARE(p.after, QStringLiteral("{\n  \"c\": 3\n}"));
        QCOMPARE(p.afterTitle, QStringLiteral("Patch (the current file is not valid JSON)"));
    }

    void aNewSkillOrNoteShowsItsText()
    {
        ChangePreview p = of("skill", {{"name", "deploy"}, {"mode", "create"}, {"text", "# Deploy\n"}});
        QCOMPARE(p.after, QStringLiteral("# Deploy\n"));
        QCOMPARE(p.beforeTitle, QStringLiteral("New skill"));
        QCOMPARE(p.afterTitle, QStringLiteral("skills/deploy/SKILL.md"));
        p = of("brain_inbox", {{"title", "On caching"}, {"text", "Cache the index."}});
        QCOMPARE(p.after, QStringLiteral("# On caching\n\nCache the index."));
        QCOMPARE(p.beforeTitle, QStringLiteral("New file"));
    }

    void anOpThatDoesNotReadIsShownAsStored()
    {
        const ChangePreview p = of("claude_md", {{"after", 3}});
        QCOMPARE(p.after, QStringLiteral("{\n  \"after\": 3\n}"));
        QCOMPARE(p.beforeTitle, QStringLiteral("Now"));
    }
};

QTEST_MAIN(ChangePreviewTest)
#include "change_preview_test.moc"
