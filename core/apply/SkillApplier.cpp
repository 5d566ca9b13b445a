#include "apply/SkillApplier.h"

#include "apply/DirectiveApplier.h"
#include "apply/OpFields.h"
#include "apply/TargetFile.h"
#include "model/Destination.h"
#include "model/Skill.h"
#include "store/SkillRepository.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

const QString kStore = toString(Destination::Skill);

Result<ApplyResult> refusedOr(const Error& e)
{
    if (e.kind == ErrorKind::Refused)
        return ApplyResult::refusal(kStore, e.message);
    return fail(e);
}

} // namespace

SkillApplier::SkillApplier(Workspace& workspace, const Clock& clock, const PathGuard& guard, WriteHook* hook)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_guard(guard)
    , m_hook(hook)
{}

QString SkillApplier::pathFor(const QString& name)
{
    return QStringLiteral("skills/") + name + QStringLiteral("/SKILL.md");
}

Result<QString> SkillApplier::name(const Json& op) const
{
    auto n = OpFields::required(op, "name", kStore);
    if (!n)
        return fail(n.error());
    if (!Skill::isValidName(*n))
        return fail(
            Error::invalid(QStringLiteral("skill op: 'name' must match [a-z0-9][a-z0-9._-]{0,63} (got '%1')").arg(*n)));
    return *n;
}

Result<ApplyResult> SkillApplier::apply(const Json& op) const
{
    auto skill = name(op);
    if (!skill)
        return fail(skill.error());
    auto mode = OpFields::required(op, "mode", kStore);
    if (!mode)
        return fail(mode.error());
    auto file = TargetFile::open(m_guard, pathFor(*skill), m_hook);
    if (!file)
        return refusedOr(file.error());
    SkillRepository registry(m_workspace.db());

    if (*mode == QLatin1String("create")) {
        auto text = OpFields::required(op, "text", kStore);
        if (!text)
            return fail(text.error());
        if (file->exists())
            return ApplyResult::refusal(kStore,
                                        QStringLiteral("skill '%1' already exists (%2); propose a patch instead")
                                            .arg(*skill, file->relative()));
        QString contents = *text;
        if (!contents.endsWith(QLatin1Char('\n')))
            contents += QLatin1Char('\n');
        if (auto s = file->write(contents); !s)
            return refusedOr(s.error());
        auto registered = registry.registerCreated(*skill, QStringLiteral("agent"), m_clock.now());
        if (!registered)
            return fail(registered.error());
        ApplyResult r;
        r.applied = true;
        r.store = kStore;
        r.targetPath = file->relative();
        r.after = contents;
        r.message = QStringLiteral("Skill '%1' created.").arg(*skill);
        r.detail = Json{{"skill", toStd(*skill)}, {"registered", *registered}};
        return r;
    }
    if (*mode != QLatin1String("patch"))
        return fail(
            Error::invalid(QStringLiteral("skill op: 'mode' must be \"create\" or \"patch\" (got '%1')").arg(*mode)));

    auto before = OpFields::optional(op, "before", kStore);
    if (!before)
        return fail(before.error());
    auto after = OpFields::required(op, "after", kStore);
    if (!after)
        return fail(after.error());
    if (!file->exists())
        return ApplyResult::refusal(
            kStore, QStringLiteral("stale: skill '%1' has no %2 to patch").arg(*skill, file->relative()), true);
    auto r = DirectiveApplier::edit(*file, before->value_or(QString()), *after, kStore);
    if (!r || !r->applied)
        return r;
    if (r->after != r->before) {
        auto patched = registry.recordPatch(*skill, m_clock.now());
        if (!patched)
            return fail(patched.error());
    }
    r->message = QStringLiteral("Skill '%1' patched.").arg(*skill);
    r->detail = Json{{"skill", toStd(*skill)}};
    return r;
}

Result<bool> SkillApplier::isStale(const Json& op) const
{
    auto skill = name(op);
    if (!skill)
        return fail(skill.error());
    auto mode = OpFields::optional(op, "mode", kStore);
    if (!mode)
        return fail(mode.error());
    if (*mode != QStringLiteral("patch"))
        return false;
    auto before = OpFields::optional(op, "before", kStore);
    if (!before)
        return fail(before.error());
    auto file = TargetFile::open(m_guard, pathFor(*skill), m_hook);
    if (!file)
        return file.error().kind == ErrorKind::Refused ? Result<bool>(false) : fail(file.error());
    if (!file->exists())
        return true;
    return !DirectiveApplier::staleReason(file->text(), before->value_or(QString()), file->relative()).isEmpty();
}

Result<ApplyResult> SkillApplier::revert(const ApplyResult& applied) const
{
    auto r = DirectiveApplier::restore(m_guard, applied, m_hook);
    if (!r || applied.before || !applied.targetPath)
        return r;
    // A created skill leaves its folder behind; remove it when nothing else is in it.
    auto folder = m_guard.resolve(QFileInfo(*applied.targetPath).path());
    if (folder)
        QDir().rmdir(*folder);
    return r;
}

} // namespace sediment
