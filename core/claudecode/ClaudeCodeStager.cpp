#include "claudecode/ClaudeCodeStager.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditSubject.h"
#include "claudecode/ClaudeCodeOp.h"
#include "gate/RefusalMemoryGate.h"
#include "model/AuditEntry.h"
#include "model/Destination.h"
#include "model/InboxItem.h"
#include "proposal/ProposalValidator.h"
#include "proposal/Sanitizer.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QFileInfo>

namespace sediment {

namespace {

const QString kAgent = QStringLiteral("claude-code");

} // namespace

ClaudeCodeStager::ClaudeCodeStager(Workspace& workspace, const Clock& clock, QString home)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_home(std::move(home))
{}

Result<ClaudeCodeStager::Staged> ClaudeCodeStager::stage(const ClaudeHookCall& call, ClaudeFileKind kind)
{
    const QString filePath = call.filePath();
    Json op = call.toolInput;
    op["tool"] = toStd(call.toolName);
    op["file_path"] = toStd(filePath);
    op["cwd"] = toStd(QFileInfo(call.cwd).isAbsolute() ? call.cwd : QFileInfo(filePath).absolutePath());
    Json sanitized = Json::array();
    Sanitizer sanitizer(1, sanitized);
    auto normalised = ClaudeCodeOp::normalise(std::move(op), kind, m_home, sanitizer);
    if (!normalised)
        return fail(normalised.error());
    auto write = ClaudeCodeOp::parse(*normalised);
    if (!write)
        return fail(write.error());

    InboxItem item;
    item.destination = toString(kind == ClaudeFileKind::Memory ? Destination::ClaudeMemory : Destination::ClaudeMd);
    item.op = *normalised;
    item.contentHash = ProposalValidator::contentHash(item.destination, ClaudeCodeOp::identity(item.op));
    // Items staged before the hash left the session's folder out were hashed with it: the same
    // write from the same folder still finds them.
    const QString legacyHash = ProposalValidator::contentHash(item.destination, item.op);
    item.rationale = QStringLiteral("Claude Code's %1 of %2").arg(call.toolName, filePath);
    item.agent = kAgent;
    if (!call.sessionId.isEmpty())
        item.session = call.sessionId;
    item.source = Json{{"agent", toStd(kAgent)},
                       {"session", toStd(call.sessionId)},
                       {"cwd", toStd(call.cwd)},
                       {"tool_use_id", toStd(call.toolUseId)},
                       {"transcript_path", toStd(call.transcriptPath)}};
    item.sanitized = std::move(sanitized);
    item.createdAt = time::toIso(m_clock.now());

    Database& db = m_workspace.db();
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository inbox(db);
    AuditRepository audit(db, m_clock);
    AuditEntry e;
    e.actor = Actor::agent(kAgent);
    e.subjectType = toString(AuditSubject::InboxItem);
    e.details = Json{{"path", "claude-code hook"}, {"tool", toStd(call.toolName)}, {"file_path", toStd(filePath)}};
    Staged staged;

    auto pending = inbox.findPendingByHashOrExtId(item.contentHash, std::nullopt);
    if (pending && !*pending)
        pending = inbox.findPendingByHashOrExtId(legacyHash, std::nullopt);
    if (!pending)
        return fail(pending.error());
    if (*pending) {
        auto seen = inbox.bumpSeen(**pending);
        if (!seen)
            return fail(seen.error());
        staged = {**pending, *seen, std::nullopt};
        e.action = toString(AuditAction::ProposalReinforced);
        e.reason = QStringLiteral("Claude Code asked for the same write again (seen %1 times)").arg(*seen);
    } else {
        Proposal asProposal;
        asProposal.destination = item.destination;
        asProposal.op = item.op;
        asProposal.contentHash = item.contentHash;
        RefusalMemoryGate refusalMemory(inbox);
        auto verdict = refusalMemory.decide(asProposal);
        if (verdict && verdict->kind != Verdict::Kind::Reject) {
            asProposal.contentHash = legacyHash;
            verdict = refusalMemory.decide(asProposal);
        }
        if (!verdict)
            return fail(verdict.error());
        const bool rejected = verdict->kind == Verdict::Kind::Reject;
        if (rejected) {
            item.setStatus(InboxStatus::Rejected);
            item.reason = verdict->reason;
            item.decidedAt = item.createdAt;
            item.decidedBy = verdict->actor;
        } else {
            item.reason = QStringLiteral("staged by the Claude Code hook for human review");
        }
        auto id = inbox.insert(item);
        if (!id)
            return fail(id.error());
        staged = {*id, 1, rejected ? std::optional<QString>(verdict->reason) : std::nullopt};
        e.action = toString(rejected ? AuditAction::ProposalRejected : AuditAction::ProposalQueued);
        e.reason = *item.reason;
        e.after = fromStd(item.op.dump());
    }
    e.subjectId = QString::number(staged.id);
    if (auto a = audit.append(std::move(e)); !a)
        return fail(a.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return staged;
}

} // namespace sediment
