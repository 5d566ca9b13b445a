#include "hermes/StagedEnvelope.h"

#include "util/JsonDepth.h"
#include "util/JsonError.h"

#include <QRegularExpression>

namespace sediment {

Result<StagedEnvelope::Opened> StagedEnvelope::open(const QByteArray& bytes, const QString& fileName,
                                                    const char* subsystem)
{
    auto root = readObject(bytes);
    if (!root)
        return fail(root.error());
    auto id = readId(*root, fileName);
    if (!id)
        return fail(id.error());
    if (auto s = checkSubsystem(*root, subsystem); !s)
        return fail(s.error());
    return Opened{std::move(*root), std::move(*id)};
}

Result<std::pair<Json, StagedWrite>> StagedEnvelope::begin(const QByteArray& bytes, const QString& fileName,
                                                           const char* subsystem)
{
    auto opened = open(bytes, fileName, subsystem);
    if (!opened)
        return fail(opened.error());
    StagedWrite w;
    w.fileName = fileName;
    w.id = std::move(opened->id);
    return std::pair{std::move(opened->root), std::move(w)};
}

Result<Json> StagedEnvelope::createdAt(const Json& root)
{
    const auto it = root.find("created_at");
    if (it == root.end() || it->is_null())
        return Json(nullptr);
    if (!it->is_number())
        return fail(Error::invalid(QStringLiteral("created_at must be a number of seconds")));
    return *it;
}

Result<Json> StagedEnvelope::readObject(const QByteArray& bytes)
{
    QByteArray text = bytes;
    if (text.startsWith("\xEF\xBB\xBF")) // Hermes reads its records as utf-8-sig
        text.remove(0, 3);
    Json root;
    try {
        root = json::parseShallow(std::string_view(text.constData(), std::size_t(text.size())));
    } catch (const Json::exception& e) { // a number out of range is out_of_range, not parse_error
        return fail(Error::invalid(QStringLiteral("not valid JSON: %1").arg(json::plainError(e.what()))));
    } catch (const json::TooDeep&) {
        return fail(
            Error::invalid(QStringLiteral("not valid JSON: nested deeper than %1 levels").arg(json::kMaxDepth)));
    }
    if (!root.is_object())
        return fail(Error::invalid(QStringLiteral("the record is not a JSON object")));
    return root;
}

Result<QString> StagedEnvelope::readId(const Json& root, const QString& fileName)
{
    QString id;
    const auto it = root.find("id");
    if (it == root.end() || it->is_null())
        id = fileName.endsWith(QLatin1String(".json")) ? fileName.chopped(5) : fileName;
    else if (it->is_string())
        id = fromStd(it->get<std::string>());
    else
        return fail(Error::invalid(QStringLiteral("id must be a string")));
    static const QRegularExpression idShape(QStringLiteral("^[A-Za-z0-9_-]{1,128}$"));
    if (!idShape.match(id).hasMatch())
        return fail(Error::invalid(QStringLiteral("id '%1' is not a pending id").arg(id)));
    return id;
}

Status StagedEnvelope::checkSubsystem(const Json& root, const char* subsystem)
{
    const auto it = root.find("subsystem");
    if (it != root.end() && !it->is_null() && (!it->is_string() || it->get<std::string>() != subsystem))
        return fail(Error::invalid(QStringLiteral("subsystem must be \"%1\"").arg(QLatin1String(subsystem))));
    return {};
}

} // namespace sediment
