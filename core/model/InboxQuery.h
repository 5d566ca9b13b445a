#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

// The structured form of an inbox search (docs/user-guide.md#the-window). Values of one key are alternatives (OR);
// different keys and free-text words must all hold (AND); excluded values must all fail.
struct InboxFilter {
    struct Values {
        QStringList include;
        QStringList exclude;
        bool isEmpty() const { return include.isEmpty() && exclude.isEmpty(); }
        bool operator==(const Values&) const = default;
    };
    enum class Compare { Less, LessOrEqual, Greater, GreaterOrEqual, Equal };
    struct ScoreBound {
        Compare compare = Compare::GreaterOrEqual;
        double value = 0;
        bool negated = false;
        bool operator==(const ScoreBound&) const = default;
    };

    Values text;                   // words or "quoted phrases" searched in rationale, payload and agent
    Values destination;            // dest:memory
    Values status;                 // status:pending
    Values agent;                  // agent:name
    Values profile;                // profile:work — the Hermes profile a staged write came from
    std::vector<ScoreBound> score; // score>=0.8
    std::optional<bool> stale;     // is:stale → true, -is:stale → false
    // is:dead, is:dup, is:ok, is:unsafe — the preflight's verdict groups and flag (Preflight),
    // words "dead", "dup", "ok", "unsafe"; -group:target excludes the word "grouped". Verdict
    // groups named together are alternatives, the unsafe flag must hold beside them.
    // Pending items only; the store cannot filter on them: the caller does, with verdicts.
    Values preflight;
    bool allStatuses = false; // status:all — lifts the page's default of pending only
    // group:target — pending items aimed at a target another pending item aims at too
    // (InboxGroup), listed together, the largest group first. Known from the verdicts, as is:dead.
    bool groupByTarget = false;
    // Whether the caller must filter with preflight verdicts (is:dead…, group:target).
    bool needsVerdicts() const { return !preflight.isEmpty() || groupByTarget; }
    // Not part of the query: words of `text` that the trigram index finds in so many rows that
    // reading the rows is cheaper (InboxTextIndex::commonWords). Only speed depends on them, so
    // they never make two filters differ.
    struct PlanHint {
        QStringList words;
        bool operator==(const PlanHint&) const { return true; }
    };
    PlanHint commonText;

    bool operator==(const InboxFilter&) const = default;
};

// Parses the search box's query language: free text plus `dest:`, `status:`, `agent:`,
// `profile:`, `score>=` (and `>`, `<`, `<=`, `=`), `is:stale`, `is:dead`, `is:dup`, `is:ok`, `group:target`, with `-`
// in front of any term to negate it.
// Values may be comma lists (`dest:memory,user`) and quoted (`agent:"night owl"`).
class InboxQuery final {
public:
    static Result<InboxFilter> parse(const QString& text);
};

} // namespace sediment
