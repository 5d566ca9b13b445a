#include "inbox/InboxGroup.h"

#include "agent/AgentHomes.h"
#include "inbox/SameText.h"
#include "memory/MemoryEdit.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "util/Each.h"

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

// The entry a memory write aims at: the one it replaces or removes (pinned or by its text), or,
// for an add, the text it adds.
QString memoryEntry(const MemoryOp& op)
{
    if (op.isDestructive())
        return op.matchedEntry && !op.matchedEntry->isEmpty() ? *op.matchedEntry : op.oldText.value_or(QString());
    return op.content.value_or(QString());
}

// "settings.json: model, theme": the file and the top-level keys its patch sets.
QString settingsKeys(const SettingsPatch& settings)
{
    QStringList keys;
    for (const auto& [key, value] : settings.patch.items())
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
    QString target;
    if (const auto agent = agentTarget(agents, item)) {
        target = agent->key;
    } else if (auto typed = readWorkspaceOp(item.destination, item.op)) {
        target =
            std::visit(Each{
                           [&](const MemoryWrite& w) -> QString {
                               if (w.op.action == QLatin1String("batch"))
                                   return QStringLiteral("batch#%1").arg(item.id);
                               return (w.op.action == QLatin1String("add") ? QStringLiteral("add:") : QString())
                                      + SameText::normalise(memoryEntry(w.op));
                           },
                           [](const SettingsPatch& p) -> QString {
                               return p.path.value_or(QString()) + QLatin1Char('\x1e') + settingsKeys(p);
                           },
                           [](const NoteDraft& n) { return SameText::normalise(n.title); },
                           // A directive edit aims at the passage it replaces; appends all aim at the file's end.
                           [](const DirectiveEdit& e) -> QString {
                               return e.path.value_or(QString()) + QLatin1Char('\x1e') + SameText::normalise(e.before);
                           },
                           [](const SkillCreate& c) { return c.name; },
                           [](const SkillPatch& p) { return p.name; },
                       },
                       *typed);
    } else {
        // An op that does not read cannot be applied, alone or with others: it groups with none.
        target = QStringLiteral("unread#%1").arg(item.id);
    }
    return item.hermesProfile() + QLatin1Char('\x1f') + item.destination + QLatin1Char('\x1f') + target;
}

QString InboxGroup::labelOf(const AgentHomes& agents, const InboxItem& item)
{
    const QString profile = item.hermesProfile();
    // The root profile goes unsaid, as Hermes' own messages leave it out.
    const QString in = profile.isEmpty() || profile == QLatin1String("default")
                           ? QString()
                           : QStringLiteral(" (profile %1)").arg(profile);
    if (const auto agent = agentTarget(agents, item))
        return agent->label + in;
    auto typed = readWorkspaceOp(item.destination, item.op);
    if (!typed)
        return item.destination + in;
    return std::visit(
               Each{
                   [&](const MemoryWrite& w) -> QString {
                       const QString file = MemoryEdit::fileName(w.store);
                       if (w.op.action == QLatin1String("batch"))
                           return file + QStringLiteral(" batch");
                       return QStringLiteral("%1 entry '%2'").arg(file, shortened(memoryEntry(w.op)));
                   },
                   [](const SettingsPatch& p) { return QStringLiteral("settings key '%1'").arg(settingsKeys(p)); },
                   [](const NoteDraft& n) { return QStringLiteral("note '%1'").arg(shortened(n.title)); },
                   [](const DirectiveEdit& e) {
                       const QString path = e.path.value_or(QString());
                       return e.before.trimmed().isEmpty()
                                  ? QStringLiteral("the end of %1").arg(path)
                                  : QStringLiteral("%1 passage '%2'").arg(path, shortened(e.before));
                   },
                   [&](const SkillCreate& c) { return QStringLiteral("%1 '%2'").arg(item.destination, c.name); },
                   [&](const SkillPatch& p) { return QStringLiteral("%1 '%2'").arg(item.destination, p.name); },
               },
               *typed)
           + in;
}

bool InboxGroup::combinable(const AgentHomes& agents, const InboxItem& item)
{
    if (const auto agent = agentTarget(agents, item))
        return agent->combinable;
    // One file each, edited in place: applied in order to one write (InOrderApplier); a skill's
    // creation and patches are edits of its SKILL.md. A note is a new file of its own, so a note
    // group is for keeping one, not for combining.
    auto typed = readWorkspaceOp(item.destination, item.effectiveOp());
    if (!typed)
        return false;
    if (const auto* memory = std::get_if<MemoryWrite>(&*typed))
        return memory->op.action != QLatin1String("batch");
    return std::holds_alternative<DirectiveEdit>(*typed) || std::holds_alternative<SettingsPatch>(*typed)
           || std::holds_alternative<SkillCreate>(*typed) || std::holds_alternative<SkillPatch>(*typed);
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
                               "Hermes skill writes (no batch, no delete), a skill's creation and patches, and edits "
                               "of CLAUDE.md, a settings file or a Claude Code memory file are applied as one; "
                               "decide it on its own")
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
