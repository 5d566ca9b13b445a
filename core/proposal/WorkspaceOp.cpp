#include "proposal/WorkspaceOp.h"

#include "model/Destination.h"
#include "model/Skill.h"
#include "proposal/OpFields.h"

namespace sediment {

namespace {

// The op read, or the first field that could not be.
template <typename T>
Result<WorkspaceOp> checked(const OpFields& fields, T typed)
{
    if (fields.error())
        return fail(*fields.error());
    return WorkspaceOp(std::move(typed));
}

bool isDestructive(const Json& op)
{
    const std::string action = op.is_object() ? op.value("action", std::string()) : std::string();
    return action == "replace" || action == "remove";
}

// Each reader takes the fields in the order the appliers always took them, so that an op with
// several bad fields is refused for the same one as before.
Result<WorkspaceOp> readDirective(const QString& d, const Json& op)
{
    OpFields f(op, d);
    DirectiveEdit edit{f.optional("path"), f.optional("before").value_or(QString()), f.required("after")};
    return checked(f, std::move(edit));
}

Result<WorkspaceOp> readSettings(const QString& d, const Json& op)
{
    OpFields f(op, d);
    SettingsPatch settings{f.optional("path"), Json()};
    if (f.error())
        return fail(*f.error());
    const auto patch = op.find("patch");
    if (patch == op.end() || !patch->is_object())
        return fail(Error::invalid(QStringLiteral("%1 op: 'patch' must be a JSON object").arg(d)));
    settings.patch = *patch;
    return WorkspaceOp(std::move(settings));
}

Result<WorkspaceOp> readNote(const QString& d, const Json& op)
{
    OpFields f(op, d);
    NoteDraft note{d, f.required("title"), f.required("text")};
    if (!f.error() && note.title.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("%1 op: 'title' is empty").arg(d)));
    return checked(f, std::move(note));
}

Result<WorkspaceOp> readSkill(const QString& d, const Json& op)
{
    OpFields f(op, d);
    const QString name = f.required("name");
    if (!f.error() && !Skill::isValidName(name))
        return fail(Error::invalid(
            QStringLiteral("skill op: 'name' must match [a-z0-9][a-z0-9._-]{0,63} (got '%1')").arg(name)));
    const QString mode = f.required("mode");
    if (f.error())
        return fail(*f.error());
    if (mode == QLatin1String("create"))
        return checked(f, SkillCreate{name, f.required("text")});
    if (mode != QLatin1String("patch"))
        return fail(
            Error::invalid(QStringLiteral("skill op: 'mode' must be \"create\" or \"patch\" (got '%1')").arg(mode)));
    SkillPatch patch{name, f.optional("before").value_or(QString()), f.required("after")};
    return checked(f, std::move(patch));
}

} // namespace

bool MemoryWrite::isPinned(const Json& op)
{
    if (!op.is_object())
        return false;
    if (op.value("action", std::string()) != "batch")
        return isDestructive(op) && op.contains("matched_entry");
    const auto it = op.find("operations");
    if (it == op.end() || !it->is_array())
        return false;
    for (const Json& sub : *it)
        if (isDestructive(sub) && sub.contains("matched_entry"))
            return true;
    return false;
}

bool MemoryWrite::pinsNothing() const
{
    for (const MemoryOp& o : op.steps())
        if (o.isDestructive() && (!o.matchedEntry || o.matchedEntry->isEmpty()))
            return true;
    return false;
}

Result<MemoryOp> readMemoryOp(const QString& store, const Json& op)
{
    OpFields f(op, store);
    MemoryOp m;
    m.action = f.required("action");
    m.content = f.optional("content");
    m.oldText = f.optional("old_text");
    m.matchedEntry = f.optional("matched_entry");
    if (f.error())
        return fail(*f.error());
    if (m.action == QLatin1String("batch")) {
        const auto it = op.find("operations");
        if (it == op.end() || !it->is_array())
            return fail(Error::invalid(QStringLiteral("%1 op: 'operations' must be an array for a batch").arg(store)));
        for (const Json& sub : *it) {
            auto inner = readMemoryOp(store, sub);
            if (!inner)
                return fail(inner.error());
            if (inner->action == QLatin1String("batch"))
                return fail(Error::invalid(QStringLiteral("%1 op: a batch cannot contain a batch").arg(store)));
            m.operations.push_back(std::move(*inner));
        }
    }
    return m;
}

Result<WorkspaceOp> readWorkspaceOp(QStringView destination, const Json& op)
{
    auto parsed = parseWord<Destination>(destination);
    if (!parsed)
        return fail(parsed.error());
    const QString d = destination.toString();
    switch (*parsed) {
    case Destination::Memory:
    case Destination::User: {
        auto m = readMemoryOp(d, op);
        if (!m)
            return fail(m.error());
        return WorkspaceOp(MemoryWrite{d, std::move(*m), MemoryWrite::isPinned(op)});
    }
    case Destination::ClaudeMd:
        return readDirective(d, op);
    case Destination::SettingsJson:
        return readSettings(d, op);
    case Destination::BrainInbox:
    case Destination::ChantierOutil:
        return readNote(d, op);
    case Destination::Skill:
        return readSkill(d, op);
    case Destination::ClaudeMemory:
        break;
    }
    return fail(noAdapterFor(d));
}

Error noAdapterFor(const QString& destination)
{
    return Error::invalid(QStringLiteral("this %1 op is written in an agent's own words, and no adapter for that "
                                         "agent is plugged into the workspace")
                              .arg(destination));
}

} // namespace sediment
