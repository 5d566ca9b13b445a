#pragma once

#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// One proposal as the inbox keeps it (the inbox_items row). Every proposal gets one, whatever
// the gate said, so every figure is derived from this table.
struct InboxItem {
    qint64 id = 0;
    std::optional<QString> extId;  // the agent's own id (idempotency key)
    QString destination;           // memory|user|claude_md|settings_json|brain_inbox|skill|chantier_outil
    Json op = Json::object();      // as proposed (sanitised)
    std::optional<Json> finalOp;   // as applied after a reviewer's patch
    QString contentHash;           // SHA-256 hex of destination + canonical op
    QString rationale;
    std::optional<double> score;
    std::optional<QString> agent;
    std::optional<QString> session;
    Json source = Json::object();  // the whole provenance, unknown fields kept
    QString status = QStringLiteral("pending"); // pending|applied|failed|refused|modified|reverted|rejected
    std::optional<QString> reason; // gate reason, store message or refusal text
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

    const Json& effectiveOp() const { return finalOp ? *finalOp : op; }
    Json toJson() const; // `inbox list --json` / `inbox show --json` shape (docs/user-guide.md#inbox)
};

} // namespace sediment
