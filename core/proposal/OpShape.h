#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <string>

namespace sediment {

class AgentHomes;
class PathGuard;
class Sanitizer;

// The op of one destination (docs/verbs.md#propose table): checks its exact shape and returns it normalised (only
// the fields the destination uses, default paths filled in, texts sanitised), so that two ops
// meaning the same thing hash the same. Error messages name the field ("op.content ...") and are
// prefixed with the proposal by the caller.
class OpShape final {
public:
    // `agents`: the homes whose agents' own ops (a Write tool's input) are shaped by their adapter.
    OpShape(QString destination, const PathGuard& guard, QString claudeMd, QString settingsJson, Sanitizer& sanitizer,
            const AgentHomes& agents);

    Result<Json> normalise(Json op) const;

    static bool isKnownDestination(const std::string& destination);
    // A known destination's name as one shared QString: no conversion per proposal.
    static QString destinationName(const std::string& known);
    static std::string destinationList();
    static std::string typeName(const Json& value);
    static std::string preview(const Json& value); // the value as JSON, cut for messages
    static bool withinDepth(const Json& value, int maxDepth = 32);

private:
    Result<Json> memory(Json& op) const;
    Result<Json> memoryOne(Json& op, const std::string& prefix) const;
    Result<Json> fileEdit(Json& op, const QString& defaultPath) const;
    Result<Json> settings(Json& op) const;
    Result<Json> note(Json& op) const;
    Result<Json> skill(Json& op) const;
    Result<QString> checkPath(Json& op, const QString& defaultPath) const;

    QString m_destination;
    const PathGuard& m_guard;
    QString m_claudeMd;
    QString m_settingsJson;
    Sanitizer& m_sanitizer;
    const AgentHomes& m_agents;
};

} // namespace sediment
