// The workspace's own ops are read into their types in one place, where they are applied or
// checked: each destination gets its type with every field in it, and a field that is missing
// or of the wrong type is an error naming the field and the destination, whatever the applier.
#include "proposal/WorkspaceOp.h"

#include <QTest>

using namespace sediment;

namespace {

WorkspaceOp read(const char* destination, const Json& op)
{
    auto typed = readWorkspaceOp(QString::fromLatin1(destination), op);
    if (!typed)
        qFatal("%s", qPrintable(typed.error().message));
    return *typed;
}

QString refusal(const char* destination, const Json& op)
{
    auto typed = readWorkspaceOp(QString::fromLatin1(destination), op);
    return typed ? QString() : typed.error().message;
}

} // namespace

class WorkspaceOpTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachDestinationReadsIntoItsType()
    {
        const auto memory = std::get<MemoryWrite>(read("user", {{"action", "add"}, {"content", "Prefers tabs"}}));
        QCOMPARE(memory.store, QStringLiteral("user"));
        QCOMPARE(memory.op.action, QStringLiteral("add"));
        QCOMPARE(memory.op.content.value_or(QString()), QStringLiteral("Prefers tabs"));
        QVERIFY(!memory.pinned);

        const auto edit = std::get<DirectiveEdit>(read("claude_md", {{"before", "old"}, {"after", "new"}}));
        QVERIFY(!edit.path);
        QCOMPARE(edit.before, QStringLiteral("old"));
        QCOMPARE(edit.after, QStringLiteral("new"));
        QCOMPARE(std::get<DirectiveEdit>(read("claude_md", {{"after", "x"}, {"before", nullptr}})).before, QString());

        const auto settings =
            std::get<SettingsPatch>(read("settings_json", {{"path", "conf.json"}, {"patch", {{"a", 1}}}}));
        QCOMPARE(settings.path.value_or(QString()), QStringLiteral("conf.json"));
        QVERIFY(settings.patch == (Json{{"a", 1}}));

        const auto note = std::get<NoteDraft>(read("chantier_outil", {{"title", "T"}, {"text", "body"}}));
        QCOMPARE(note.destination, QStringLiteral("chantier_outil"));
        QCOMPARE(note.title, QStringLiteral("T"));

        const auto created =
            std::get<SkillCreate>(read("skill", {{"name", "deploy"}, {"mode", "create"}, {"text", "x"}}));
        QCOMPARE(created.name, QStringLiteral("deploy"));
        QCOMPARE(created.text, QStringLiteral("x"));
        const auto patched = std::get<SkillPatch>(
            read("skill", {{"name", "deploy"}, {"mode", "patch"}, {"before", "a"}, {"after", "b"}}));
        QCOMPARE(patched.before, QStringLiteral("a"));
        QCOMPARE(patched.after, QStringLiteral("b"));
    }

    void aPinnedBatchKnowsWhatItPins()
    {
        const Json batch = {{"action", "batch"},
                            {"operations",
                             {{{"action", "add"}, {"content", "n"}},
                              {{"action", "replace"}, {"old_text", "o"}, {"content", "p"}, {"matched_entry", "o!"}}}}};
        const auto pinned = std::get<MemoryWrite>(read("memory", batch));
        QVERIFY(pinned.pinned);
        QVERIFY(!pinned.pinsNothing());
        QCOMPARE(pinned.op.operations.size(), size_t(2));

        // A record from before pinning: the key is there, null, and pins nothing.
        const auto old = std::get<MemoryWrite>(
            read("memory", {{"action", "remove"}, {"old_text", "o"}, {"matched_entry", nullptr}}));
        QVERIFY(old.pinned);
        QVERIFY(old.pinsNothing());
        QVERIFY(MemoryWrite::isPinned(Json{{"action", "remove"}, {"matched_entry", nullptr}}));
        QVERIFY(!MemoryWrite::isPinned(Json{{"action", "add"}, {"matched_entry", "x"}}));
    }

    void aBadFieldIsNamedWithItsDestination()
    {
        QCOMPARE(refusal("claude_md", {{"before", "x"}}), QStringLiteral("claude_md op: 'after' is required"));
        QCOMPARE(refusal("claude_md", {{"after", 3}}), QStringLiteral("claude_md op: 'after' must be a string"));
        QCOMPARE(refusal("settings_json", {{"patch", "x"}}),
                 QStringLiteral("settings_json op: 'patch' must be a JSON object"));
        QCOMPARE(refusal("brain_inbox", {{"title", " "}, {"text", "t"}}),
                 QStringLiteral("brain_inbox op: 'title' is empty"));
        QCOMPARE(refusal("skill", {{"name", "Bad Name"}, {"mode", "create"}}),
                 QStringLiteral("skill op: 'name' must match [a-z0-9][a-z0-9._-]{0,63} (got 'Bad Name')"));
        QCOMPARE(refusal("skill", {{"name", "ok"}, {"mode", "delete"}}),
                 QStringLiteral("skill op: 'mode' must be \"create\" or \"patch\" (got 'delete')"));
        QCOMPARE(refusal("memory", {{"action", "batch"}}),
                 QStringLiteral("memory op: 'operations' must be an array for a batch"));
        QCOMPARE(refusal("memory",
                         {{"action", "batch"}, {"operations", {{{"action", "batch"}, {"operations", Json::array()}}}}}),
                 QStringLiteral("memory op: a batch cannot contain a batch"));
        QCOMPARE(refusal("user", Json::array()), QStringLiteral("user op must be a JSON object"));
    }

    void anUnknownOrAgentsDestinationHasNoType()
    {
        QVERIFY(refusal("Memory", {{"action", "add"}}).contains(QStringLiteral("'Memory'")));
        QCOMPARE(refusal("claude_memory", {{"file_path", "x"}}),
                 QStringLiteral("this claude_memory op is written in an agent's own words, and no adapter for that "
                                "agent is plugged into the workspace"));
    }
};

QTEST_GUILESS_MAIN(WorkspaceOpTest)
#include "workspace_op_test.moc"
