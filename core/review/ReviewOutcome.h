#pragma once

#include "audit/Actor.h"
#include "model/GateKind.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

// What happened to one proposal of a pass.
struct OutcomeItem {
    int index = 0;      // 1-based position in the submitted batch
    qint64 inboxId = 0; // its inbox_items row
    QString destination;
    QString reason; // the gate's reason, or the store's message for a failure
    int seen = 0;   // > 0 when it reinforced an item already pending
};

// The honest outcome of a pass (docs/architecture.md#gate): every proposal lands in exactly one list, and
// `stores` names what was actually written, with how many writes.
struct ReviewOutcome {
    QString path = Actor::gate(toString(GateKind::Human)); // "gate:<chain>"
    std::vector<OutcomeItem> applied;
    std::vector<OutcomeItem> rejected;
    std::vector<OutcomeItem> failed;
    std::vector<OutcomeItem> pending;
    Json sanitized = Json::array(); // {"index","field","action"} per stripped or cut field
    Json stores = Json::object();   // store name -> number of writes, in order of first write
    QString note;                   // e.g. "Nothing to save." for an empty pass
    // Set when the pass stopped early (a gate error): the lists hold what was decided before.
    std::optional<Error> error;

    static ReviewOutcome nothingToSave(const QString& path);

    void countWrite(const QString& store);
    qsizetype total() const;
    // The outcome as Python's json.dumps prints it, written directly: a pass of a hundred
    // thousand proposals would otherwise build and free as many Json objects just to print them.
    std::string toJsonText() const;
    Json toJson() const;     // the parsed text, for callers that inspect fields
    QString summary() const; // the human-readable lines
};

} // namespace sediment
