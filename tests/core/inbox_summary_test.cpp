// The inbox's one line per item: a write in an agent's own words as that agent tells it, the
// workspace's own ops as their type reads them, and anything that reads as neither shown as it is.
#include "agent/AgentHomes.h"
#include "claudecode/ClaudeCodeHome.h"
#include "hermes/HermesHome.h"
#include "inbox/InboxSummary.h"

#include <QTest>

using namespace sediment;

namespace {

QString line(const AgentHomes& agents, const char* destination, const Json& op)
{
    return InboxSummary::of(agents, QString::fromLatin1(destination), fromStd(op.dump()));
}

} // namespace

class InboxSummaryTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theWorkspacesOwnOpsAreToldByType()
    {
        const AgentHomes& none = AgentHomes::none();
        QCOMPARE(line(none, "memory", {{"action", "add"}, {"content", "Uses  tabs\n"}}), QStringLiteral("Uses tabs"));
        QCOMPARE(line(none, "user", {{"action", "replace"}, {"old_text", "a"}, {"content", "b"}}),
                 QStringLiteral("replace: b"));
        QCOMPARE(line(none, "memory", {{"action", "remove"}, {"old_text", "gone"}}), QStringLiteral("remove: gone"));
        QCOMPARE(line(none, "memory",
                      {{"action", "batch"},
                       {"operations", {{{"action", "add"}, {"content", "x"}}, {{"action", "add"}, {"content", "y"}}}}}),
                 QStringLiteral("batch of 2 operations"));
        QCOMPARE(line(none, "claude_md", {{"before", ""}, {"after", "Run tests first."}}),
                 QStringLiteral("Run tests first."));
        QCOMPARE(line(none, "settings_json", {{"patch", {{"theme", "dark"}}}}), QStringLiteral("{\"theme\":\"dark\"}"));
        QCOMPARE(line(none, "brain_inbox", {{"title", "On caching"}, {"text", "..."}}), QStringLiteral("On caching"));
        QCOMPARE(line(none, "skill", {{"name", "deploy"}, {"mode", "create"}, {"text", "Steps"}}),
                 QStringLiteral("deploy (create): Steps"));
        QCOMPARE(line(none, "skill", {{"name", "deploy"}, {"mode", "patch"}, {"before", "a"}, {"after", "b"}}),
                 QStringLiteral("deploy (patch): b"));
        const QString longText(400, QLatin1Char('w'));
        QCOMPARE(line(none, "memory", {{"action", "add"}, {"content", toStd(longText)}}).size(), 240);
    }

    void anAgentsWriteIsToldAsTheAgentTellsIt()
    {
        AgentHomes agents;
        agents.add(std::make_unique<HermesHome>());
        agents.add(std::make_unique<ClaudeCodeHome>());
        QCOMPARE(line(agents, "claude_memory",
                      {{"tool", "Write"}, {"file_path", "/h/.claude/projects/p/memory/notes.md"}, {"content", "A\nB"}}),
                 QStringLiteral("Write notes.md: A B"));
        QCOMPARE(line(agents, "claude_md",
                      {{"tool", "MultiEdit"}, {"file_path", "/w/CLAUDE.md"}, {"edits", Json::array({Json::object()})}}),
                 QStringLiteral("MultiEdit CLAUDE.md: 1 edits"));
        QCOMPARE(line(agents, "claude_md",
                      {{"tool", "Edit"}, {"file_path", "CLAUDE.md"}, {"old_string", "x"}, {"new_string", "y"}}),
                 QStringLiteral("Edit CLAUDE.md: y"));
        const QString hermes = line(agents, "skill", {{"action", "create"}, {"name", "deploy"}, {"content", "---\n"}});
        QVERIFY2(hermes.contains(QStringLiteral("deploy")), qPrintable(hermes));
        QVERIFY2(!hermes.contains(QStringLiteral("(create):")), qPrintable(hermes));
    }

    void anOpThatReadsAsNothingIsShownAsItIs()
    {
        const AgentHomes& none = AgentHomes::none();
        QCOMPARE(InboxSummary::of(none, QStringLiteral("memory"), QStringLiteral("not json")),
                 QStringLiteral("not json"));
        QCOMPARE(line(none, "claude_md", {{"after", 3}}), QStringLiteral("{\"after\":3}"));
        // Claude Code's op with no adapter plugged is not the workspace's either.
        QCOMPARE(line(none, "claude_memory", {{"tool", "Write"}}), QStringLiteral("{\"tool\":\"Write\"}"));
    }
};

QTEST_GUILESS_MAIN(InboxSummaryTest)
#include "inbox_summary_test.moc"
