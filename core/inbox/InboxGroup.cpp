#include "inbox/InboxGroup.h"

#include "agent/AgentHomes.h"
#include "inbox/SameText.h"
#include "model/Destination.h"
#include "util/JsonField.h"

#include <QStringList>

namespace sediment {

namespace {

constexpr char kMembers[] = "group";

// Where a write in an agent's own words aims, as its adapter tells it (a Hermes skill write).
std::optional<AgentTarget> agentTarget(const AgentHomes& agents, const InboxItem& item)
{
    const AgentHome* agent = agents.speaking(item.destination, item.effectiveOp());
    return agent ? agent->target(item) : std::nullopt;
}

// A CLAUDE.md edit proposed as a directive (path, before, after), not a write Claude Code asked
// for (its op carries the tool).
bool isDirectiveEdit(const InboxItem& item) { return item.goesTo(Destination::ClaudeMd) && !item.op.contains("tool"); }

// The entry a memory write aims at: the one it replaces or removes (pinned or by its text), or,
// for an add, the text it adds.
QString memoryEntry(const Json& op)
{
    const QString action = json::stringAt(op, "action");
    if (action == QLatin1String("replace") || action == QLatin1String("remove")) {
        const QString pinned = json::stringAt(op, "matched_entry");
        return pinned.isEmpty() ? json::stringAt(op, "old_text") : pinned;
    }
    return json::stringAt(op, "content");
}

// "settings.json: model, theme": the file and the top-level keys its patch sets.
QString settingsKeys(const Json& op)
{
    QStringList keys;
    if (const auto patch = op.find("patch"); patch != op.end() && patch->is_object())
        for (const auto& [key, value] : patch->items())
            keys << fromStd(key);
    return keys.join(QStringLiteral(", "));
}

QString shortened(const QString& text)
{
    const QString flat = text.simplified();
    return flat.size() <= 40 ? flat : flat.left(39) + QChar(0x2026);
}

// An op as the store reads it: without the member ids a combined op records.
Json withoutMembers(const Json& op)
{
    if (!op.is_object() || !op.contains(kMembers))
        return op;
    Json out = op;
    out.erase(kMembers);
    return out;
}

} // namespace

QString InboxGroup::keyOf(const AgentHomes& agents, const InboxItem& item)
{
    // The op as proposed: a group's first item, once decided, holds the group's batch.
    const Json& op = item.op;
    QString target;
    if (const auto agent = agentTarget(agents, item)) {
        target = agent->key;
    } else if (isMemoryStore(item.destination)) {
        if (json::stringAt(op, "action") == QLatin1String("batch"))
            target = QStringLiteral("batch#%1").arg(item.id);
        else
            target = json::stringAt(op, "action") == QLatin1String("add") ? QStringLiteral("add:") : QString();
        target += SameText::normalise(memoryEntry(op));
    } else if (item.goesTo(Destination::SettingsJson)) {
        target = json::stringAt(op, "path") + QLatin1Char('\x1e') + settingsKeys(op);
    } else if (item.goesTo(Destination::ClaudeMemory)) {
        target = json::stringAt(op, "file_path");
    } else if (isNote(item.destination)) {
        target = SameText::normalise(json::stringAt(op, "title"));
    } else if (isDirectiveEdit(item)) {
        // A directive edit aims at the passage it replaces; appends all aim at the file's end.
        target = json::stringAt(op, "path") + QLatin1Char('\x1e') + SameText::normalise(json::stringAt(op, "before"));
    } else {
        target = json::stringAt(op, "path").isEmpty() ? json::stringAt(op, "name") : json::stringAt(op, "path");
    }
    return item.hermesProfile() + QLatin1Char('\x1f') + item.destination + QLatin1Char('\x1f') + target;
}

QString InboxGroup::labelOf(const AgentHomes& agents, const InboxItem& item)
{
    const Json& op = item.op;
    const QString profile = item.hermesProfile();
    // The root profile goes unsaid, as Hermes' own messages leave it out.
    const QString in = profile.isEmpty() || profile == QLatin1String("default")
                           ? QString()
                           : QStringLiteral(" (profile %1)").arg(profile);
    if (const auto agent = agentTarget(agents, item))
        return agent->label + in;
    if (isMemoryStore(item.destination)) {
        const QString file = item.goesTo(Destination::User) ? QStringLiteral("USER.md") : QStringLiteral("MEMORY.md");
        if (json::stringAt(op, "action") == QLatin1String("batch"))
            return file + QStringLiteral(" batch") + in;
        return QStringLiteral("%1 entry '%2'").arg(file, shortened(memoryEntry(op))) + in;
    }
    if (item.goesTo(Destination::SettingsJson))
        return QStringLiteral("settings key '%1'").arg(settingsKeys(op)) + in;
    if (item.goesTo(Destination::ClaudeMemory))
        return json::stringAt(op, "file_path");
    if (isNote(item.destination))
        return QStringLiteral("note '%1'").arg(shortened(json::stringAt(op, "title"))) + in;
    const QString path = json::stringAt(op, "path");
    if (isDirectiveEdit(item)) {
        const QString passage = json::stringAt(op, "before");
        return (passage.trimmed().isEmpty() ? QStringLiteral("the end of %1").arg(path)
                                            : QStringLiteral("%1 passage '%2'").arg(path, shortened(passage)))
               + in;
    }
    if (!path.isEmpty())
        return path + in;
    const QString name = json::stringAt(op, "name");
    return (name.isEmpty() ? item.destination : QStringLiteral("%1 '%2'").arg(item.destination, name)) + in;
}

bool InboxGroup::combinable(const AgentHomes& agents, const InboxItem& item)
{
    const Json& op = item.effectiveOp();
    if (const auto agent = agentTarget(agents, item))
        return agent->combinable;
    // One file each, edited in place: applied in order to one write (InOrderApplier). A note is
    // a new file of its own, so a note group is for keeping one, not for combining.
    if (item.goesTo(Destination::ClaudeMd) || item.goesTo(Destination::SettingsJson)
        || item.goesTo(Destination::ClaudeMemory))
        return true;
    return isMemoryStore(item.destination) && json::stringAt(op, "action") != QLatin1String("batch");
}

Result<Json> InboxGroup::combinedOp(const AgentHomes& agents, const std::vector<InboxItem>& items)
{
    if (items.size() < 2)
        return fail(Error::refused(QStringLiteral("a group decision takes two items or more")));
    const QString key = keyOf(agents, items.front());
    Json ops = Json::array();
    Json members = Json::array();
    for (const InboxItem& it : items) {
        if (keyOf(agents, it) != key)
            return fail(Error::refused(QStringLiteral("inbox items %1 and %2 do not write to the same target (%3, %4)")
                                           .arg(items.front().id)
                                           .arg(it.id)
                                           .arg(labelOf(agents, items.front()), labelOf(agents, it))));
        if (!combinable(agents, it))
            return fail(Error::refused(
                QStringLiteral("inbox item %1 (%2) cannot join a group decision: single memory writes, single "
                               "Hermes skill writes (no batch, no delete) and edits of CLAUDE.md, a settings "
                               "file or a Claude Code memory file are applied as one; decide it on its own")
                    .arg(it.id)
                    .arg(labelOf(agents, it))));
        Json op = withoutMembers(it.effectiveOp());
        if (isMemoryStore(it.destination))
            op.erase("target"); // the batch's operations take the batch's store
        ops.push_back(std::move(op));
        members.push_back(it.id);
    }
    Json combined{{"action", "batch"}, {"operations", std::move(ops)}};
    if (const auto agent = agentTarget(agents, items.front()))
        combined.update(agent->groupFields);
    combined[kMembers] = std::move(members);
    return combined;
}

std::vector<qint64> InboxGroup::membersOf(const Json& op)
{
    std::vector<qint64> out;
    if (!op.is_object())
        return out;
    const auto it = op.find(kMembers);
    if (it == op.end() || !it->is_array())
        return out;
    for (const Json& id : *it)
        if (id.is_number_integer())
            out.push_back(id.get<qint64>());
    return out;
}

} // namespace sediment
