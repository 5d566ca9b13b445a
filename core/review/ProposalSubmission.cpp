#include "review/ProposalSubmission.h"

#include "gate/GateChain.h"
#include "proposal/ProposalValidator.h"
#include "review/ApplyPort.h"
#include "review/ProposalReader.h"
#include "review/ReviewKernel.h"
#include "store/InboxRepository.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

#include <algorithm>

namespace sediment {

// Everything a pass over this workspace needs, wired once.
struct ProposalSubmission::Wiring {
    Wiring(Workspace& ws, const Clock& clock)
        : guard(ws.root())
        , validator(guard, {ws.config().claudeMd, ws.config().settingsJson}, ws.agents())
        , inbox(ws.db())
        , stores(ws, clock)
    {}

    PathGuard guard;
    ProposalValidator validator;
    InboxRepository inbox;
    WorkspaceStores stores;
};

namespace {

Result<ReviewOutcome> strict(Result<ReviewOutcome> r)
{
    if (!r || !r->error)
        return r;
    const ReviewOutcome& o = *r;
    return fail(Error{o.error->kind, QStringLiteral("%1 (stopped after %2 decided: %3 applied, %4 rejected, %5 "
                                                    "failed, %6 pending; nothing after)")
                                         .arg(o.error->message)
                                         .arg(o.total())
                                         .arg(o.applied.size())
                                         .arg(o.rejected.size())
                                         .arg(o.failed.size())
                                         .arg(o.pending.size())});
}

} // namespace

ProposalSubmission::ProposalSubmission(Workspace& workspace, const Clock& clock)
    : m_workspace(workspace)
    , m_clock(clock)
{}

Result<ReviewOutcome> ProposalSubmission::submitBytesKeepingOutcome(const QByteArray& input)
{
    Wiring w(m_workspace, m_clock);
    // Each value is validated as soon as it is read, and the kernel takes the proposals as they
    // come: a large input is parsed on a second thread while the first proposals are gated and
    // filed. Nothing leaves the pass's transaction, and no store is written, before the whole
    // input has been read and validated; a syntax error anywhere still wins over an invalid
    // proposal before it (ProposalReader).
    ProposalReader reader(input, w.validator);
    const Config& config = m_workspace.config();
    auto gate = GateChain::fromConfig(config.gate, config.scoreThreshold, w.inbox);
    if (!gate) {
        if (auto c = reader.complete(); !c)
            return fail(c.error()); // the input's error first, as when it was read before
        return fail(gate.error());
    }
    ReviewKernel kernel(m_workspace.db(), m_clock, **gate, w.stores, (*gate)->path());
    return kernel.process(reader);
}

Result<ReviewOutcome> ProposalSubmission::submitKeepingOutcome(std::vector<Json> raws)
{
    Wiring w(m_workspace, m_clock);
    auto proposals = w.validator.validateAll(std::move(raws));
    if (!proposals)
        return fail(proposals.error());
    return gateAndProcess(w, std::move(*proposals));
}

Result<ReviewOutcome> ProposalSubmission::gateAndProcess(Wiring& w, std::vector<Proposal> proposals)
{
    const Config& config = m_workspace.config();
    auto gate = GateChain::fromConfig(config.gate, config.scoreThreshold, w.inbox);
    if (!gate)
        return fail(gate.error());
    ReviewKernel kernel(m_workspace.db(), m_clock, **gate, w.stores, (*gate)->path());
    return kernel.process(std::move(proposals));
}

Result<ReviewOutcome> ProposalSubmission::reviewKeepingOutcome(const QString& summary, Proposer& proposer)
{
    Wiring w(m_workspace, m_clock);
    const Config& config = m_workspace.config();
    auto gate = GateChain::fromConfig(config.gate, config.scoreThreshold, w.inbox);
    if (!gate)
        return fail(gate.error());
    ReviewKernel kernel(m_workspace.db(), m_clock, **gate, w.stores, (*gate)->path());
    return kernel.review(summary, proposer, w.validator);
}

Result<ReviewOutcome> ProposalSubmission::submitBytes(const QByteArray& input)
{
    return strict(submitBytesKeepingOutcome(input));
}

Result<ReviewOutcome> ProposalSubmission::submit(const std::vector<Json>& proposals)
{
    return strict(submitKeepingOutcome(proposals));
}

Result<ReviewOutcome> ProposalSubmission::review(const QString& summary, Proposer& proposer)
{
    return strict(reviewKeepingOutcome(summary, proposer));
}

} // namespace sediment
