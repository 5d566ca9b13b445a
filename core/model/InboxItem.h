#pragma once

#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// One proposal as the inbox keeps it (the inbox_items row). Every proposal gets one, whatever
// the gate said, so every figure is derived from this table.
struct InboxItem {
    qint64 id = 0;
    std::optional<QString> extId; // the agent's own id (idempotency key)
    QString destination;          // a Destination word; text, so a newer version's row still shows
    Json op = Json::object();     // as proposed (sanitised)
    std::optional<Json> finalOp;  // as applied after a reviewer's patch
    QString contentHash;          // SHA-256 hex of destination + canonical op
    QString rationale;
    std::optional<double> score;
    std::optional<QString> agent;
    std::optional<QString> session;
    Json source = Json::object();                    // the whole provenance, unknown fields kept
    QString status = toString(InboxStatus::Pending); // an InboxStatus word; text, as destination
    std::optional<QString> reason;                   // gate reason, store message or refusal text
    std::optional<QString> refusalCode;
    int seen = 1;
    bool stale = false;
    Json sanitized = Json::array(); // what sanitising stripped or cut
    std::optional<QString> targetPath;
    std::optional<QString> beforeContent;
    std::optional<QString> afterContent;
    QString createdAt;
    std::optional<QString> decidedAt;
    std::optional<QString> decidedBy;

    bool hasStatus(InboxStatus s) const { return isWord(status, s); }
    void setStatus(InboxStatus s) { status = toString(s); }
    bool goesTo(Destination d) const { return isWord(destination, d); }

    const Json& effectiveOp() const { return finalOp ? *finalOp : op; }
    // The Hermes profile the item was staged in: the name recorded at import, "default" for a
    // Hermes item from before profiles, and empty for an item that did not come from Hermes.
    QString hermesProfile() const;
    Json toJson() const; // `inbox list --json` / `inbox show --json` shape (docs/user-guide.md#inbox)
};

} // namespace sediment
