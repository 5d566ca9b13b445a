#include "memory/MemoryRequest.h"

#include "memory/MemoryEdit.h"
#include "memory/MemoryResponse.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"
#include "util/JsonDepth.h"

namespace sediment {

namespace {

// Python truthiness of a JSON value: what `not content` tests in Hermes.
bool truthy(const Json& v)
{
    if (v.is_null())
        return false;
    if (v.is_boolean())
        return v.get<bool>();
    if (v.is_number_integer() || v.is_number_unsigned())
        return v.get<long long>() != 0;
    if (v.is_number_float())
        return v.get<double>() != 0.0;
    if (v.is_string())
        return !v.get_ref<const std::string&>().empty();
    return !v.empty(); // arrays and objects
}

const Json& field(const Json& object, const char* name)
{
    static const Json null;
    const auto it = object.find(name);
    return it == object.end() ? null : *it;
}

// A text value: nullopt when falsy (Hermes treats it as "not given"); an error when it is given
// but is not a string, which Hermes would crash on.
Result<std::optional<QString>> textValue(const Json& v, const char* name, const QString& where)
{
    if (!truthy(v))
        return std::optional<QString>();
    if (!v.is_string())
        return fail(Error::invalid(QStringLiteral("%1%2 must be a string.").arg(where, QLatin1String(name))));
    return std::optional<QString>(UnicodeText::fromUtf8(v.get_ref<const std::string&>()));
}

MemoryRequest::Parsed answered(Json answer, bool asciiOnly = false)
{
    MemoryRequest::Parsed p;
    p.answer = std::move(answer);
    p.asciiOnly = asciiOnly;
    return p;
}

MemoryRequest::Parsed invalid(const Error& error)
{
    MemoryRequest::Parsed p;
    p.error = error;
    return p;
}

// One operation of a batch, read as Hermes' batch reads it: `content` or else `new_text`
// (the first that is truthy), `old_text`, and a pinned `matched_entry` if there is one.
Result<MemoryOp> batchOperation(const Json& item, size_t index)
{
    MemoryOp sub;
    if (!truthy(item)) // Hermes reads a null or empty item as {}
        return sub;
    if (!item.is_object())
        return fail(
            Error::invalid(QStringLiteral("operations must be a list of {action, content?, old_text?} objects.")));
    const QString where = QStringLiteral("operation %1: ").arg(index + 1);
    const Json& action = field(item, "action");
    sub.action = truthy(action) ? MemoryRequest::pythonStr(action) : QString();
    auto content = textValue(field(item, "content"), "content", where);
    if (!content)
        return fail(content.error());
    if (!*content) {
        auto alias = textValue(field(item, "new_text"), "new_text", where);
        if (!alias)
            return fail(alias.error());
        sub.content = *alias;
        sub.contentFromAlias = alias->has_value();
    } else {
        sub.content = *content;
    }
    auto oldText = textValue(field(item, "old_text"), "old_text", where);
    if (!oldText)
        return fail(oldText.error());
    sub.oldText = *oldText;
    const Json& matched = field(item, "matched_entry");
    if (matched.is_string())
        sub.matchedEntry = UnicodeText::fromUtf8(matched.get_ref<const std::string&>());
    else if (!matched.is_null())
        return fail(Error::invalid(where + QStringLiteral("matched_entry must be a string.")));
    return sub;
}

} // namespace

QString MemoryRequest::pythonStr(const Json& value)
{
    if (value.is_string())
        return UnicodeText::fromUtf8(value.get_ref<const std::string&>());
    if (value.is_null())
        return QStringLiteral("None");
    if (value.is_boolean())
        return value.get<bool>() ? QStringLiteral("True") : QStringLiteral("False");
    return fromStd(json::pythonDump(value));
}

MemoryRequest::Parsed MemoryRequest::parse(const Json& request, Enabled enabled)
{
    if (!request.is_object()) {
        Parsed p;
        p.malformed = true;
        p.error = Error::invalid(QStringLiteral("the memory request must be a JSON object"));
        return p;
    }
    MemoryRequest r;
    // A missing or null target means "memory"; anything else is formatted as given.
    const Json& targetValue = field(request, "target");
    r.target = targetValue.is_null() ? toString(Destination::Memory) : pythonStr(targetValue);
    const bool known = targetValue.is_null() || (targetValue.is_string() && isMemoryStore(r.target));
    // These two answers are printed with Python's default escaping: Hermes dumps them
    // without ensure_ascii=False, unlike every other result.
    if (!known)
        return answered(MemoryResponse::failure(MemoryResponse::boundError(
                            QStringLiteral("Invalid memory target '%1'. Use 'memory' or 'user'.").arg(r.target))),
                        true);
    const bool on = isWord(r.target, Destination::User) ? enabled.user : enabled.memory;
    if (!on) {
        Json refusal = MemoryResponse::failure(
            QStringLiteral("Built-in %1 writes are disabled in memory config.").arg(MemoryEdit::fileName(r.target)));
        refusal["target"] = toStd(r.target);
        Parsed p = answered(std::move(refusal), true);
        p.disabled = true;
        return p;
    }

    const Json& operations = field(request, "operations");
    if (truthy(operations)) {
        if (!operations.is_array())
            return answered(MemoryResponse::toolError(
                QStringLiteral("operations must be a list of {action, content?, old_text?} objects.")));
        r.op.action = QStringLiteral("batch");
        for (size_t i = 0; i < operations.size(); ++i) {
            auto sub = batchOperation(operations[i], i);
            if (!sub)
                return answered(MemoryResponse::toolError(sub.error().message));
            r.op.operations.push_back(std::move(*sub));
        }
        Parsed p;
        p.request = std::move(r);
        return p;
    }

    // The agent loop hands the tool args.get("action"): an absent action is None, as a null one is.
    r.op.action = pythonStr(field(request, "action"));
    const QString& a = r.op.action;
    if (a != QLatin1String("add") && a != QLatin1String("replace") && a != QLatin1String("remove"))
        return answered(
            MemoryResponse::toolError(QStringLiteral("Unknown action '%1'. Use: add, replace, remove").arg(a)));
    // `new_text` stands in for a content that is absent or null (not for an empty one).
    const Json& contentValue = field(request, "content");
    auto content = textValue(contentValue.is_null() ? field(request, "new_text") : contentValue, "content", {});
    if (!content)
        return invalid(content.error());
    auto oldText = textValue(field(request, "old_text"), "old_text", {});
    if (!oldText)
        return invalid(oldText.error());
    r.op.content = *content;
    r.op.oldText = *oldText;

    if (a == QLatin1String("add") && !r.op.content)
        return answered(MemoryResponse::toolError(QStringLiteral("Content is required for 'add' action.")));
    // A replace without old_text is answered by the store, with its entries.
    if (a == QLatin1String("replace") && r.op.oldText && !r.op.content)
        return answered(MemoryResponse::toolError(QStringLiteral("content is required for 'replace' action.")));
    Parsed p;
    p.request = std::move(r);
    return p;
}

MemoryRequest::Parsed MemoryRequest::parseText(const std::string& text, Enabled enabled)
{
    Json doc;
    try {
        doc = json::parseShallow(text, false);
    } catch (const json::TooDeep&) { // nesting that would exhaust the parser's stack
        doc = Json(Json::value_t::discarded);
    }
    if (doc.is_discarded()) {
        Parsed p;
        p.malformed = true;
        p.error = Error::invalid(QStringLiteral("the memory request is not valid JSON"));
        return p;
    }
    return parse(doc, enabled);
}

} // namespace sediment
