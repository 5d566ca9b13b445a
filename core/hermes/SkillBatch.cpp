#include "hermes/SkillBatch.h"

#include <QDir>

#include <set>
#include <utility>

namespace sediment {

namespace {

constexpr int kMaxOps = 20; // Hermes' _BATCH_MAX_OPS

Json member(const Json& obj, const char* key)
{
    if (!obj.is_object())
        return nullptr;
    const auto it = obj.find(key);
    return it == obj.end() ? Json(nullptr) : *it;
}

bool isBatchable(const Json& action)
{
    if (!action.is_string())
        return false;
    const std::string& a = action.get_ref<const std::string&>();
    return a == "create" || a == "patch" || a == "write_file" || a == "remove_file";
}

// `{**op, "name": name}` as skill_manage's keyword arguments would see it.
Json flatten(const Json& op, const QString& name)
{
    Json flat = op;
    flat["name"] = toStd(name);
    flat.erase("operations");
    return flat;
}

} // namespace

bool SkillBatch::isBatch(const Json& payload)
{
    return payload.is_object() && !member(payload, "operations").is_null();
}

QStringList SkillBatch::Plan::touched() const
{
    QStringList out;
    for (const QString& n : names)
        if (!out.contains(n))
            out << n;
    return out;
}

QString SkillBatch::defaultName(const Json& payload)
{
    const Json name = member(payload, "name");
    return json::truthy(name) ? json::pythonStr(name) : QString();
}

SkillBatch::Checked SkillBatch::check(const Json& payload)
{
    const Json ops = member(payload, "operations");
    if (!ops.is_array() || ops.empty())
        return {std::nullopt, QStringLiteral("operations must be a non-empty array.")};
    // Hermes caps one call of an agent. A reviewer's group decision (InboxGroup, its members
    // under "group") is each member's own call, applied together so that they stand or fall as one.
    if (ops.size() > std::size_t(kMaxOps) && !payload.contains("group"))
        return {std::nullopt, QStringLiteral("operations is capped at %1 ops per call.").arg(kMaxOps)};
    const QString fallback = defaultName(payload);
    for (const Json& op : ops) {
        if (!(op.is_object() && member(op, "action") == Json("delete")))
            continue;
        // Hermes' delete archives the skill, which a rollback could not undo: it goes alone.
        if (ops.size() != 1)
            return {std::nullopt, QStringLiteral("delete must be the SOLE op in its call \u2014 it doesn't "
                                                 "compose with other ops' rollback.")};
        const Json name = member(op, "name");
        const QString nm = json::truthy(name) ? json::pythonStr(name) : fallback;
        if (nm.isEmpty())
            return {std::nullopt, QStringLiteral("operations[0] (delete) needs a 'name'.")};
        Json del{{"action", "delete"}, {"name", toStd(nm)}};
        if (const Json absorbed = member(op, "absorbed_into"); !absorbed.is_null())
            del["absorbed_into"] = absorbed;
        return {Plan{{std::move(del)}, {nm}, true}, {}};
    }
    Plan plan;
    if (auto refusal = checkOps(ops, fallback, plan.names))
        return {std::nullopt, *refusal};
    if (auto refusal = clobber(ops, plan.names))
        return {std::nullopt, *refusal};
    for (std::size_t i = 0; i < ops.size(); ++i)
        plan.ops.push_back(flatten(ops[i], plan.names[qsizetype(i)]));
    return {std::move(plan), {}};
}

std::optional<QString> SkillBatch::checkOps(const Json& ops, const QString& fallback, QStringList& names)
{
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Json& op = ops[i];
        const QString at = QStringLiteral("operations[%1]").arg(i);
        const Json action = member(op, "action");
        if (!op.is_object() || !json::truthy(action))
            return at + QStringLiteral(" needs an 'action'.");
        if (!isBatchable(action))
            return at
                   + QStringLiteral(": unknown action '%1'. Batchable: create, patch, remove_file, "
                                    "write_file; delete must be sole.")
                         .arg(json::pythonStr(action));
        const Json name = member(op, "name");
        const QString nm = json::truthy(name) ? json::pythonStr(name) : fallback;
        if (nm.isEmpty())
            return at + QStringLiteral(" needs a 'name' (the skill it targets).");
        if (action == Json("create") && names.contains(nm))
            return at + QStringLiteral(": create for '%1' must precede that skill's other ops.").arg(nm);
        names << nm;
    }
    return std::nullopt;
}

// Hermes' clobber guard: a write that replaces a whole file (create, write_file, remove_file, a
// patch carrying full content) after an earlier op of the batch touched that file would throw
// the earlier op's work away unseen. Patches that edit in place may follow each other.
std::optional<QString> SkillBatch::clobber(const Json& ops, const QStringList& names)
{
    std::set<std::pair<QString, QString>> touched;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Json& op = ops[i];
        const std::string action = member(op, "action").get<std::string>();
        const QString& nm = names[qsizetype(i)];
        const bool fullRewrite = action == "patch" && json::truthy(member(op, "content"));
        const Json fp = member(op, "file_path");
        // Python's `(op.get("file_path") or "").strip()`, then normpath of it without leading "/".
        QString path = json::truthy(fp) ? json::pythonStr(fp).trimmed() : QString();
        QString target = QStringLiteral("SKILL.md");
        if (action != "create" && !fullRewrite && !path.isEmpty()) {
            while (path.startsWith(QLatin1Char('/')))
                path.remove(0, 1);
            target = path.isEmpty() ? QStringLiteral(".") : QDir::cleanPath(path);
        }
        const bool destructive = action == "create" || action == "write_file" || action == "remove_file" || fullRewrite;
        if (destructive && touched.contains({nm, target}))
            return QStringLiteral("operations[%1]: %2 on '%3' of skill '%4' \u2014 an earlier op in this batch "
                                  "already touched that file, and this op would silently discard its work. One "
                                  "destructive op (write_file/remove_file/full rewrite) per file per batch; put it "
                                  "first, or fold the change in. Patch chains are fine.")
                .arg(i)
                .arg(fromStd(action), target, nm);
        touched.insert({nm, target});
    }
    return std::nullopt;
}

QString SkillBatch::gist(const Json& payload)
{
    const Json ops = member(payload, "operations");
    if (!ops.is_array())
        return QStringLiteral("batch(0 ops: ) on ");
    const QString fallback = defaultName(payload);
    QStringList actions;
    std::set<QString> names;
    for (const Json& op : ops) {
        actions << json::pythonStr(member(op, "action"));
        const Json name = member(op, "name");
        names.insert(json::truthy(name) ? json::pythonStr(name) : fallback);
    }
    QStringList sorted(names.begin(), names.end());
    return QStringLiteral("batch(%1 ops: %2) on %3")
        .arg(ops.size())
        .arg(actions.join(QStringLiteral(", ")), sorted.join(QStringLiteral(", ")));
}

} // namespace sediment
