#include "hermes/ProviderRecord.h"

#include "hermes/StagedEnvelope.h"

namespace sediment {

namespace {

bool isProviderVerb(const std::string& action)
{
    return action == "remember" || action == "update" || action == "forget" || action == "invalidate";
}

bool isMemoryToolVerb(const std::string& action)
{
    return action == "add" || action == "replace" || action == "remove" || action == "batch";
}

QString textOf(const Json& object, const char* key)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return {};
    return it->is_string() ? fromStd(it->get<std::string>()) : fromStd(it->dump());
}

} // namespace

std::optional<ProviderRecord> ProviderRecord::recognise(const QByteArray& bytes, const QString& fileName)
{
    auto envelope = StagedEnvelope::open(bytes, fileName, "memory");
    if (!envelope)
        return std::nullopt;
    const auto payload = envelope->root.find("payload");
    if (payload == envelope->root.end() || !payload->is_object())
        return std::nullopt;
    const auto action = payload->find("action");
    if (action == payload->end() || !action->is_string())
        return std::nullopt;
    const std::string verb = action->get<std::string>();
    if (!isProviderVerb(verb) && (isMemoryToolVerb(verb) || !payload->contains("memory_id")))
        return std::nullopt;
    ProviderRecord r;
    r.id = envelope->id;
    r.fileName = fileName;
    r.action = fromStd(verb);
    r.memoryId = textOf(*payload, "memory_id");
    r.summary = textOf(envelope->root, "summary").section(QLatin1Char('\n'), 0, 0);
    return r;
}

Json ProviderRecord::toJson() const
{
    return {{"hermes_id", toStd(id)},
            {"profile", toStd(profile)},
            {"file", toStd(fileName)},
            {"action", toStd(action)},
            {"memory_id", memoryId.isEmpty() ? Json(nullptr) : Json(toStd(memoryId))},
            {"summary", toStd(summary)}};
}

QString ProviderRecord::line(const QString& prefix) const
{
    const QString what = memoryId.isEmpty() ? action : action + QLatin1Char(' ') + memoryId;
    return QStringLiteral("%1pending/memory/%2: provider record (%3), left for their plugin")
        .arg(prefix, fileName, what);
}

} // namespace sediment
