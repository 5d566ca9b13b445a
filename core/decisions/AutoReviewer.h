#pragma once

#include "model/Decision.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Database;

// Conservative auto-review (docs/user-guide.md#decisions): only objective signals with confidence of at
// least kMinConfidence set an outcome, with reviewer "auto". Built in: "a file the decision
// names was created after the decision was made" (→ success). A user's --signal-cmd may add
// others: it gets the decision as JSON on stdin and prints nothing / null (no signal) or
// {"outcome", "confidence", "explanation", "signal"}.
class AutoReviewer final {
public:
    static constexpr double kMinConfidence = 0.7;
    static constexpr double kFileSignalConfidence = 0.8;

    struct Finding {
        qint64 decisionId = 0;
        QString outcome;
        double confidence = 0;
        QString explanation;
        QString signal;
        bool applied = false; // false: under the threshold, only reported
        Json toJson() const;
    };
    struct Report {
        qint64 checked = 0;
        std::vector<Finding> findings;
        std::vector<qint64> snapshots;
        Json toJson() const;
    };

    AutoReviewer(Database& db, const Clock& clock, QString workspaceRoot)
        : m_db(db)
        , m_clock(clock)
        , m_root(std::move(workspaceRoot))
    {}
    void setSignalCommand(QString command, int timeoutMs = 30000)
    {
        m_signalCmd = std::move(command);
        m_timeoutMs = timeoutMs;
    }

    // Every signal is asked before anything is written, so a failing hook changes nothing.
    Result<Report> run(bool dryRun);

    // The built-in signal alone (the Decisions page shows it as a hint).
    std::optional<Finding> fileCreatedSignal(const Decision& d) const;
    // Paths a decision names: words with a slash or a file extension.
    static QStringList namedFiles(const Decision& d);

private:
    Result<std::optional<Finding>> commandSignal(const Decision& d) const;

    Database& m_db;
    const Clock& m_clock;
    QString m_root;
    QString m_signalCmd;
    int m_timeoutMs = 30000;
};

} // namespace sediment
