#include "inbox/MemoryWritePlan.h"

#include "memory/MemoryEdit.h"
#include "memory/MemoryStore.h"
#include "model/InboxItem.h"

#include <limits>

namespace sediment {

namespace {

QString messageOf(const Json& result)
{
    const char* key = result.value("success", false) ? "message" : "error";
    return fromStd(result.value(key, std::string()));
}

QString quoted(const QString& s) { return QStringLiteral("“%1”").arg(s); }

} // namespace

QString MemoryWritePlan::Step::text() const
{
    if (action == QLatin1String("add"))
        return QStringLiteral("add %1").arg(quoted(content.value_or(QString())));
    if (action == QLatin1String("replace"))
        return QStringLiteral("replace %1 → %2")
            .arg(quoted(oldText.value_or(QString())), quoted(content.value_or(QString())));
    if (action == QLatin1String("remove"))
        return QStringLiteral("remove %1").arg(quoted(oldText.value_or(QString())));
    return action;
}

Json MemoryWritePlan::Step::toJson() const
{
    return Json{{"action", toStd(action)},
                {"old_text", orNull(oldText)},
                {"content", orNull(content)},
                {"before", before},
                {"after", after},
                {"ok", ok},
                {"message", toStd(message)}};
}

Json MemoryWritePlan::toJson() const
{
    Json s = Json::array();
    for (const Step& step : steps)
        s.push_back(step.toJson());
    return Json{{"target", toStd(target)},   {"batch", batch},       {"steps", std::move(s)},
                {"budget", budget.toJson()}, {"accepted", accepted}, {"verdict", toStd(verdict)}};
}

MemoryWritePlan MemoryWritePlan::compute(const QString& target, const QStringList& entries, const MemoryOp& op,
                                         int limit)
{
    MemoryWritePlan plan;
    plan.target = target;
    plan.batch = op.action == QLatin1String("batch");
    // Steps are judged without the limit: a batch only answers to it on its final state.
    const MemoryEdit unbounded(target, std::numeric_limits<int>::max());
    QStringList running = entries;
    for (const MemoryOp& sub : op.steps()) {
        Step step;
        step.action = sub.action;
        step.oldText = sub.oldText;
        step.content = sub.content;
        step.before = MemoryStore::usage(running);
        const MemoryEdit::Outcome outcome = unbounded.apply(sub, running);
        step.ok = outcome.success;
        step.message = messageOf(outcome.result);
        if (outcome.success)
            running = outcome.entries;
        step.after = MemoryStore::usage(running);
        plan.steps.push_back(std::move(step));
    }
    plan.budget = BudgetPreview::compute(target, entries, op, limit);
    const MemoryEdit::Outcome whole = MemoryEdit(target, limit).apply(op, entries);
    plan.accepted = whole.success;
    plan.verdict = messageOf(whole.result);
    return plan;
}

Result<std::optional<MemoryWritePlan>> MemoryWritePlan::forItem(Workspace& workspace, const InboxItem& item)
{
    return BudgetPreview::fromInput(workspace, item, [](const BudgetPreview::Input& in) {
        return compute(in.target, in.entries, in.op, in.limit);
    });
}

} // namespace sediment
