// What a pending item aims at, read from its op's type: writes that aim at the same entry,
// passage, settings keys, note title or skill are one group, labelled as a reviewer reads it; a
// Claude Code tool's writes group by the file its adapter names; an op that does not read groups
// with none and joins no group decision.
#include "agent/AgentHomes.h"
#include "claudecode/ClaudeCodeHome.h"
#include "inbox/InboxGroup.h"
#include "model/InboxItem.h"

#include <QTest>

using namespace sediment;

namespace {

InboxItem item(qint64 id, const char* destination, const Json& op)
{
    InboxItem it;
    it.id = id;
    it.destination = QString::fromLatin1(destination);
    it.op = op;
    return it;
}

} // namespace

class InboxGroupTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void writesToOneTargetShareAKeyAndALabel()
    {
        const AgentHomes& none = AgentHomes::none();
        const InboxItem a = item(1, "memory", {{"action", "replace"}, {"old_text", "Tabs"}, {"content", "x"}});
        const InboxItem b = item(2, "memory", {{"action", "remove"}, {"old_text", "tabs "}});
        QCOMPARE(InboxGroup::keyOf(none, a), InboxGroup::keyOf(none, b));
        QCOMPARE(InboxGroup::labelOf(none, a), QStringLiteral("MEMORY.md entry 'Tabs'"));
        QVERIFY(InboxGroup::combinable(none, a));

        const InboxItem add = item(3, "user", {{"action", "add"}, {"content", "Tabs"}});
        QVERIFY(InboxGroup::keyOf(none, add) != InboxGroup::keyOf(none, a));
        const InboxItem batch = item(4, "memory", {{"action", "batch"}, {"operations", Json::array()}});
        QCOMPARE(InboxGroup::labelOf(none, batch), QStringLiteral("MEMORY.md batch"));
        QVERIFY(!InboxGroup::combinable(none, batch));

        const InboxItem append = item(5, "claude_md", {{"path", "CLAUDE.md"}, {"before", ""}, {"after", "x"}});
        QCOMPARE(InboxGroup::labelOf(none, append), QStringLiteral("the end of CLAUDE.md"));
        const InboxItem passage =
            item(6, "claude_md", {{"path", "CLAUDE.md"}, {"before", "Old  rule"}, {"after", "y"}});
        QCOMPARE(InboxGroup::labelOf(none, passage), QStringLiteral("CLAUDE.md passage 'Old rule'"));
        QVERIFY(InboxGroup::keyOf(none, append) != InboxGroup::keyOf(none, passage));

        const InboxItem settings = item(7, "settings_json", {{"patch", {{"model", "x"}, {"theme", "y"}}}});
        QCOMPARE(InboxGroup::labelOf(none, settings), QStringLiteral("settings key 'model, theme'"));
        QVERIFY(InboxGroup::combinable(none, settings));

        const InboxItem note = item(8, "brain_inbox", {{"title", "On caching"}, {"text", "t"}});
        QCOMPARE(InboxGroup::labelOf(none, note), QStringLiteral("note 'On caching'"));
        QVERIFY(!InboxGroup::combinable(none, note));
        const InboxItem skill = item(9, "skill", {{"name", "deploy"}, {"mode", "patch"}, {"after", "z"}});
        QCOMPARE(InboxGroup::labelOf(none, skill), QStringLiteral("skill 'deploy'"));
    }

    void claudeCodesWritesGroupByTheFileItsAdapterNames()
    {
        AgentHomes agents;
        agents.add(std::make_unique<ClaudeCodeHome>());
        const Json write{{"tool", "Write"}, {"file_path", "/w/CLAUDE.md"}, {"content", "a"}};
        const Json other{{"tool", "Write"}, {"file_path", "/w/sub/CLAUDE.md"}, {"content", "b"}};
        const InboxItem a = item(1, "claude_md", write);
        QCOMPARE(InboxGroup::keyOf(agents, a), InboxGroup::keyOf(agents, item(2, "claude_md", write)));
        QVERIFY(InboxGroup::keyOf(agents, a) != InboxGroup::keyOf(agents, item(3, "claude_md", other)));
        QCOMPARE(InboxGroup::labelOf(agents, a), QStringLiteral("/w/CLAUDE.md"));
        QVERIFY(InboxGroup::combinable(agents, item(4, "claude_memory", other)));
    }

    void anOpThatDoesNotReadGroupsWithNone()
    {
        const AgentHomes& none = AgentHomes::none();
        const InboxItem a = item(1, "claude_md", {{"after", 3}});
        const InboxItem b = item(2, "claude_md", {{"after", 3}});
        QVERIFY(InboxGroup::keyOf(none, a) != InboxGroup::keyOf(none, b));
        QCOMPARE(InboxGroup::labelOf(none, a), QStringLiteral("claude_md"));
        QVERIFY(!InboxGroup::combinable(none, a));
        auto combined = InboxGroup::combinedOp(none, {a, b});
        QVERIFY(!combined);
    }
};

QTEST_GUILESS_MAIN(InboxGroupTest)
#include "inbox_group_test.moc"
