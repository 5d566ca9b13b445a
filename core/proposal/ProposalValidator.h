#pragma once

#include "agent/AgentHomes.h"
#include "model/Proposal.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <string>
#include <vector>

namespace sediment {

class PathGuard;

// Checks untrusted proposals against docs/verbs.md#propose before anything is gated: types, required fields, the
// op shape of each destination, score, id and skill name, and paths through the PathGuard. It
// sanitises every agent-supplied text on the way. Errors name the proposal and the field:
// "proposal 3: score must be a number in [0,1] (got 1.5)".
//
// Score is optional: the human gate does not need one (a Hermes staged write has none), and the
// score gate rejects a proposal without a score. When present it must be a finite number in
// [0,1]; `null` counts as absent.
class ProposalValidator final {
public:
    struct Paths {
        QString claudeMd = QStringLiteral("CLAUDE.md");
        QString settingsJson = QStringLiteral("settings.json");
    };

    // `agents`: the homes whose adapters shape ops in their agents' own words (OpShape).
    ProposalValidator(const PathGuard& guard, Paths defaults, const AgentHomes& agents = AgentHomes::none());

    Result<Proposal> validate(Json raw, int index) const;
    // All or nothing: the first invalid proposal fails the batch.
    Result<std::vector<Proposal>> validateAll(std::vector<Json> raws) const;

    // SHA-256 hex of destination + canonical op: idempotency and refusal memory key.
    static QString contentHash(const QString& destination, const Json& op);

    static bool isKnownDestination(const QString& destination);

private:
    // The last text seen for a field that repeats from proposal to proposal (an agent's name),
    // so that its proposals share one QString instead of converting it each time.
    struct Interned {
        std::string utf8;
        QString text;
    };
    static QString sharedText(const std::string& utf8, Interned& last);

    const PathGuard& m_guard;
    Paths m_defaults;
    const AgentHomes& m_agents;
    mutable Interned m_lastAgent; // a cache only: validate() stays a pure function of its input
    mutable Interned m_lastSession;
};

} // namespace sediment
