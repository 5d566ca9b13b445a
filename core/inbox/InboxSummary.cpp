#include "inbox/InboxSummary.h"

#include "agent/AgentHomes.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "util/Each.h"
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

// Memory ops say what they do to the store; a batch only how many operations it holds.
QString memoryLine(const MemoryOp& op)
{
    if (op.action == QLatin1String("remove"))
        return QStringLiteral("remove: ") + oneLine(toStd(op.oldText.value_or(QString())));
    if (op.action == QLatin1String("batch"))
        return QStringLiteral("batch of %1 operations").arg(op.operations.size());
    return (op.action == QLatin1String("replace") ? QStringLiteral("replace: ") : QString())
           + oneLine(toStd(op.content.value_or(QString())));
}

} // namespace

QString InboxSummary::of(const AgentHomes& agents, const QString& destination, const QString& opJson)
{
    const Json op = Json::parse(opJson.toStdString(), nullptr, false);
    if (op.is_discarded() || !op.is_object())
        return oneLine(opJson.toStdString());
    // A write in an agent's own words, told as the agent tells it (a Hermes skill_manage gist,
    // a Claude Code tool's file and text).
    if (const AgentHome* agent = agents.speaking(destination, op))
        if (const QString gist = agent->gist(destination, op); !gist.isEmpty())
            return oneLine(gist.toStdString());
    // Otherwise the op as its type reads it; one that does not read is shown as it is.
    auto typed = readWorkspaceOp(destination, op);
    if (!typed)
        return oneLine(opJson.toStdString());
    return std::visit(Each{
                          [](const MemoryWrite& w) -> QString { return memoryLine(w.op); },
                          [](const DirectiveEdit& e) -> QString { return oneLine(toStd(e.after)); },
                          [](const SettingsPatch& p) -> QString { return oneLine(p.patch.dump()); },
                          [](const NoteDraft& n) -> QString { return oneLine(toStd(n.title)); },
                          [](const SkillCreate& c) -> QString {
                              return c.name + QStringLiteral(" (create): ") + oneLine(toStd(c.text));
                          },
                          [](const SkillPatch& p) -> QString {
                              return p.name + QStringLiteral(" (patch): ") + oneLine(toStd(p.after));
                          },
                      },
                      *typed);
}

} // namespace sediment
