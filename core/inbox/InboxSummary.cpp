#include "inbox/InboxSummary.h"

#include "agent/AgentHomes.h"
#include "model/Destination.h"
#include "util/Json.h"

namespace sediment {

namespace {

QString oneLine(const std::string& utf8)
{
    QString text = fromStd(utf8).simplified();
    constexpr int kMax = 240;
    if (text.size() > kMax)
        text = text.left(kMax - 1) + QChar(0x2026);
    return text;
}

std::string str(const Json& op, const char* key)
{
    const auto it = op.find(key);
    return it != op.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

QString InboxSummary::of(const AgentHomes& agents, const QString& destination, const QString& opJson)
{
    const Json op = Json::parse(opJson.toStdString(), nullptr, false);
    if (op.is_discarded() || !op.is_object())
        return oneLine(opJson.toStdString());
    const auto to = [&](Destination word) { return isWord(destination, word); };
    if (isMemoryStore(destination)) {
        const std::string action = str(op, "action");
        if (action == "remove")
            return QStringLiteral("remove: ") + oneLine(str(op, "old_text"));
        if (action == "batch" && op.contains("operations") && op["operations"].is_array())
            return QStringLiteral("batch of %1 operations").arg(op["operations"].size());
        return (action == "replace" ? QStringLiteral("replace: ") : QString()) + oneLine(str(op, "content"));
    }
    // A write Claude Code asked for (its op carries the tool): the tool, the file and the text.
    if (to(Destination::ClaudeMemory) || (to(Destination::ClaudeMd) && op.contains("tool"))) {
        const std::string path = str(op, "file_path");
        const std::string head = str(op, "tool") + " " + path.substr(path.rfind('/') + 1) + ": ";
        if (op.contains("edits") && op["edits"].is_array())
            return fromStd(head) + QStringLiteral("%1 edits").arg(op["edits"].size());
        return oneLine(head + (op.contains("content") ? str(op, "content") : str(op, "new_string")));
    }
    if (to(Destination::ClaudeMd))
        return oneLine(str(op, "after"));
    if (to(Destination::SettingsJson))
        return op.contains("patch") ? oneLine(op["patch"].dump()) : QString();
    // A write in an agent's own words, told as the agent tells it (a Hermes skill_manage gist).
    if (const AgentHome* agent = agents.speaking(destination, op))
        if (const QString gist = agent->gist(destination, op); !gist.isEmpty())
            return oneLine(gist.toStdString());
    if (to(Destination::Skill))
        return fromStd(str(op, "name")) + QStringLiteral(" (") + fromStd(str(op, "mode")) + QStringLiteral("): ")
               + oneLine(str(op, "mode") == "patch" ? str(op, "after") : str(op, "text"));
    if (isNote(destination))
        return oneLine(str(op, "title"));
    return oneLine(opJson.toStdString());
}

} // namespace sediment
