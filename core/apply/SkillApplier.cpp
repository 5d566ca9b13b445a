#include "apply/SkillApplier.h"

#include "apply/DirectiveApplier.h"
#include "apply/TargetFile.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "store/SkillRepository.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

const QString kStore = toString(Destination::Skill);

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

Result<ApplyResult> SkillApplier::apply(const SkillCreate& op) const
{
    auto file = TargetFile::open(m_guard, pathFor(op.name), m_hook);
    if (!file)
        return ApplyResult::refusedOr(kStore, file.error());
    QString contents = op.text;
    if (!contents.endsWith(QLatin1Char('\n')))
        contents += QLatin1Char('\n');
    if (file->exists()) {
        // Re-applying a create the skill already holds word for word is a success with no write.
        if (file->text() == contents) {
            ApplyResult r = ApplyResult::written(
                kStore, file->relative(), file->snapshot(), file->snapshot(),
                QStringLiteral("skill '%1' already holds this %2; nothing written.").arg(op.name, file->relative()));
            r.detail = Json{{"skill", toStd(op.name)}, {"registered", false}};
            return r;
        }
        return ApplyResult::refusal(
            kStore,
            QStringLiteral("skill '%1' already exists (%2); propose a patch instead").arg(op.name, file->relative()));
    }
    if (auto s = file->write(contents); !s)
        return ApplyResult::refusedOr(kStore, s.error());
    auto registered =
        SkillRepository(m_workspace.db()).registerCreated(op.name, QStringLiteral("agent"), m_clock.now());
    if (!registered)
        return fail(registered.error());
    ApplyResult r = ApplyResult::written(kStore, file->relative(), std::nullopt, contents,
                                         QStringLiteral("Skill '%1' created.").arg(op.name));
    r.detail = Json{{"skill", toStd(op.name)}, {"registered", *registered}};
    return r;
}

Result<ApplyResult> SkillApplier::apply(const SkillPatch& op) const
{
    auto file = TargetFile::open(m_guard, pathFor(op.name), m_hook);
    if (!file)
        return ApplyResult::refusedOr(kStore, file.error());
    if (!file->exists())
        return ApplyResult::refusal(
            kStore, QStringLiteral("stale: skill '%1' has no %2 to patch").arg(op.name, file->relative()), true);
    auto r = DirectiveApplier::edit(*file, op.before, op.after, kStore);
    if (!r || !r->applied)
        return r;
    if (r->after != r->before) {
        auto patched = SkillRepository(m_workspace.db()).recordPatch(op.name, m_clock.now());
        if (!patched)
            return fail(patched.error());
    }
    r->message = QStringLiteral("Skill '%1' patched.").arg(op.name);
    r->detail = Json{{"skill", toStd(op.name)}};
    return r;
}

Status SkillApplier::record(Database& db, const Clock& clock, const Json& op)
{
    auto typed = readWorkspaceOp(toString(Destination::Skill), op);
    if (!typed)
        return fail(typed.error());
    SkillRepository skills(db);
    if (const auto* create = std::get_if<SkillCreate>(&*typed)) {
        if (auto r = skills.registerCreated(create->name, QStringLiteral("agent"), clock.now()); !r)
            return fail(r.error());
    } else if (const auto* patch = std::get_if<SkillPatch>(&*typed)) {
        if (auto r = skills.recordPatch(patch->name, clock.now()); !r)
            return fail(r.error());
    }
    return {};
}

Result<bool> SkillApplier::isStale(const SkillPatch& op) const
{
    auto file = TargetFile::open(m_guard, pathFor(op.name), m_hook);
    if (!file)
        return file.error().kind == ErrorKind::Refused ? Result<bool>(false) : fail(file.error());
    if (!file->exists())
        return true;
    return !DirectiveApplier::staleReason(file->text(), op.before, file->relative()).isEmpty();
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
