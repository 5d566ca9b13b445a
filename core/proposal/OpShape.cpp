#include "proposal/OpShape.h"

#include "agent/AgentHomes.h"
#include "model/Destination.h"
#include "model/Skill.h"
#include "proposal/Sanitizer.h"
#include "workspace/PathGuard.h"

#include <QDir>
#include <QStringList>

#include <algorithm>
#include <array>
#include <initializer_list>

namespace sediment {

namespace {

// A proposal's destination as its JSON spells it, compared without building a QString: a bulk
// propose checks every line.
const QString* findDestination(const std::string& d)
{
    const QLatin1StringView word(d.data(), qsizetype(d.size())); // the words are ASCII
    const QStringList& known = wordTexts<Destination>();
    const auto it = std::ranges::find_if(known, [&](const QString& k) { return k == word; });
    return it == known.end() ? nullptr : &*it;
}

QString field(std::string_view name) { return QStringLiteral("op.") + fromStd(std::string(name)); }

Error invalidField(std::string_view name, const QString& what)
{
    return Error::invalid(field(name) + QLatin1Char(' ') + what);
}

// Only the listed keys may appear: a misspelt field is reported, never silently dropped. The
// label ("a memory op") is made only for the message.
template <typename Label>
Status onlyKeys(const Json& op, std::initializer_list<const char*> keys, Label&& label)
{
    for (auto it = op.begin(); it != op.end(); ++it) {
        const std::string& key = it.key();
        if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; })) {
            QStringList names;
            for (const char* k : keys)
                names << QLatin1String(k);
            return fail(Error::invalid(QStringLiteral("%1 is not a field of %2 (expected %3)")
                                           .arg(field(key), label(), names.join(QLatin1String(", ")))));
        }
    }
    return {};
}

QString literal(const char* text) { return QLatin1String(text); }

// The string at `key`, nullptr when absent or null, an error for any other type.
Result<std::string*> optString(Json& op, const char* key, std::string_view name)
{
    const auto it = op.find(key);
    if (it == op.end() || it->is_null())
        return static_cast<std::string*>(nullptr);
    if (!it->is_string())
        return fail(
            invalidField(name, QStringLiteral("must be a string (got %1)").arg(fromStd(OpShape::typeName(*it)))));
    return &it->get_ref<std::string&>();
}

Result<std::string*> reqString(Json& op, const char* key, std::string_view name)
{
    auto s = optString(op, key, name);
    if (s && !*s)
        return fail(invalidField(name, QStringLiteral("is required")));
    return s;
}

// A string field that one choice (`use`: "action 'add'", "mode 'patch'") requires and the
// others forbid: the string when `wanted`, nullptr when rightly absent, else an error naming `use`.
Result<std::string*> stringFor(Json& op, const char* key, std::string_view name, bool wanted, const QString& use)
{
    auto text = optString(op, key, name);
    if (!text)
        return text;
    if (!wanted && *text)
        return fail(invalidField(name, QStringLiteral("is not used by %1").arg(use)));
    if (wanted && !*text)
        return fail(invalidField(name, QStringLiteral("is required for %1").arg(use)));
    return text;
}

bool isBlank(const std::string& s)
{
    return std::all_of(s.begin(), s.end(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
    });
}

Status checkBody(const std::string& text, std::string_view name)
{
    if (text.size() <= Sanitizer::kFileBodyCap)
        return {};
    const std::size_t length = Sanitizer::codePoints(text);
    if (length > Sanitizer::kFileBodyCap)
        return fail(invalidField(name, QStringLiteral("is longer than %1 code points (got %2); "
                                                      "file bodies are not cut, split the change")
                                           .arg(Sanitizer::kFileBodyCap)
                                           .arg(length)));
    return {};
}

bool depthOk(const Json& v, int left)
{
    if (!v.is_structured())
        return true;
    if (left == 0)
        return false;
    for (const auto& item : v)
        if (!depthOk(item, left - 1))
            return false;
    return true;
}

} // namespace

OpShape::OpShape(QString destination, const PathGuard& guard, QString claudeMd, QString settingsJson,
                 Sanitizer& sanitizer, const AgentHomes& agents)
    : m_destination(std::move(destination))
    , m_guard(guard)
    , m_claudeMd(std::move(claudeMd))
    , m_settingsJson(std::move(settingsJson))
    , m_sanitizer(sanitizer)
    , m_agents(agents)
{}

bool OpShape::isKnownDestination(const std::string& d) { return findDestination(d) != nullptr; }

QString OpShape::destinationName(const std::string& known)
{
    const QString* name = findDestination(known);
    return name ? *name : fromStd(known); // the shared word: no copy of its text per proposal
}

std::string OpShape::destinationList() { return wordTexts<Destination>().join(QStringLiteral(", ")).toStdString(); }

std::string OpShape::typeName(const Json& v)
{
    if (v.is_object())
        return "an object";
    if (v.is_array())
        return "an array";
    if (v.is_string())
        return "a string";
    if (v.is_boolean())
        return "a boolean";
    if (v.is_number())
        return "a number";
    return "null";
}

std::string OpShape::preview(const Json& v)
{
    std::string text = v.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (text.size() <= 60)
        return text;
    std::size_t cut = 57;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return text.substr(0, cut) + "...";
}

bool OpShape::withinDepth(const Json& value, int maxDepth) { return depthOk(value, maxDepth); }

Result<Json> OpShape::normalise(Json op) const
{
    if (!op.is_object())
        return fail(Error::invalid(QStringLiteral("op must be an object (got %1)").arg(fromStd(typeName(op)))));
    const QString& d = m_destination;
    if (isMemoryStore(d))
        return memory(op);
    // An op in an agent's own words is shaped by its adapter (a Claude Code tool's input).
    if (const AgentHome* agent = m_agents.speaking(d, op))
        if (auto shaped = agent->normalise(d, op, m_sanitizer))
            return std::move(*shaped);
    if (isWord(d, Destination::ClaudeMemory))
        return fail(Error::invalid(
            QStringLiteral("claude_memory ops are Claude Code's own writes, and its adapter is not plugged in here")));
    if (isWord(d, Destination::ClaudeMd))
        return fileEdit(op, m_claudeMd);
    if (isWord(d, Destination::SettingsJson))
        return settings(op);
    if (isWord(d, Destination::Skill))
        return skill(op);
    return note(op); // brain_inbox, chantier_outil
}

Result<Json> OpShape::memory(Json& op) const
{
    if (auto s = onlyKeys(op, {"action", "content", "old_text", "operations"},
                          [&] { return QStringLiteral("a %1 op").arg(m_destination); });
        !s)
        return fail(s.error());
    auto action = reqString(op, "action", "action");
    if (!action)
        return fail(action.error());
    const std::string& a = **action;
    if (a == "batch") {
        const auto it = op.find("operations");
        if (it == op.end() || !it->is_array() || it->empty())
            return fail(invalidField("operations", QStringLiteral("must be a non-empty array for action 'batch'")));
        if (op.contains("content") || op.contains("old_text"))
            return fail(Error::invalid(
                QStringLiteral("op.content and op.old_text belong in op.operations for action 'batch'")));
        Json ops = Json::array();
        for (std::size_t i = 0; i < it->size(); ++i) {
            Json& one = (*it)[i];
            const std::string prefix = "operations[" + std::to_string(i) + "]";
            if (!one.is_object())
                return fail(invalidField(prefix, QStringLiteral("must be an object")));
            if (one.value("action", Json()) == "batch")
                return fail(invalidField(prefix + ".action", QStringLiteral("cannot nest a batch")));
            OpShape inner(m_destination, m_guard, m_claudeMd, m_settingsJson, m_sanitizer, m_agents);
            auto n = inner.memoryOne(one, prefix + ".");
            if (!n)
                return fail(n.error());
            ops.push_back(std::move(*n));
        }
        Json out = Json::object();
        out["action"] = "batch";
        out["operations"] = std::move(ops);
        return out;
    }
    if (op.contains("operations"))
        return fail(invalidField("operations", QStringLiteral("is only used by action 'batch'")));
    return memoryOne(op, "");
}

Result<Json> OpShape::memoryOne(Json& op, const std::string& prefix) const
{
    if (auto s = onlyKeys(op, {"action", "content", "old_text"}, [] { return literal("a memory operation"); }); !s)
        return fail(s.error());
    auto action = reqString(op, "action", prefix + "action");
    if (!action)
        return fail(action.error());
    const std::string a = **action;
    const bool wantsContent = a == "add" || a == "replace";
    const bool wantsOld = a == "replace" || a == "remove";
    if (!wantsContent && !wantsOld)
        return fail(invalidField(prefix + "action", QStringLiteral("must be one of add, replace, remove%1 (got %2)")
                                                        .arg(prefix.empty() ? QStringLiteral(", batch") : QString(),
                                                             fromStd(preview(op["action"])))));
    Json out = Json::object();
    out["action"] = a;
    for (const auto& [key, wanted] : {std::pair{"content", wantsContent}, std::pair{"old_text", wantsOld}}) {
        const std::string name = prefix + key;
        auto text = stringFor(op, key, name, wanted, QStringLiteral("action '%1'").arg(fromStd(a)));
        if (!text)
            return fail(text.error());
        if (!wanted)
            continue;
        if (std::string_view(key) == "content")
            m_sanitizer.stripAndCap(**text, "op." + name);
        else
            m_sanitizer.strip(**text, "op." + name);
        if (isBlank(**text))
            return fail(invalidField(name, QStringLiteral("must not be empty")));
        out[key] = std::move(**text);
    }
    return out;
}

Result<QString> OpShape::checkPath(Json& op, const QString& defaultPath) const
{
    auto path = optString(op, "path", "path");
    if (!path)
        return fail(path.error());
    const QString relative = *path ? fromStd(**path) : defaultPath;
    if (auto resolved = m_guard.resolve(relative); !resolved)
        return fail(Error::invalid(QStringLiteral("op.path: %1").arg(resolved.error().message)));
    return relative;
}

Result<Json> OpShape::fileEdit(Json& op, const QString& defaultPath) const
{
    if (auto s = onlyKeys(op, {"path", "before", "after"}, [] { return literal("a claude_md op"); }); !s)
        return fail(s.error());
    auto path = checkPath(op, defaultPath);
    if (!path)
        return fail(path.error());
    Json out = Json::object();
    out["path"] = toStd(*path);
    for (const char* key : {"before", "after"}) {
        auto text = reqString(op, key, key);
        if (!text)
            return fail(text.error());
        m_sanitizer.strip(**text, std::string("op.") + key);
        if (auto s = checkBody(**text, key); !s)
            return fail(s.error());
        out[key] = std::move(**text);
    }
    return out;
}

Result<Json> OpShape::settings(Json& op) const
{
    if (auto s = onlyKeys(op, {"path", "patch"}, [] { return literal("a settings_json op"); }); !s)
        return fail(s.error());
    auto path = checkPath(op, m_settingsJson);
    if (!path)
        return fail(path.error());
    const auto it = op.find("patch");
    if (it == op.end() || it->is_null())
        return fail(invalidField("patch", QStringLiteral("is required")));
    if (!it->is_object())
        return fail(invalidField("patch", QStringLiteral("must be an object (got %1)").arg(fromStd(typeName(*it)))));
    if (!withinDepth(*it))
        return fail(invalidField("patch", QStringLiteral("is nested too deeply")));
    m_sanitizer.stripTree(*it, "op.patch");
    if (auto s = checkBody(it->dump(-1, ' ', false, Json::error_handler_t::replace), "patch"); !s)
        return fail(s.error());
    Json out = Json::object();
    out["path"] = toStd(*path);
    out["patch"] = std::move(*it);
    return out;
}

Result<Json> OpShape::note(Json& op) const
{
    if (auto s = onlyKeys(op, {"title", "text"}, [&] { return QStringLiteral("a %1 op").arg(m_destination); }); !s)
        return fail(s.error());
    auto title = reqString(op, "title", "title");
    if (!title)
        return fail(title.error());
    m_sanitizer.stripAndCap(**title, "op.title");
    if (isBlank(**title))
        return fail(invalidField("title", QStringLiteral("must not be empty")));
    auto text = reqString(op, "text", "text");
    if (!text)
        return fail(text.error());
    m_sanitizer.strip(**text, "op.text");
    if (auto s = checkBody(**text, "text"); !s)
        return fail(s.error());
    Json out = Json::object();
    out["title"] = std::move(**title);
    out["text"] = std::move(**text);
    return out;
}

Result<Json> OpShape::skill(Json& op) const
{
    if (auto s = onlyKeys(op, {"name", "mode", "text", "before", "after"}, [] { return literal("a skill op"); }); !s)
        return fail(s.error());
    auto name = reqString(op, "name", "name");
    if (!name)
        return fail(name.error());
    if (!Skill::isValidName(std::string_view(**name)))
        return fail(invalidField(
            "name", QStringLiteral("must match [a-z0-9][a-z0-9._-]{0,63} (got %1)").arg(fromStd(preview(op["name"])))));
    auto mode = reqString(op, "mode", "mode");
    if (!mode)
        return fail(mode.error());
    const std::string m = **mode;
    if (m != "create" && m != "patch")
        return fail(
            invalidField("mode", QStringLiteral("must be create or patch (got %1)").arg(fromStd(preview(op["mode"])))));
    Json out = Json::object();
    out["name"] = std::move(**name);
    out["mode"] = m;
    for (const char* key : {"text", "before", "after"}) {
        const bool wanted = (m == "create") == (std::string_view(key) == "text");
        auto text = stringFor(op, key, key, wanted, QStringLiteral("mode '%1'").arg(fromStd(m)));
        if (!text)
            return fail(text.error());
        if (!wanted)
            continue;
        m_sanitizer.strip(**text, std::string("op.") + key);
        if (auto s = checkBody(**text, key); !s)
            return fail(s.error());
        out[key] = std::move(**text);
    }
    return out;
}

} // namespace sediment
