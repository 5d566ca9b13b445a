#include "hermes/StagedSkillWrite.h"

#include "hermes/SkillBatch.h"
#include "hermes/StagedEnvelope.h"
#include "model/Destination.h"
#include "util/JsonField.h"

#include <QRegularExpression>

#include <algorithm>

namespace sediment {

namespace {

constexpr const char* kTextFields[] = {"name",         "content",    "category",   "file_path",
                                       "file_content", "old_string", "new_string", "absorbed_into"};

} // namespace

bool StagedSkillWrite::isPayload(const Json& op)
{
    return op.is_object() && op.contains("action") && !op.contains("mode");
}

Result<Json> StagedSkillWrite::normalisePayload(const Json& payload)
{
    if (!payload.is_object())
        return fail(Error::invalid(QStringLiteral("payload is missing or not an object")));
    Json op = Json::object();
    const auto action = payload.find("action");
    // A batch may leave its action out: Hermes goes by its operations.
    if (SkillBatch::isBatch(payload) && (action == payload.end() || action->is_null()))
        op["action"] = "batch";
    else if (action == payload.end() || !action->is_string())
        return fail(Error::invalid(QStringLiteral("payload.action must be a string")));
    else
        op["action"] = *action;
    // Hermes checks a batch's operations itself when it is applied, with its own messages.
    if (SkillBatch::isBatch(payload))
        op["operations"] = payload["operations"];
    op["name"] = ""; // Hermes replays a missing name as ""
    for (const char* key : kTextFields) {
        const auto it = payload.find(key);
        if (it == payload.end() || it->is_null())
            continue;
        if (!it->is_string())
            return fail(Error::invalid(QStringLiteral("payload.%1 must be a string").arg(QLatin1String(key))));
        op[key] = *it;
    }
    if (const auto it = payload.find("replace_all"); it != payload.end() && !it->is_null()) {
        if (!it->is_boolean())
            return fail(Error::invalid(QStringLiteral("payload.replace_all must be true or false")));
        op["replace_all"] = *it;
    }
    return op;
}

Result<StagedWrite> StagedSkillWrite::parse(const QByteArray& bytes, const QString& fileName)
{
    auto begun = StagedEnvelope::begin(bytes, fileName, "skills");
    if (!begun)
        return fail(begun.error());
    auto& [root, w] = *begun;
    w.subsystem = QStringLiteral("skills");
    w.target = toString(Destination::Skill);

    for (const char* key : {"origin", "summary"}) {
        const auto it = root.find(key);
        if (it != root.end() && !it->is_null() && !it->is_string())
            return fail(Error::invalid(QStringLiteral("%1 must be a string").arg(QLatin1String(key))));
    }
    w.origin = json::stringAt(root, "origin");
    if (w.origin.isEmpty())
        w.origin = QStringLiteral("foreground"); // Hermes' own default
    auto createdAt = StagedEnvelope::createdAt(root);
    if (!createdAt)
        return fail(createdAt.error());
    w.createdAt = std::move(*createdAt);
    const auto payloadIt = root.find("payload");
    if (payloadIt == root.end())
        return fail(Error::invalid(QStringLiteral("payload is missing or not an object")));
    auto op = normalisePayload(*payloadIt);
    if (!op)
        return fail(op.error());
    w.op = std::move(*op);
    w.summary = json::stringAt(root, "summary").trimmed();
    if (w.summary.isEmpty())
        w.summary = gist(w.op);

    static const char* const known[] = {"id", "subsystem", "action", "summary", "origin", "created_at", "payload"};
    for (const auto& [key, value] : root.items())
        if (std::find(std::begin(known), std::end(known), key) == std::end(known))
            w.unknown[key] = value;
    Json extra = Json::object();
    for (const auto& [key, value] : payloadIt->items())
        if (!w.op.contains(key) && key != "replace_all")
            extra[key] = value;
    if (!extra.empty())
        w.unknown["payload_extra"] = std::move(extra);
    return std::move(w);
}

QString StagedSkillWrite::gist(const Json& payload)
{
    if (SkillBatch::isBatch(payload))
        return SkillBatch::gist(payload);
    const QString action = json::stringAt(payload, "action");
    const QString name = json::stringAt(payload, "name");
    const QString content = json::stringAt(payload, "content");
    const QString filePath = json::stringAt(payload, "file_path");
    const qsizetype length = content.toUcs4().size(); // Python counts code points
    if ((action == QLatin1String("create") || action == QLatin1String("edit")) && !content.isEmpty()) {
        static const QRegularExpression descLine(QStringLiteral("^description:\\s*(.+)$"),
                                                 QRegularExpression::MultilineOption);
        QString desc;
        if (const auto m = descLine.match(content); m.hasMatch()) {
            desc = m.captured(1).trimmed();
            while (!desc.isEmpty() && (desc.front() == u'\'' || desc.front() == u'"'))
                desc.remove(0, 1);
            while (!desc.isEmpty() && (desc.back() == u'\'' || desc.back() == u'"'))
                desc.chop(1);
            const auto cps = desc.toUcs4();
            if (cps.size() > 140)
                desc = QString::fromUcs4(reinterpret_cast<const char32_t*>(cps.constData()), 140);
        }
        const QString size =
            length >= 1024 ? QStringLiteral("%1 KB").arg(length / 1024 + 1) : QStringLiteral("%1 chars").arg(length);
        return QStringLiteral("%1 '%2'%3 (%4)")
            .arg(action == QLatin1String("create") ? QStringLiteral("create") : QStringLiteral("rewrite"), name,
                 desc.isEmpty() ? QString() : QStringLiteral(" \u2014 ") + desc, size);
    }
    if (action == QLatin1String("patch")) {
        const QString oldS = json::stringAt(payload, "old_string");
        const QString newS = json::stringAt(payload, "new_string");
        const qsizetype removed = oldS.isEmpty() ? 0 : oldS.count(QLatin1Char('\n')) + 1;
        const qsizetype added = newS.isEmpty() ? 0 : newS.count(QLatin1Char('\n')) + 1;
        return QStringLiteral("patch '%1' %2 (+%3/-%4 lines)")
            .arg(name, filePath.isEmpty() ? QStringLiteral("SKILL.md") : filePath)
            .arg(added)
            .arg(removed);
    }
    if (action == QLatin1String("write_file"))
        return QStringLiteral("write %1 in '%2'").arg(filePath, name);
    if (action == QLatin1String("remove_file"))
        return QStringLiteral("remove %1 from '%2'").arg(filePath, name);
    if (action == QLatin1String("delete"))
        return QStringLiteral("delete skill '%1'").arg(name);
    return QStringLiteral("%1 '%2'").arg(action, name);
}

} // namespace sediment
