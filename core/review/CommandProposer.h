#pragma once

#include "review/Proposer.h"

#include <chrono>

namespace sediment {

// The proposer port over an external program (an LLM client, a script): runs CMD through
// /bin/sh -c with {"summary": ...} on its stdin and reads proposals (object, array or JSON Lines)
// from its stdout. A crash, a non-zero exit, a time-out, oversized or malformed output is a
// proposer error, so the pass fails closed.
class CommandProposer final : public Proposer {
public:
    static constexpr std::chrono::milliseconds kDefaultTimeout{60000};

    explicit CommandProposer(QString command, std::chrono::milliseconds timeout = kDefaultTimeout);

    Result<std::vector<Json>> propose(const QString& summary) override;

private:
    QString m_command;
    std::chrono::milliseconds m_timeout;
};

} // namespace sediment
