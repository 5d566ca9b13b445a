#include "hermes/SkillManageBatch.h"

#include "apply/WriteHook.h"
#include "hermes/SkillBatch.h"
#include "hermes/StagedSkillWrite.h"
#include "journal/CrashPoint.h"
#include "skills/SkillBatchUndo.h"
#include "skills/SkillTree.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace sediment {

namespace {

SkillManage::Outcome refusal(QString message)
{
    SkillManage::Outcome o;
    o.message = std::move(message);
    return o;
}

std::optional<QString> readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return QString::fromUtf8(f.readAll());
}

} // namespace

SkillManageBatch::SkillManageBatch(QString home) : m_home(QDir::cleanPath(std::move(home))) {}

QString SkillManageBatch::failure(qsizetype index, const Json& op, const QString& name, const QString& error,
                                  const QString& note)
{
    const auto action = op.find("action");
    return QStringLiteral("operations[%1] (%2 on '%3') failed: %4 \u2014 batch aborted, %5.")
        .arg(index)
        .arg(action != op.end() && action->is_string() ? fromStd(action->get<std::string>()) : QString(), name, error,
             note);
}

std::optional<QString> SkillManageBatch::check(const Json& payload)
{
    const SkillBatch::Checked checked = SkillBatch::check(payload);
    if (!checked.plan)
        return checked.refusal;
    const SkillBatch::Plan& plan = *checked.plan;
    for (std::size_t i = 0; i < plan.ops.size(); ++i) {
        auto flat = StagedSkillWrite::normalisePayload(plan.ops[i]);
        std::optional<QString> error = flat ? SkillManage::check(*flat) : flat.error().message;
        if (!error)
            continue;
        // A sole delete is applied as the single op it is, with the single op's message.
        if (plan.soleDelete)
            return error;
        return failure(qsizetype(i), plan.ops[i], plan.names[qsizetype(i)], *error,
                       QStringLiteral("all touched skills rolled back"));
    }
    return std::nullopt;
}

SkillManage::Outcome SkillManageBatch::applyOne(const SkillManage& manage, const Json& op, Json* applied)
{
    auto flat = StagedSkillWrite::normalisePayload(op);
    if (!flat)
        return refusal(flat.error().message);
    *applied = *flat;
    return manage.write(*flat);
}

Result<SkillManage::Outcome> SkillManageBatch::apply(const Json& payload, const QDateTime& now, WriteHook* hook,
                                                     const QString& workspaceRoot) const
{
    const SkillBatch::Checked checked = SkillBatch::check(payload);
    if (!checked.plan)
        return refusal(checked.refusal);
    const SkillBatch::Plan& plan = *checked.plan;
    const SkillManage manage(m_home);
    if (plan.soleDelete)
        return manage.apply(plan.ops.front(), now);
    auto undo = SkillBatchUndo::take(workspaceRoot, m_home + QStringLiteral("/skills"), plan.touched());
    if (!undo)
        return refusal(undo.error().message);
    // The batch is one decision: journaled once, before its first write, by its marker.
    if (hook) {
        if (auto s = hook->beforeWrite(undo->marker(), std::nullopt, undo->markerBytes()); !s) {
            undo->discard();
            return fail(s.error());
        }
    }
    QStringList messages;
    std::vector<Json> applied(plan.ops.size());
    for (std::size_t i = 0; i < plan.ops.size(); ++i) {
        const SkillManage::Outcome o = applyOne(manage, plan.ops[i], &applied[i]);
        if (!o.success) {
            const QString note = undo->restore();
            undo->discard();
            return refusal(failure(qsizetype(i), plan.ops[i], plan.names[qsizetype(i)], o.message, note));
        }
        messages << o.message;
        // Half the batch on disk: the crash harness's window for a batch killed midway.
        if (i + 1 == (plan.ops.size() + 1) / 2)
            CrashPoint::reach("mid-batch");
    }
    if (hook) {
        if (auto s = undo->writeMarker(); !s) {
            (void)undo->restore();
            undo->discard();
            return fail(s.error());
        }
    }
    undo->discard();
    // Once for the whole batch: a batch that fails leaves no telemetry of its own behind.
    manage.recordUsage(applied, now);
    SkillManage::Outcome done;
    done.success = true;
    done.message =
        QStringLiteral("Batch of %1 operations applied: %2").arg(plan.ops.size()).arg(messages.join(QLatin1Char(' ')));
    return done;
}

std::vector<SkillManage::Preview> SkillManageBatch::preview(const Json& payload, QString* note) const
{
    const SkillBatch::Checked checked = SkillBatch::check(payload);
    if (!checked.plan) {
        *note = checked.refusal;
        return {};
    }
    const SkillBatch::Plan& plan = *checked.plan;
    if (plan.soleDelete) {
        SkillManage::Preview pv = SkillManage(m_home).preview(plan.ops.front());
        *note = pv.note;
        return {pv};
    }
    // The touched skills, and only they, copied where they are: every check of the operations
    // (a name taken, a file missing) then answers in the copy as on disk.
    const QString skills = m_home + QStringLiteral("/skills");
    // In memory where there is a tmpfs: the copy is thrown away, and the writes into it (synced
    // as every skill write is) cost a disk's flushes elsewhere; a preview runs for every batch
    // of a queue (Preflight).
    static const QString base =
        QFileInfo(QStringLiteral("/dev/shm")).isWritable() ? QStringLiteral("/dev/shm") : QDir::tempPath();
    QTemporaryDir scratch(base + QStringLiteral("/sediment-preview-XXXXXX"));
    const QString scratchSkills = scratch.path() + QStringLiteral("/skills");
    QDir().mkpath(scratchSkills);
    const QHash<QString, QString> folders = SkillTree(skills).folders();
    for (const QString& name : plan.touched())
        if (const auto dir = folders.constFind(name);
            dir != folders.cend() && !SkillTree::copy(*dir, scratchSkills + dir->mid(skills.size()), note))
            return {};
    const SkillManage copy(scratch.path());
    QStringList files;
    for (std::size_t i = 0; i < plan.ops.size(); ++i) {
        Json applied;
        const SkillManage::Outcome o = applyOne(copy, plan.ops[i], &applied);
        if (!o.success) {
            QString error = o.message;
            error.replace(scratch.path(), m_home);
            *note = failure(qsizetype(i), plan.ops[i], plan.names[qsizetype(i)], error,
                            QStringLiteral("all touched skills rolled back"));
            break;
        }
        if (o.file && !files.contains(*o.file))
            files << *o.file;
    }
    std::vector<SkillManage::Preview> out;
    for (const QString& file : files) {
        const QString rel = file.mid(scratchSkills.size() + 1);
        SkillManage::Preview pv;
        pv.label = QStringLiteral("skills/") + rel;
        const auto before = readText(skills + QLatin1Char('/') + rel);
        pv.newFile = !before;
        pv.before = before.value_or(QString());
        pv.after = readText(file).value_or(QString());
        out.push_back(std::move(pv));
    }
    return out;
}

SkillManage::Preview SkillManageBatch::combinedPreview(const Json& payload) const
{
    SkillManage::Preview all;
    const std::vector<SkillManage::Preview> files = preview(payload, &all.note);
    QStringList labels;
    for (const SkillManage::Preview& pv : files) {
        labels << pv.label;
        const QString heading = QStringLiteral("=== %1 ===\n").arg(pv.label);
        all.before += heading + (pv.newFile ? QString() : pv.before) + QLatin1Char('\n');
        all.after += heading + pv.after + QLatin1Char('\n');
    }
    all.label = labels.join(QStringLiteral(", "));
    return all;
}

} // namespace sediment
