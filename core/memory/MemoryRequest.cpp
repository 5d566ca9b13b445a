#include "memory/MemoryRequest.h"

#include "memory/UnicodeText.h"
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

// A text field: nullopt when absent or falsy (Hermes treats both as "not given"); an error when
// it is given but is not a string, which Hermes would crash on.
Result<std::optional<QString>> textField(const Json& object, const char* name,
                                         const QString& where)
{
    const Json& v = field(object, name);
    if (!truthy(v))
        return std::optional<QString>();
    if (!v.is_string())
        return fail(Error::invalid(QStringLiteral("%1%2 must be a string.")
                                       .arg(where, QLatin1String(name))));
    return std::optional<QString>(UnicodeText::fromUtf8(v.get_ref<const std::string&>()));
}

QString actionOf(const Json& object)
{
    const Json& v = field(object, "action");
    return truthy(v) ? MemoryRequest::pythonStr(v) : QString();
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
    return qs(json::pythonDump(value));
}

Result<MemoryRequest> MemoryRequest::parse(const Json& request)
{
    if (!request.is_object())
        return fail(Error::invalid(QStringLiteral("a memory request must be a JSON object")));
    MemoryRequest r;
    // Hermes defaults a missing target to "memory" but formats whatever else it was given.
    const auto targetIt = request.find("target");
    r.target = targetIt == request.end() ? QStringLiteral("memory") : pythonStr(*targetIt);
    const bool known = r.target == QLatin1String("memory") || r.target == QLatin1String("user");
    if (!known || (targetIt != request.end() && !targetIt->is_string()))
        return fail(Error::invalid(
            QStringLiteral("Invalid target '%1'. Use 'memory' or 'user'.").arg(r.target)));

    const Json& operations = field(request, "operations");
    if (truthy(operations)) {
        const QString shape =
            QStringLiteral("operations must be a list of {action, content?, old_text?} objects.");
        if (!operations.is_array())
            return fail(Error::invalid(shape));
        r.op.action = QStringLiteral("batch");
        for (size_t i = 0; i < operations.size(); ++i) {
            const Json& item = operations[i];
            MemoryOp sub;
            if (truthy(item)) { // Hermes reads a null or empty item as {}
                if (!item.is_object())
                    return fail(Error::invalid(shape));
                const QString where = QStringLiteral("operation %1: ").arg(i + 1);
                sub.action = actionOf(item);
                auto content = textField(item, "content", where);
                if (!content)
                    return fail(content.error());
                auto oldText = textField(item, "old_text", where);
                if (!oldText)
                    return fail(oldText.error());
                sub.content = *content;
                sub.oldText = *oldText;
            }
            r.op.operations.push_back(std::move(sub));
        }
        return r;
    }

    const Json& actionValue = field(request, "action");
    r.op.action = request.contains("action") ? pythonStr(actionValue) : QString();
    auto content = textField(request, "content", {});
    if (!content)
        return fail(content.error());
    auto oldText = textField(request, "old_text", {});
    if (!oldText)
        return fail(oldText.error());
    r.op.content = *content;
    r.op.oldText = *oldText;

    const QString& a = r.op.action;
    if (a == QLatin1String("add") && !r.op.content)
        return fail(Error::invalid(QStringLiteral("Content is required for 'add' action.")));
    if (a == QLatin1String("replace") && !r.op.oldText)
        return fail(Error::invalid(QStringLiteral("old_text is required for 'replace' action.")));
    if (a == QLatin1String("replace") && !r.op.content)
        return fail(Error::invalid(QStringLiteral("content is required for 'replace' action.")));
    if (a == QLatin1String("remove") && !r.op.oldText)
        return fail(Error::invalid(QStringLiteral("old_text is required for 'remove' action.")));
    if (a != QLatin1String("add") && a != QLatin1String("replace") && a != QLatin1String("remove"))
        return fail(Error::invalid(
            QStringLiteral("Unknown action '%1'. Use: add, replace, remove").arg(a)));
    return r;
}

MemoryRequest::Parsed MemoryRequest::parseText(const std::string& text)
{
    Parsed p;
    Json doc;
    try {
        doc = json::parseShallow(text, false);
    } catch (const json::TooDeep&) {
        doc = Json(Json::value_t::discarded);
    }
    if (doc.is_discarded()) {
        p.malformed = true;
        p.error = Error::invalid(QStringLiteral("the memory request is not valid JSON"));
        return p;
    }
    if (!doc.is_object()) {
        p.malformed = true;
        p.error = Error::invalid(QStringLiteral("the memory request must be a JSON object"));
        return p;
    }
    auto r = parse(doc);
    if (r)
        p.request = std::move(*r);
    else
        p.error = r.error();
    return p;
}

} // namespace sediment
