#include "claudecode/ClaudeSettingsHook.h"

#include "util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace sediment {

namespace {

bool isObjectAt(const Json& j, const char* key) { return j.contains(key) && j[key].is_object(); }
bool isArrayAt(const Json& j, const char* key) { return j.contains(key) && j[key].is_array(); }

Result<ClaudeSettingsHook::Outcome> save(const QString& file, const Json& settings, bool changed)
{
    ClaudeSettingsHook::Outcome out{file, changed, QString()};
    if (!changed)
        return out;
    if (QFile::exists(file)) {
        auto old = AtomicFile::read(file, false);
        if (!old)
            return fail(old.error());
        out.backup = file + QStringLiteral(".sediment-backup");
        if (auto s = AtomicFile::write(out.backup, *old); !s)
            return fail(s.error());
    }
    if (!QDir().mkpath(QFileInfo(file).absolutePath()))
        return fail(Error::io(QStringLiteral("cannot create the folder of %1").arg(file)));
    const std::string text = settings.dump(2, ' ', false, Json::error_handler_t::replace) + '\n';
    if (auto s = AtomicFile::write(file, QByteArray::fromStdString(text)); !s)
        return fail(s.error());
    return out;
}

// A command's words as a POSIX shell splits them: blanks separate, '…' keeps everything, "…"
// and a backslash escape. Enough to find the program and the verb of a hook command; no
// expansion.
QStringList shellWords(const QString& command)
{
    QStringList words;
    QString word;
    bool inWord = false;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command[i];
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == QLatin1Char('\'')) {
            const qsizetype end = command.indexOf(QLatin1Char('\''), i + 1);
            word += command.mid(i + 1, end < 0 ? -1 : end - i - 1);
            i = end < 0 ? command.size() : end;
        } else if (c == QLatin1Char('"')) {
            for (++i; i < command.size() && command[i] != QLatin1Char('"'); ++i) {
                if (command[i] == QLatin1Char('\\') && i + 1 < command.size()
                    && QStringLiteral("\"\\$`").contains(command[i + 1]))
                    ++i;
                word += command[i];
            }
        } else if (c == QLatin1Char('\\') && i + 1 < command.size()) {
            word += command[++i];
        } else {
            word += c;
        }
    }
    if (inWord)
        words << word;
    return words;
}

bool isOursAt(const Json& hook)
{
    return hook.is_object() && hook.value("command", Json()).is_string()
           && ClaudeSettingsHook::isOurs(fromStd(hook["command"].get<std::string>()));
}

} // namespace

bool ClaudeSettingsHook::isOurs(const QString& command)
{
    // The program by its name alone (`sediment`) or by a path (`/usr/bin/sediment`, quoted when
    // it holds a blank), whatever options follow it.
    const QStringList words = shellWords(command);
    if (words.isEmpty() || !QFileInfo(words.first()).fileName().startsWith(QLatin1String("sediment")))
        return false;
    const qsizetype at = words.indexOf(QStringLiteral("claude-code"));
    return at > 0 && at + 1 < words.size() && words[at + 1] == QLatin1String("hook");
}

QString ClaudeSettingsHook::shellQuoted(const QString& word)
{
    static const QString plain = QStringLiteral("+,-./:=@_%");
    const bool safe = !word.isEmpty() && std::all_of(word.begin(), word.end(), [](QChar c) {
        return (c.unicode() < 128 && c.isLetterOrNumber()) || plain.contains(c);
    });
    if (safe)
        return word;
    QString quoted = word;
    quoted.replace(QStringLiteral("'"), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

bool ClaudeSettingsHook::installed(const Json& settings)
{
    if (!isObjectAt(settings, "hooks") || !isArrayAt(settings["hooks"], "PreToolUse"))
        return false;
    for (const Json& entry : settings["hooks"]["PreToolUse"]) {
        if (!entry.is_object() || entry.value("matcher", Json()) != kMatcher || !isArrayAt(entry, "hooks"))
            continue;
        for (const Json& h : entry["hooks"])
            if (isOursAt(h))
                return true;
    }
    return false;
}

Json ClaudeSettingsHook::withHook(Json settings, const QString& command, bool* changed)
{
    *changed = false;
    if (!isObjectAt(settings, "hooks"))
        settings["hooks"] = Json::object();
    Json& hooks = settings["hooks"];
    if (!isArrayAt(hooks, "PreToolUse"))
        hooks["PreToolUse"] = Json::array();
    // Our hook already there keeps its place and takes this command (another program's path or
    // workspace installed it before); a second one of ours is dropped.
    bool found = false;
    Json kept = Json::array();
    for (Json& entry : hooks["PreToolUse"]) {
        if (entry.is_object() && entry.value("matcher", Json()) == kMatcher && isArrayAt(entry, "hooks")) {
            Json entryHooks = Json::array();
            bool dropped = false;
            for (Json& h : entry["hooks"]) {
                if (!isOursAt(h)) {
                    entryHooks.push_back(std::move(h));
                } else if (found) {
                    dropped = true;
                } else {
                    found = true;
                    if (h["command"] != toStd(command)) {
                        h["command"] = toStd(command);
                        *changed = true;
                    }
                    entryHooks.push_back(std::move(h));
                }
            }
            *changed = *changed || dropped;
            if (entryHooks.empty() && dropped)
                continue;
            entry["hooks"] = std::move(entryHooks);
        }
        kept.push_back(std::move(entry));
    }
    hooks["PreToolUse"] = std::move(kept);
    if (!found) {
        hooks["PreToolUse"].push_back(Json{
            {"matcher", kMatcher}, {"hooks", Json::array({Json{{"type", "command"}, {"command", toStd(command)}}})}});
        *changed = true;
    }
    return settings;
}

Json ClaudeSettingsHook::withoutHook(Json settings, bool* changed)
{
    *changed = false;
    if (!isObjectAt(settings, "hooks") || !isArrayAt(settings["hooks"], "PreToolUse"))
        return settings;
    Json& entries = settings["hooks"]["PreToolUse"];
    Json kept = Json::array();
    for (Json& entry : entries) {
        if (entry.is_object() && isArrayAt(entry, "hooks")) {
            Json hooks = Json::array();
            bool dropped = false;
            for (Json& h : entry["hooks"]) {
                if (isOursAt(h)) {
                    dropped = true;
                    continue;
                }
                hooks.push_back(std::move(h));
            }
            *changed = *changed || dropped;
            if (hooks.empty() && dropped)
                continue; // the entry held only Sediment's hook
            entry["hooks"] = std::move(hooks);
        }
        kept.push_back(std::move(entry));
    }
    if (!*changed)
        return settings;
    if (kept.empty())
        settings["hooks"].erase("PreToolUse");
    else
        entries = std::move(kept);
    if (settings["hooks"].empty())
        settings.erase("hooks");
    return settings;
}

Result<Json> ClaudeSettingsHook::read(const QString& settingsFile)
{
    if (!QFile::exists(settingsFile))
        return Json::object();
    auto bytes = AtomicFile::read(settingsFile, false);
    if (!bytes)
        return fail(bytes.error());
    if (bytes->trimmed().isEmpty())
        return Json::object();
    Json doc = Json::parse(bytes->constData(), bytes->constData() + bytes->size(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return fail(Error::invalid(
            QStringLiteral("%1 is not a JSON object; fix it by hand, nothing was changed").arg(settingsFile)));
    // Claude Code's own shape: a value of another type is the user's mistake to fix, not one to
    // replace with ours.
    const char* misshapen = nullptr;
    if (doc.contains("hooks") && !doc["hooks"].is_object())
        misshapen = "\"hooks\" is not an object";
    else if (doc.contains("hooks") && doc["hooks"].contains("PreToolUse") && !doc["hooks"]["PreToolUse"].is_array())
        misshapen = "\"hooks\".\"PreToolUse\" is not a list";
    if (misshapen)
        return fail(Error::invalid(QStringLiteral("%1: %2, as Claude Code expects; fix it by hand, nothing was changed")
                                       .arg(settingsFile, QString::fromLatin1(misshapen))));
    return doc;
}

Result<ClaudeSettingsHook::Outcome> ClaudeSettingsHook::install(const QString& settingsFile, const QString& command)
{
    auto settings = read(settingsFile);
    if (!settings)
        return fail(settings.error());
    bool changed = false;
    Json next = withHook(std::move(*settings), command, &changed);
    return save(settingsFile, next, changed);
}

Result<ClaudeSettingsHook::Outcome> ClaudeSettingsHook::uninstall(const QString& settingsFile)
{
    auto settings = read(settingsFile);
    if (!settings)
        return fail(settings.error());
    bool changed = false;
    Json next = withoutHook(std::move(*settings), &changed);
    return save(settingsFile, next, changed);
}

} // namespace sediment
