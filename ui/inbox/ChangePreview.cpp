#include "inbox/ChangePreview.h"

#include "apply/SkillApplier.h"
#include "claudecode/ClaudeCodeOp.h"
#include "hermes/SkillBatch.h"
#include "hermes/SkillManage.h"
#include "hermes/StagedSkillWrite.h"
#include "inbox/BudgetPreview.h"
#include "memory/MemoryEdit.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"
#include "model/InboxItem.h"
#include "proposal/WorkspaceOp.h"
#include "util/Each.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QFile>

namespace sediment::ui {

namespace {

QString field(const Json& op, const char* key)
{
    const auto it = op.find(key);
    return it != op.end() && it->is_string() ? fromStd(it->get<std::string>()) : QString();
}

QString readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The memory entry an op replaces or removes: the entry Hermes pinned when it staged the
// write (what the agent saw, whatever the store holds now), else the one its old_text
// designates as the store would match it; the text itself when nothing matches (the item is
// then stale and the diff shows what the agent meant). The store is the item's profile's.
QString matchedEntry(const Workspace& ws, const QString& target, const MemoryOp& op, bool& pinnedGone,
                     const QString& profile)
{
    const MemoryStore store(target, WorkspaceProfiles::memoryFile(ws, target, profile),
                            WorkspaceProfiles::charLimit(ws, target, profile));
    const auto entries = store.entries();
    if (op.matchedEntry) {
        if (!entries || !entries->contains(*op.matchedEntry))
            pinnedGone = true;
        return *op.matchedEntry;
    }
    const QString oldText = op.oldText.value_or(QString());
    if (entries && !oldText.isEmpty()) {
        if (entries->contains(oldText))
            return oldText;
        for (const QString& e : *entries)
            if (e.contains(oldText))
                return e;
    }
    return oldText;
}

// A staged Hermes skill write against the skill on disk, matched as Hermes would match it: the
// new SKILL.md of a create, the file before and after an edit, patch or write_file, and what a
// delete or remove_file makes disappear.
ChangePreview hermesSkill(const Workspace& ws, const Json& op, const QString& profile)
{
    ChangePreview p;
    const SkillManage::Preview pv = SkillManage(WorkspaceProfiles::homeOf(ws.root(), profile)).preview(op);
    const QString action = field(op, "action");
    const QString label = pv.label.isEmpty() ? ChangePreview::tr("skill '%1'").arg(field(op, "name")) : pv.label;
    p.before = pv.before;
    p.after = pv.after;
    if (SkillBatch::isBatch(op)) {
        // One comparison of every file the batch writes, each under its own heading.
        p.beforeTitle = ChangePreview::tr("Now: %1").arg(label);
        p.afterTitle = ChangePreview::tr("After the batch: %1").arg(label);
    } else if (action == QLatin1String("create")) {
        p.beforeTitle = ChangePreview::tr("New skill");
        p.afterTitle = label;
    } else if (action == QLatin1String("delete") || action == QLatin1String("remove_file")) {
        p.beforeTitle = label + ChangePreview::tr(" (removed on approval)");
        p.afterTitle = ChangePreview::tr("Gone");
    } else {
        p.beforeTitle = label + (pv.newFile ? ChangePreview::tr(" (a new file)") : ChangePreview::tr(" now"));
        p.afterTitle = label + ChangePreview::tr(" after approval");
    }
    if (!pv.note.isEmpty()) {
        p.afterTitle = ChangePreview::tr("Approval would fail: %1").arg(pv.note.section(QLatin1Char('\n'), 0, 0));
        // A patch that does not apply shows the agent's old_string, not the file: say so.
        if (action == QLatin1String("patch"))
            p.beforeTitle = ChangePreview::tr("What the patch looks for in %1").arg(label);
    }
    return p;
}

// A memory op: the entries it replaces or removes beside what it writes, an add against
// whether the store already holds it.
ChangePreview memoryChange(Workspace& ws, const InboxItem& item, const MemoryWrite& write)
{
    ChangePreview p;
    const QString& d = write.store;
    const MemoryOp& op = write.op;
    const QString profile = item.hermesProfile();
    const QString store = MemoryEdit::fileName(d);
    const auto content = [](const MemoryOp& o) { return o.content.value_or(QString()).trimmed(); };
    bool pinnedGone = false;
    p.beforeTitle = ChangePreview::tr("Now");
    if (op.action == QLatin1String("replace")) {
        p.before = matchedEntry(ws, d, op, pinnedGone, profile);
        p.after = content(op);
    } else if (op.action == QLatin1String("remove")) {
        p.before = matchedEntry(ws, d, op, pinnedGone, profile);
    } else if (op.action == QLatin1String("batch")) {
        QStringList before, after;
        for (const MemoryOp& sub : op.operations) {
            if (sub.action != QLatin1String("add"))
                before << matchedEntry(ws, d, sub, pinnedGone, profile);
            if (sub.action != QLatin1String("remove"))
                after << content(sub);
        }
        p.before = before.join(QStringLiteral("\n§\n"));
        p.after = after.join(QStringLiteral("\n§\n"));
    } else {
        p.after = content(op);
        p.beforeTitle = ChangePreview::tr("Not in %1 yet").arg(store);
        // The store keeps one copy of an entry: a pending add it already holds changes nothing.
        if (isWord(item.status, InboxStatus::Pending)) {
            auto in = BudgetPreview::inputFor(ws, item);
            if (in && *in && (*in)->entries.contains(UnicodeText::strip(op.content.value_or(QString())))) {
                p.before = p.after;
                p.beforeTitle = ChangePreview::tr("Already in %1: approving it changes nothing").arg(store);
            }
        }
    }
    p.afterTitle = ChangePreview::tr("Proposed for %1").arg(store);
    if (pinnedGone)
        p.beforeTitle = ChangePreview::tr("As staged (changed in %1 since)").arg(store);
    return p;
}

// An edit of a directives file or a skill: the anchor and its replacement.
ChangePreview anchoredEdit(const QString& before, const QString& after)
{
    ChangePreview p;
    p.before = before;
    p.after = after;
    p.beforeTitle = before.isEmpty() ? ChangePreview::tr("Appended as a new paragraph") : ChangePreview::tr("Now");
    p.afterTitle = ChangePreview::tr("Proposed");
    return p;
}

// The settings file now, and after the merge patch; the patch alone when the file does not parse.
ChangePreview settingsChange(Workspace& ws, const SettingsPatch& patch)
{
    ChangePreview p;
    const QString path = patch.path && !patch.path->isEmpty() ? *patch.path : ws.config().settingsJson;
    const QString current = readFile(ws.path(path));
    Json doc = current.trimmed().isEmpty() ? Json::object() : Json::parse(current.toStdString(), nullptr, false);
    if (doc.is_discarded()) {
        p.before = current;
        p.after = fromStd(patch.patch.dump(2));
        p.beforeTitle = ChangePreview::tr("Now");
        p.afterTitle = ChangePreview::tr("Patch (the current file is not valid JSON)");
        return p;
    }
    p.before = current.trimmed().isEmpty() ? QString() : fromStd(doc.dump(2));
    doc.merge_patch(patch.patch);
    p.after = fromStd(doc.dump(2));
    p.beforeTitle = path;
    p.afterTitle = path + ChangePreview::tr(" after the merge patch");
    return p;
}

ChangePreview newFile(const QString& text, const QString& beforeTitle, const QString& afterTitle)
{
    ChangePreview p;
    p.after = text;
    p.beforeTitle = beforeTitle;
    p.afterTitle = afterTitle;
    return p;
}

} // namespace

ChangePreview ChangePreview::of(Workspace& ws, const InboxItem& item)
{
    ChangePreview p;
    const bool decided = !isWord(item.status, InboxStatus::Pending) && !isWord(item.status, InboxStatus::Rejected)
                         && !isWord(item.status, InboxStatus::Refused) && !isWord(item.status, InboxStatus::Failed);
    if (decided && item.beforeContent && item.afterContent) {
        const QString file = item.targetPath.value_or(item.destination);
        p.before = *item.beforeContent;
        p.after = *item.afterContent;
        p.beforeTitle = file + tr(" before");
        p.afterTitle = file + tr(" after");
        return p;
    }
    const Json& op = item.effectiveOp();
    const QString d = item.destination;
    const QString profile = item.hermesProfile();
    p.beforeTitle = tr("Now");
    p.afterTitle = tr("Proposed");
    if (isWord(d, Destination::Skill) && StagedSkillWrite::isPayload(op))
        return hermesSkill(ws, op, profile);
    if (isWord(d, Destination::ClaudeMemory) || (isWord(d, Destination::ClaudeMd) && ClaudeCodeOp::isPayload(op))) {
        // Claude Code's write: the file now, and what its tool would leave there.
        auto write = ClaudeCodeOp::parse(op);
        if (!write) {
            p.after = fromStd(op.dump(2));
            return p;
        }
        QFile f(write->filePath);
        const std::optional<QString> now =
            f.open(QIODevice::ReadOnly) ? std::optional<QString>(QString::fromUtf8(f.readAll())) : std::nullopt;
        p.before = now.value_or(QString());
        p.beforeTitle = now ? write->filePath : tr("%1 (no file yet)").arg(write->filePath);
        const auto next = write->applyTo(now);
        p.after = next ? *next : QString();
        p.afterTitle =
            next ? tr("After Claude Code's %1").arg(toString(write->tool)) : tr("Stale: %1").arg(next.error());
        return p;
    }
    // The workspace's own op as its type reads it; one that does not read is shown as stored.
    auto typed = readWorkspaceOp(d, op);
    if (!typed) {
        p.after = fromStd(op.dump(2));
        return p;
    }
    return std::visit(
        Each{
            [&](const MemoryWrite& w) { return memoryChange(ws, item, w); },
            [](const DirectiveEdit& e) { return anchoredEdit(e.before, e.after); },
            [](const SkillPatch& e) { return anchoredEdit(e.before, e.after); },
            [&](const SettingsPatch& s) { return settingsChange(ws, s); },
            [](const SkillCreate& c) { return newFile(c.text, tr("New skill"), SkillApplier::pathFor(c.name)); },
            [](const NoteDraft& n) {
                return newFile(QStringLiteral("# ") + n.title + QStringLiteral("\n\n") + n.text, tr("New file"),
                               tr("Proposed"));
            },
        },
        *typed);
}

} // namespace sediment::ui
