#include "apply/MemoryApplier.h"

#include "apply/WriteHook.h"
#include "memory/MemoryEdit.h"
#include "memory/MemoryResponse.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "workspace/HermesConfig.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QFileInfo>

#include <algorithm>

namespace sediment {

namespace {

bool isNoMatch(const QString& message) { return message.startsWith(QLatin1String("No entry matched")); }

} // namespace

QString MemoryApplier::unpinnedMessage()
{
    return QStringLiteral("This destructive pending write predates entry pinning and cannot be "
                          "verified; nothing was applied. Reject it and recreate the change.");
}

MemoryApplier::MemoryApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook, QString profile)
    : m_workspace(workspace)
    , m_guard(guard)
    , m_hook(hook)
    , m_profile(std::move(profile))
{}

QString MemoryApplier::relativePath(const QString& target) const
{
    return WorkspaceProfiles::memoryFile(m_workspace, target, m_profile).mid(m_workspace.root().size() + 1);
}

Result<MemoryStore> MemoryApplier::store(const QString& target) const
{
    // The store's file is fixed, but `memories/` may be a symlink: it is confined like any path.
    auto resolved = m_guard.resolve(relativePath(target));
    if (!resolved)
        return fail(Error::refused(resolved.error().message));
    return MemoryStore(target, *resolved, WorkspaceProfiles::charLimit(m_workspace, target, m_profile));
}

MemoryStore::BeforeWrite MemoryApplier::announce(const MemoryStore& store) const
{
    if (!m_hook)
        return {};
    return [this, path = store.filePath()](const MemoryOutcome& o) -> Status {
        const std::optional<QByteArray> current =
            QFileInfo::exists(path) ? std::optional<QByteArray>(o.fileBefore.toUtf8()) : std::nullopt;
        return m_hook->beforeWrite(path, current, o.fileAfter.toUtf8());
    };
}

Result<ApplyResult> MemoryApplier::apply(const MemoryWrite& write) const
{
    const QString& target = write.store;
    // A store switched off in the Hermes home's config.yaml takes no writes, approved or not.
    const HermesConfig config =
        HermesConfig::load(m_workspace.path(WorkspaceProfiles::prefixOf(m_profile) + QStringLiteral("config.yaml")));
    if (!(isWord(target, Destination::User) ? config.userProfileEnabled : config.memoryEnabled)) {
        ApplyResult r = ApplyResult::refusal(
            target,
            QStringLiteral("Built-in %1 writes are disabled in memory config.").arg(MemoryEdit::fileName(target)));
        r.detail = MemoryResponse::failure(r.message);
        r.detail["target"] = toStd(target);
        return r;
    }
    if (write.pinned && write.pinsNothing()) {
        ApplyResult r = ApplyResult::refusal(target, unpinnedMessage());
        r.detail = MemoryResponse::failure(r.message);
        return r;
    }
    auto s = store(target);
    if (!s)
        return ApplyResult::refusedOr(target, s.error());
    auto outcome = s->apply(write.op, announce(*s));
    if (!outcome)
        return fail(outcome.error());
    ApplyResult r;
    r.store = target;
    r.targetPath = relativePath(target);
    r.message = outcome->message;
    r.detail = outcome->result;
    if (!outcome->success) {
        r.stale = isNoMatch(outcome->message);
        return r;
    }
    // A duplicate add is a success without a write: re-applying does not grow the store.
    r.applied = true;
    r.before = outcome->fileBefore;
    r.after = outcome->fileAfter;
    return r;
}

Result<bool> MemoryApplier::isStale(const MemoryWrite& write) const
{
    auto s = store(write.store);
    if (!s)
        return s.error().kind == ErrorKind::Refused ? Result<bool>(false) : fail(s.error());
    auto entries = s->entries();
    // A file that cannot be read (not UTF-8, no permission) says nothing about the entry: the
    // item is not called outdated, and approving it fails with Hermes' refusal to write it.
    if (!entries)
        return entries.error().kind == ErrorKind::Io ? Result<bool>(false) : fail(entries.error());
    // Entries a batch adds before it edits them count as present.
    QStringList known = *entries;
    for (const MemoryOp& o : write.op.steps()) {
        const bool edits = o.isDestructive();
        // A pinned write is stale as soon as its entry is no longer there verbatim.
        if (edits && o.matchedEntry) {
            if (!known.contains(*o.matchedEntry))
                return true;
        } else if (edits && o.oldText) {
            const QString needle = UnicodeText::strip(*o.oldText);
            const bool found =
                std::any_of(known.cbegin(), known.cend(), [&](const QString& e) { return e.contains(needle); });
            if (!needle.isEmpty() && !found)
                return true;
        }
        if (o.content)
            known << *o.content;
    }
    return false;
}

Result<ApplyResult> MemoryApplier::revert(const QString& target, const ApplyResult& applied) const
{
    if (!applied.after)
        return fail(Error::refused(QStringLiteral("nothing recorded to revert")));
    auto s = store(target);
    if (!s)
        return fail(s.error());
    auto outcome = s->restore(*applied.after, applied.before.value_or(QString()), announce(*s));
    if (!outcome)
        return fail(outcome.error());
    ApplyResult r = ApplyResult::written(target, relativePath(target), outcome->fileBefore, outcome->fileAfter,
                                         QStringLiteral("Reverted %1.").arg(relativePath(target)));
    r.detail = outcome->result;
    return r;
}

} // namespace sediment
