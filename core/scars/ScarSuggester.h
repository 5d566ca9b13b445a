#pragma once

#include "model/Scar.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <optional>
#include <vector>

namespace sediment {

class Workspace;

// `scars suggest` (docs/user-guide.md#scars): learnable scars without a suggestion, most
// important first, become inbox proposals through the normal intake (validation, gate, audit).
// Default proposer: a template, a memory `add` of the lesson with score importance/10. With a
// proposer command an external model drafts the proposals instead: it gets
// {"summary": ..., "scar": ...} on stdin with personal data redacted, and what it prints
// (proposals as in docs/verbs.md#propose: an object, an array or JSON Lines) is redacted again before intake.
class ScarSuggester final {
public:
    struct Suggestion {
        qint64 scarId = 0;
        std::optional<qint64> inboxId;
        QString status; // the inbox item's fate: pending, applied, rejected, failed
        Json toJson() const;
    };
    struct Outcome {
        std::vector<Suggestion> suggestions;
        int redacted = 0; // personal data found, before the call and in the answer
        Json toJson() const;
    };

    ScarSuggester(Workspace& workspace, const Clock& clock, QString actor)
        : m_workspace(workspace)
        , m_clock(clock)
        , m_actor(std::move(actor))
    {}
    void setProposerCommand(QString command, int timeoutMs = 60000)
    {
        m_command = std::move(command);
        m_timeoutMs = timeoutMs;
    }

    Result<Outcome> suggest(int limit);
    // One scar, whatever its place in the queue (the Scars page's "make a suggestion"); an empty
    // inboxId means the proposer had nothing to propose. Adds what it redacted to `redacted`.
    Result<Suggestion> suggestOne(const Scar& scar, int& redacted);

    // The default proposal for a scar.
    static Json templateProposal(const Scar& scar);

private:
    Result<std::vector<Json>> draft(const Scar& scar, int& redacted) const;

    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_actor;
    QString m_command;
    int m_timeoutMs = 60000;
};

} // namespace sediment
