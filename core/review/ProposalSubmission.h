#pragma once

#include "model/Proposal.h"
#include "review/ReviewOutcome.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>

#include <vector>

namespace sediment {

class Proposer;
class Workspace;

// The `propose` path (docs/verbs.md#propose, docs/architecture.md#3-the-gate): parse (object, array or JSON Lines), validate every proposal
// before any is gated, sanitise, gate with the workspace's chain (refusal memory first), queue
// deferred ones in the inbox (idempotently), apply approved ones, audit every state change.
class ProposalSubmission final {
public:
    ProposalSubmission(Workspace& workspace, const Clock& clock);

    // A pass that stopped early (a gate error, a store's I/O error) is an Error here, whose
    // message also says what had been decided before the stop.
    Result<ReviewOutcome> submitBytes(const QByteArray& input);
    Result<ReviewOutcome> submit(const std::vector<Json>& proposals);
    // The `review` pass: summary -> proposer -> the same path.
    Result<ReviewOutcome> review(const QString& summary, Proposer& proposer);

    // The same three, keeping the outcome of a pass that stopped early: it is a value that lists
    // what was decided and carries `error` (the command line prints both).
    Result<ReviewOutcome> submitBytesKeepingOutcome(const QByteArray& input);
    Result<ReviewOutcome> submitKeepingOutcome(std::vector<Json> proposals);
    Result<ReviewOutcome> reviewKeepingOutcome(const QString& summary, Proposer& proposer);

private:
    struct Wiring;
    Result<ReviewOutcome> gateAndProcess(Wiring& w, std::vector<Proposal> proposals);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
