#include "claudecode/ClaudeCodeOp.h"

#include "claudecode/ClaudeWatchedPaths.h"
#include "proposal/Sanitizer.h"

#include <QDir>
#include <QStringList>

namespace sediment {

namespace {

Error invalid(const QString& field, const QString& what)
{
    return Error::invalid(QStringLiteral("op.%1 %2").arg(field, what));
}

Status onlyKeys(const Json& op, std::initializer_list<const char*> keys, const QString& label)
{
    for (auto it = op.begin(); it != op.end(); ++it) {
        if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return it.key() == k; })) {
            QStringList names;
            for (const char* k : keys)
                names << QLatin1String(k);
            return fail(Error::invalid(QStringLiteral("op.%1 is not a field of %2 (expected %3)")
                                           .arg(fromStd(it.key()), label, names.join(QStringLiteral(", ")))));
        }
    }
    return {};
}

Result<std::string> text(Json& op, const char* key, const QString& field, bool required = true)
{
    const auto it = op.find(key);
    if (it == op.end() || it->is_null()) {
        if (required)
            return fail(invalid(field, QStringLiteral("is required")));
        return std::string();
    }
    if (!it->is_string())
        return fail(invalid(field, QStringLiteral("must be a string")));
    return it->get<std::string>();
}

Result<bool> flag(const Json& op, const char* key, const QString& field)
{
    const auto it = op.find(key);
    if (it == op.end() || it->is_null())
        return false;
    if (!it->is_boolean())
        return fail(invalid(field, QStringLiteral("must be true or false")));
    return it->get<bool>();
}

// A body as a file body (docs/verbs.md#propose): controls stripped, never cut; too long is invalid.
Result<std::string> body(Json& op, const char* key, const QString& field, Sanitizer& sanitizer)
{
    auto t = text(op, key, field);
    if (!t)
        return t;
    sanitizer.strip(*t, "op." + field.toStdString());
    if (t->size() > Sanitizer::kFileBodyCap && Sanitizer::codePoints(*t) > Sanitizer::kFileBodyCap)
        return fail(invalid(
            field,
            QStringLiteral("is longer than %1 code points; file bodies are not cut").arg(Sanitizer::kFileBodyCap)));
    return t;
}

Result<Json> edit(Json& e, const QString& prefix, Sanitizer& sanitizer)
{
    if (!e.is_object())
        return fail(Error::invalid(QStringLiteral("op.%1 must be an object").arg(prefix.chopped(1))));
    if (auto s = onlyKeys(e, {"old_string", "new_string", "replace_all"}, QStringLiteral("an edit")); !s)
        return fail(s.error());
    auto oldString = body(e, "old_string", prefix + QStringLiteral("old_string"), sanitizer);
    if (!oldString)
        return fail(oldString.error());
    auto newString = body(e, "new_string", prefix + QStringLiteral("new_string"), sanitizer);
    if (!newString)
        return fail(newString.error());
    auto all = flag(e, "replace_all", prefix + QStringLiteral("replace_all"));
    if (!all)
        return fail(all.error());
    if (*oldString == *newString)
        return fail(Error::invalid(
            QStringLiteral("op.%1old_string and new_string are the same: nothing would change").arg(prefix)));
    return Json{{"old_string", std::move(*oldString)}, {"new_string", std::move(*newString)}, {"replace_all", *all}};
}

// Non-overlapping occurrences, left to right, as the tool counts them (TextEdit counts
// overlapping ones, for Sediment's own anchors).
qsizetype occurrences(const QString& text, const QString& what)
{
    qsizetype n = 0;
    for (qsizetype at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.size()))
        ++n;
    return n;
}

QString preview(const QString& s)
{
    QString line = s.simplified();
    return line.size() > 60 ? line.left(57) + QStringLiteral("...") : line;
}

} // namespace

bool ClaudeCodeOp::isPayload(const Json& op) { return op.is_object() && op.contains("tool"); }

Result<Json> ClaudeCodeOp::normalise(Json op, ClaudeFileKind kind, const QString& home, Sanitizer& sanitizer)
{
    if (!op.is_object())
        return fail(Error::invalid(QStringLiteral("op must be an object")));
    auto toolText = text(op, "tool", QStringLiteral("tool"));
    if (!toolText)
        return fail(toolText.error());
    const auto tool = findWord<Tool>(fromStd(*toolText));
    if (!tool)
        return fail(invalid(QStringLiteral("tool"), QStringLiteral("must be Write, Edit or MultiEdit")));
    const QString label = QStringLiteral("a Claude Code %1 op").arg(toString(*tool));
    Status keys;
    switch (*tool) {
    case Tool::Write:
        keys = onlyKeys(op, {"tool", "file_path", "cwd", "content"}, label);
        break;
    case Tool::Edit:
        keys = onlyKeys(op, {"tool", "file_path", "cwd", "old_string", "new_string", "replace_all"}, label);
        break;
    case Tool::MultiEdit:
        keys = onlyKeys(op, {"tool", "file_path", "cwd", "edits"}, label);
        break;
    }
    if (!keys)
        return fail(keys.error());
    Json out = Json::object();
    out["tool"] = *toolText;
    for (const char* key : {"file_path", "cwd"}) {
        auto path = text(op, key, QLatin1String(key));
        if (!path)
            return fail(path.error());
        if (!QDir::isAbsolutePath(fromStd(*path)) || path->find('\0') != std::string::npos)
            return fail(invalid(QLatin1String(key), QStringLiteral("must be an absolute path")));
        out[key] = toStd(QDir::cleanPath(fromStd(*path)));
    }
    const ClaudeWatchedPaths watched(home, fromStd(out["cwd"].get<std::string>()));
    const QString filePath = fromStd(out["file_path"].get<std::string>());
    const auto found = watched.classify(filePath);
    if (found != kind)
        return fail(invalid(
            QStringLiteral("file_path"),
            found ? QStringLiteral("is Claude Code's %1, not its %2")
                        .arg(found == ClaudeFileKind::Memory ? QStringLiteral("memory") : QStringLiteral("directive"),
                             kind == ClaudeFileKind::Memory ? QStringLiteral("memory") : QStringLiteral("directive"))
                  : QStringLiteral("is not a memory or directive file Claude Code loads (got '%1')").arg(filePath)));
    switch (*tool) {
    case Tool::Write: {
        auto content = body(op, "content", QStringLiteral("content"), sanitizer);
        if (!content)
            return fail(content.error());
        out["content"] = std::move(*content);
        break;
    }
    case Tool::Edit: {
        Json one = Json::object();
        for (const char* key : {"old_string", "new_string", "replace_all"})
            if (op.contains(key))
                one[key] = std::move(op[key]);
        auto e = edit(one, QString(), sanitizer);
        if (!e)
            return fail(e.error());
        out.update(*e);
        break;
    }
    case Tool::MultiEdit: {
        const auto it = op.find("edits");
        if (it == op.end() || !it->is_array() || it->empty())
            return fail(invalid(QStringLiteral("edits"), QStringLiteral("must be a non-empty array")));
        Json edits = Json::array();
        for (std::size_t i = 0; i < it->size(); ++i) {
            auto e = edit((*it)[i], QStringLiteral("edits[%1].").arg(i), sanitizer);
            if (!e)
                return fail(e.error());
            edits.push_back(std::move(*e));
        }
        out["edits"] = std::move(edits);
        break;
    }
    }
    return out;
}

Result<ClaudeCodeOp> ClaudeCodeOp::parse(const Json& op)
{
    const auto bad = [] { return fail(Error::invalid(QStringLiteral("not a Claude Code op"))); };
    if (!op.is_object() || !op.value("tool", Json()).is_string() || !op.value("file_path", Json()).is_string()
        || !op.value("cwd", Json()).is_string())
        return bad();
    const auto tool = findWord<Tool>(fromStd(op["tool"].get<std::string>()));
    if (!tool)
        return bad();
    ClaudeCodeOp out;
    out.tool = *tool;
    out.filePath = fromStd(op["file_path"].get<std::string>());
    out.cwd = fromStd(op["cwd"].get<std::string>());
    const auto editOf = [](const Json& e) -> std::optional<Edit> {
        if (!e.is_object() || !e.value("old_string", Json()).is_string() || !e.value("new_string", Json()).is_string())
            return std::nullopt;
        return Edit{fromStd(e["old_string"].get<std::string>()), fromStd(e["new_string"].get<std::string>()),
                    e.value("replace_all", false)};
    };
    switch (*tool) {
    case Tool::Write:
        if (!op.value("content", Json()).is_string())
            return bad();
        out.content = fromStd(op["content"].get<std::string>());
        break;
    case Tool::Edit: {
        auto e = editOf(op);
        if (!e)
            return bad();
        out.edits.push_back(std::move(*e));
        break;
    }
    case Tool::MultiEdit:
        if (!op.value("edits", Json()).is_array() || op["edits"].empty())
            return bad();
        for (const Json& one : op["edits"]) {
            auto e = editOf(one);
            if (!e)
                return bad();
            out.edits.push_back(std::move(*e));
        }
        break;
    }
    return out;
}

Json ClaudeCodeOp::identity(Json op)
{
    if (op.is_object())
        op.erase("cwd");
    return op;
}

Json ClaudeCodeOp::toJson() const
{
    Json out{{"tool", toStd(toString(tool))}, {"file_path", toStd(filePath)}, {"cwd", toStd(cwd)}};
    const auto editJson = [](const Edit& e) {
        return Json{
            {"old_string", toStd(e.oldString)}, {"new_string", toStd(e.newString)}, {"replace_all", e.replaceAll}};
    };
    if (tool == Tool::Write)
        out["content"] = toStd(content);
    else if (tool == Tool::Edit && !edits.empty())
        out.update(editJson(edits.front()));
    else {
        out["edits"] = json::arrayOf(edits, editJson);
    }
    return out;
}

std::expected<QString, QString> ClaudeCodeOp::applyTo(const std::optional<QString>& current) const
{
    if (tool == Tool::Write)
        return content;
    // An empty old_string creates the file, as the tool does; anywhere else it would match
    // everywhere, so the tool refuses it on a file that has text.
    QString text = current.value_or(QString());
    for (std::size_t i = 0; i < edits.size(); ++i) {
        const Edit& e = edits[i];
        const QString which = edits.size() > 1 ? QStringLiteral("edit %1: ").arg(i + 1) : QString();
        if (e.oldString.isEmpty()) {
            if (i == 0 && text.isEmpty()) {
                text = e.newString;
                continue;
            }
            return std::unexpected(which + QStringLiteral("old_string is empty but %1 is not").arg(filePath));
        }
        if (!current && i == 0)
            return std::unexpected(QStringLiteral("%1 does not exist").arg(filePath));
        const qsizetype n = occurrences(text, e.oldString);
        if (n == 0)
            return std::unexpected(which
                                   + QStringLiteral("'%1' is no longer in %2").arg(preview(e.oldString), filePath));
        if (n > 1 && !e.replaceAll)
            return std::unexpected(which
                                   + QStringLiteral("'%1' occurs %2 times in %3; the edit needs exactly one")
                                         .arg(preview(e.oldString))
                                         .arg(n)
                                         .arg(filePath));
        if (e.replaceAll)
            text.replace(e.oldString, e.newString);
        else
            text.replace(text.indexOf(e.oldString), e.oldString.size(), e.newString);
    }
    return text;
}

QString ClaudeCodeOp::summary() const
{
    const QString name = filePath.mid(filePath.lastIndexOf(QLatin1Char('/')) + 1);
    switch (tool) {
    case Tool::Write:
        return QStringLiteral("Write %1: %2").arg(name, preview(content));
    case Tool::Edit:
        return QStringLiteral("Edit %1: %2").arg(name, preview(edits.empty() ? QString() : edits.front().newString));
    case Tool::MultiEdit:
        return QStringLiteral("MultiEdit %1: %2 edits").arg(name).arg(edits.size());
    }
    return QString();
}

} // namespace sediment
