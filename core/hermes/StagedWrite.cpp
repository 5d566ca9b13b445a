#include "hermes/StagedWrite.h"

#include "hermes/StagedEnvelope.h"
#include "hermes/StagedSkillWrite.h"
#include "model/Destination.h"
#include "proposal/ProposalValidator.h"

#include <algorithm>

namespace sediment {

namespace {

constexpr int kMaxSummaryCodePoints = 4096; // docs/verbs.md#propose: a rationale is capped, not refused

// Removes C0 controls other than TAB and LF, CR and DEL, then caps the length in code points,
// noting what changed under `field`. Only for the summary, which the inbox shows as the item's
// rationale (docs/verbs.md#propose sanitising); the write itself is kept as staged.
QString sanitize(const QString& text, const QString& field, Json& report)
{
    QString out;
    out.reserve(text.size());
    int stripped = 0;
    for (const QChar c : text) {
        const ushort u = c.unicode();
        if ((u < 0x20 && u != u'\t' && u != u'\n') || u == 0x7F) {
            ++stripped;
            continue;
        }
        out.append(c);
    }
    if (stripped > 0)
        report.push_back({{"field", toStd(field)}, {"stripped_control_chars", stripped}});
    const auto codePoints = out.toUcs4();
    if (codePoints.size() > kMaxSummaryCodePoints) {
        out = QString::fromUcs4(reinterpret_cast<const char32_t*>(codePoints.constData()), kMaxSummaryCodePoints);
        report.push_back(
            {{"field", toStd(field)}, {"cut_to", kMaxSummaryCodePoints}, {"original_length", codePoints.size()}});
    }
    return out;
}

// A text field that may be absent or null; anything else but a string is refused.
Result<std::optional<QString>> optionalText(const Json& obj, const char* key, const QString& where)
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return std::optional<QString>();
    if (!it->is_string())
        return fail(Error::invalid(QStringLiteral("%1%2 must be a string").arg(where, QLatin1String(key))));
    return std::optional<QString>(fromStd(it->get<std::string>()));
}

// One add/replace/remove, checked with the request errors of docs/user-guide.md#memory so that a staged write that
// could never apply is reported at import instead of failing at approval.
Result<Json> parseOperation(const Json& raw, const QString& where, bool inBatch)
{
    if (!raw.is_object())
        return fail(Error::invalid(QStringLiteral("%1must be an object").arg(where)));
    const auto actionIt = raw.find("action");
    if (actionIt == raw.end() || !actionIt->is_string())
        return fail(Error::invalid(QStringLiteral("%1action is missing").arg(where)));
    const QString action = fromStd(actionIt->get<std::string>());
    auto content = optionalText(raw, "content", where);
    if (!content)
        return fail(content.error());
    // A batch operation may carry its text as `new_text`, which Hermes reads when `content`
    // is empty.
    if (inBatch && (!*content || (*content)->isEmpty())) {
        auto alias = optionalText(raw, "new_text", where);
        if (!alias)
            return fail(alias.error());
        if (*alias && !(*alias)->isEmpty())
            content = std::move(alias);
    }
    auto oldText = optionalText(raw, "old_text", where);
    if (!oldText)
        return fail(oldText.error());
    const bool hasContent = *content && !(*content)->isEmpty();
    const bool hasOld = *oldText && !(*oldText)->isEmpty();
    QString problem;
    if (action == QLatin1String("add")) {
        if (!hasContent)
            problem = QStringLiteral("Content is required for 'add' action.");
    } else if (action == QLatin1String("replace")) {
        if (!hasOld)
            problem = QStringLiteral("old_text is required for 'replace' action.");
        else if (!hasContent)
            problem = QStringLiteral("content is required for 'replace' action.");
    } else if (action == QLatin1String("remove")) {
        if (!hasOld)
            problem = QStringLiteral("old_text is required for 'remove' action.");
    } else {
        problem = QStringLiteral("Unknown action '%1'. Use: add, replace, remove").arg(action);
    }
    if (!problem.isEmpty())
        return fail(Error::invalid(where + problem));

    // The texts are kept exactly as staged: approving replays them through the memory tool's
    // own rules (strip, limits, threat and invisible-character scan) as Hermes' approval does.
    // Sanitising them here would write bytes Hermes never would (docs/verbs.md#hermes).
    Json op = Json::object();
    op["action"] = toStd(action);
    if (action != QLatin1String("remove"))
        op["content"] = toStd(**content);
    if (action != QLatin1String("add")) {
        op["old_text"] = toStd(**oldText);
        // The whole entry the agent saw, kept verbatim: approval applies to exactly that entry.
        // Its absence is kept too (as null), since Hermes refuses to replay such a record.
        auto matched = optionalText(raw, "matched_entry", where);
        if (!matched)
            return fail(matched.error());
        op["matched_entry"] = orNull(*matched);
    }
    return op;
}

} // namespace

Result<StagedWrite> StagedWrite::parse(const QByteArray& bytes, const QString& fileName)
{
    auto begun = StagedEnvelope::begin(bytes, fileName, "memory");
    if (!begun)
        return fail(begun.error());
    auto& [root, w] = *begun;

    auto origin = optionalText(root, "origin", {});
    if (!origin)
        return fail(origin.error());
    w.origin = origin->value_or(QStringLiteral("foreground")); // Hermes' own default
    auto summary = optionalText(root, "summary", {});
    if (!summary)
        return fail(summary.error());
    w.summary = sanitize(summary->value_or(QString()).trimmed(), QStringLiteral("summary"), w.sanitized);

    auto createdAt = StagedEnvelope::createdAt(root);
    if (!createdAt)
        return fail(createdAt.error());
    w.createdAt = std::move(*createdAt);

    const auto payloadIt = root.find("payload");
    if (payloadIt == root.end() || !payloadIt->is_object())
        return fail(Error::invalid(QStringLiteral("payload is missing or not an object")));
    const Json& payload = *payloadIt;

    auto target = optionalText(payload, "target", {});
    if (!target)
        return fail(target.error());
    w.target = target->value_or(toString(Destination::Memory)); // Hermes replays with this default
    if (!isMemoryStore(w.target))
        return fail(
            Error::invalid(QStringLiteral("Invalid memory target '%1'. Use 'memory' or 'user'.").arg(w.target)));

    const auto actionIt = payload.find("action");
    if (actionIt != payload.end() && actionIt->is_string() && actionIt->get<std::string>() == "batch") {
        const auto opsIt = payload.find("operations");
        if (opsIt == payload.end() || !opsIt->is_array() || opsIt->empty())
            return fail(Error::invalid(QStringLiteral("a batch needs a non-empty list of operations")));
        Json ops = Json::array();
        int n = 0;
        for (const Json& raw : *opsIt) {
            ++n;
            auto op = parseOperation(raw, QStringLiteral("operation %1: ").arg(n), true);
            if (!op)
                return fail(op.error());
            ops.push_back(std::move(*op));
        }
        w.op = {{"action", "batch"}, {"operations", std::move(ops)}};
    } else {
        auto op = parseOperation(payload, {}, false);
        if (!op)
            return fail(op.error());
        w.op = std::move(*op);
    }

    static const char* const known[] = {"id", "subsystem", "action", "summary", "origin", "created_at", "payload"};
    for (const auto& [key, value] : root.items()) {
        if (std::find(std::begin(known), std::end(known), key) == std::end(known))
            w.unknown[key] = value;
    }
    Json payloadExtra = Json::object();
    for (const auto& [key, value] : payload.items()) {
        if (key != "action" && key != "target" && key != "content" && key != "old_text" && key != "operations"
            && key != "matched_entry")
            payloadExtra[key] = value;
    }
    if (!payloadExtra.empty())
        w.unknown["payload_extra"] = std::move(payloadExtra);
    return std::move(w);
}

bool StagedWrite::isBatch() const { return op.value("action", std::string()) == "batch"; }

Json StagedWrite::source() const
{
    Json s = Json::object();
    s["agent"] = "hermes";
    s["hermes_id"] = toStd(id);
    s["origin"] = toStd(origin);
    s["summary"] = toStd(summary);
    s["created_at"] = createdAt;
    s["subsystem"] = toStd(subsystem);
    s["staged_file"] = toStd(stagedPath());
    for (const auto& [key, value] : unknown.items()) {
        if (!s.contains(key))
            s[key] = value;
    }
    return s;
}

Result<StagedWrite> StagedWrite::parseIn(const QString& subsystem, const QByteArray& bytes, const QString& fileName)
{
    if (subsystem == QLatin1String("skills"))
        return StagedSkillWrite::parse(bytes, fileName);
    return parse(bytes, fileName);
}

QString StagedWrite::stagedPath() const { return QStringLiteral("pending/%1/%2").arg(subsystem, fileName); }

QString StagedWrite::contentHash() const { return ProposalValidator::contentHash(target, op); }

} // namespace sediment
