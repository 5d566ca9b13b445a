#pragma once

#include "audit/AuditAction.h"
#include "gate/Verdict.h"
#include "model/InboxItem.h"
#include "model/Proposal.h"
#include "review/ApplyPort.h"
#include "review/ReviewOutcome.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class ApplyPort;
class Database;
class Gate;
class ProposalSource;
class ProposalValidator;
class Proposer;

// The review kernel (docs/architecture.md#3-the-gate), total and fail-closed. Ports are injected: the gate, the stores (an
// ApplyPort) and, for review(), the proposer. Every proposal gets a row with its final status
// (a decided one in inbox_items, a deferred one in the staging table, InboxStaging) and every decision
// an audit row, all in one transaction per pass (docs/architecture.md#durability).
//
// Audit volume: each decision (applied, rejected, failed) has its own audit row; queueing for a
// human is recorded by one `proposal.queued` row per pass listing the queued ids as ranges, so
// that an agent's large batch costs one audit row rather than one per proposal. The decision on
// each queued item later writes its own row (inbox service).
class ReviewKernel final {
public:
    ReviewKernel(Database& db, const Clock& clock, Gate& gate, ApplyPort& stores, QString path);

    // summary -> proposer -> validate all -> process. Blank summary or no proposals: an empty
    // outcome ("Nothing to save."). A proposer error or an invalid proposal: an Error, nothing
    // gated, nothing written.
    Result<ReviewOutcome> review(const QString& summary, Proposer& proposer, const ProposalValidator& validator);

    // Gates and records already validated proposals. A gate error, or a store's I/O error,
    // stops the pass: the outcome then carries `error` and lists what was decided before it,
    // which is committed (files already written must stay on the record).
    Result<ReviewOutcome> process(std::vector<Proposal> proposals);
    // The same from a source that may still be reading (ProposalReader): what is decided before
    // the source is complete stays in the pass's transaction, and an input that turns out
    // invalid fails the pass with its error and nothing written, exactly as if it had been
    // validated first. A store is written only once the input is known to be valid.
    Result<ReviewOutcome> process(ProposalSource& source);

private:
    struct Pass; // what one pass carries from proposal to proposal (ReviewKernel.cpp)

    // One proposal through the pass: reinforced if already pending, else gated, then filed for
    // a person, rejected or applied. A stop (a gate or store error) is left in the outcome.
    Status take(Pass& pass, const Proposal& p);
    // The same proposal already pending: its item is seen once more. True when it was.
    Result<bool> reinforce(Pass& pass, const Proposal& p);
    // The gate's verdict, or none when the gate could not decide and the pass stops.
    Result<std::optional<Verdict>> gate(Pass& pass, const Proposal& p);
    // Deferred: filed in the staging table, for the pass's one queued row.
    Status file(Pass& pass, const Proposal& p, const Verdict& verdict);
    Status reject(Pass& pass, const Proposal& p, const Verdict& verdict);
    // Approved: written by its store once the input is known valid, then recorded.
    Status apply(Pass& pass, const Proposal& p, const Verdict& verdict);
    // A decided proposal's row in inbox_items and its audit row (`applied` when a store ran).
    Status record(Pass& pass, const Proposal& p, const Verdict& verdict, InboxItem item, AuditAction action,
                  std::vector<OutcomeItem>& list, const ApplyResult* applied);
    // Closes the pass: the staging table's batch, the rest of a stopped input, and the queue's row.
    Status finish(Pass& pass);
    // The one row for what the pass queued for a person and reinforced.
    Status auditQueue(Pass& pass);

    Database& m_db;
    const Clock& m_clock;
    Gate& m_gate;
    ApplyPort& m_stores;
    QString m_path;
};

} // namespace sediment
