// Sediment's hook in a Claude Code settings.json (ClaudeSettingsHook): which commands are ours,
// however the program was named, how a word is quoted for the shell Claude Code runs the command
// in, and installing over a hook of ours that runs another command.
#include "claudecode/ClaudeSettingsHook.h"

#include <QProcess>
#include <QTest>

using namespace sediment;

namespace {

Json entry(std::initializer_list<const char*> commands)
{
    Json hooks = Json::array();
    for (const char* c : commands)
        hooks.push_back(Json{{"type", "command"}, {"command", c}});
    return Json{{"matcher", ClaudeSettingsHook::kMatcher}, {"hooks", hooks}};
}

} // namespace

class ClaudeSettingsHookTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ourCommandByNameOrByAnyPath()
    {
        QVERIFY(ClaudeSettingsHook::isOurs(QStringLiteral("sediment claude-code hook")));
        QVERIFY(ClaudeSettingsHook::isOurs(QStringLiteral("/usr/bin/sediment --workspace /w claude-code hook")));
        QVERIFY(
            ClaudeSettingsHook::isOurs(QStringLiteral("'/opt/my tools/sediment' --workspace 'a b' claude-code hook")));
        QVERIFY(ClaudeSettingsHook::isOurs(QStringLiteral("\"/opt/my tools/sediment\" claude-code hook")));
        QVERIFY(ClaudeSettingsHook::isOurs(QStringLiteral("/opt/my\\ tools/sediment claude-code hook")));
        QVERIFY(!ClaudeSettingsHook::isOurs(QStringLiteral("'/opt/my tools/other' claude-code hook")));
        QVERIFY(!ClaudeSettingsHook::isOurs(QStringLiteral("sediment claude-code status")));
        QVERIFY(!ClaudeSettingsHook::isOurs(QStringLiteral("echo sediment claude-code hook")));
    }

    void wordsAreQuotedOnlyWhenTheShellWouldReadThem()
    {
        QCOMPARE(ClaudeSettingsHook::shellQuoted(QStringLiteral("/usr/bin/sediment")),
                 QStringLiteral("/usr/bin/sediment"));
        QCOMPARE(ClaudeSettingsHook::shellQuoted(QStringLiteral("/a b/it's")), QStringLiteral("'/a b/it'\\''s'"));
        QCOMPARE(ClaudeSettingsHook::shellQuoted(QStringLiteral("$HOME")), QStringLiteral("'$HOME'"));
        QCOMPARE(ClaudeSettingsHook::shellQuoted(QString()), QStringLiteral("''"));
        // What a shell makes of it is the word again.
        const QString word = QStringLiteral("/tmp/a b/$x/`y`/it's/\"q\"/~");
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), QStringLiteral("printf %s ") + ClaudeSettingsHook::shellQuoted(word)});
        QVERIFY(sh.waitForFinished(10000));
        QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), word);
    }

    void installReplacesOurHookInItsPlace()
    {
        const Json before{{"hooks",
                           {{"PreToolUse", Json::array({entry({"lint", "sediment claude-code hook"}),
                                                        entry({"'/old dir/sediment' claude-code hook"})})}}}};
        bool changed = false;
        const Json after =
            ClaudeSettingsHook::withHook(before, QStringLiteral("/new/sediment claude-code hook"), &changed);
        QVERIFY(changed);
        const Json expected{
            {"hooks", {{"PreToolUse", Json::array({entry({"lint", "/new/sediment claude-code hook"})})}}}};
        QVERIFY2(after == expected, after.dump().c_str());
        const Json same =
            ClaudeSettingsHook::withHook(after, QStringLiteral("/new/sediment claude-code hook"), &changed);
        QVERIFY(!changed);
        QVERIFY(same == after);
        const Json removed = ClaudeSettingsHook::withoutHook(after, &changed);
        QVERIFY(changed);
        QVERIFY2(removed == (Json{{"hooks", {{"PreToolUse", Json::array({entry({"lint"})})}}}}),
                 removed.dump().c_str());
    }
};

QTEST_GUILESS_MAIN(ClaudeSettingsHookTest)
#include "claude_settings_hook_test.moc"
