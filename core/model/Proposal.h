#pragma once

#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// One validated, sanitised proposal (docs/verbs.md#propose), ready for a gate. Only ProposalValidator makes these,
// so everything downstream may rely on the op having its destination's exact shape.
struct Proposal {
    int index = 0;                // 1-based position in the submitted batch
    std::optional<QString> extId; // the agent's own id (idempotency key)
    QString destination;
    Json op = Json::object(); // normalised: default paths filled in
    QString rationale;
    std::optional<double> score;  // absent: the score gate rejects it, the human gate does not care
    Json source = Json::object(); // provenance, unknown fields kept
    std::optional<QString> agent;
    std::optional<QString> session;
    Json sanitized = Json::array(); // {"index","field","action"} for this proposal
    QString contentHash;            // SHA-256 hex of destination + canonical op
};

} // namespace sediment
