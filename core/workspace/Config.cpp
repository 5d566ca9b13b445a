#include "workspace/Config.h"

#include "model/Destination.h"
#include "model/GateKind.h"
#include "store/postgres/ConnInfo.h"
#include "util/AtomicFile.h"
#include "util/Json.h"
#include "util/JsonError.h"

#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <optional>
#include <string_view>

namespace sediment {

namespace {

Error keyError(const QString& origin, const std::string& key, const char* expected)
{
    return Error::invalid(QStringLiteral("%1: key '%2' must be %3").arg(origin, fromStd(key), QLatin1String(expected)));
}

Result<int> nonNegativeInt(const Json& v, const QString& origin, const std::string& key)
{
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 100000000)
        return fail(keyError(origin, key, "a non-negative integer"));
    return int(v.get<long long>());
}

Result<QString> text(const Json& v, const QString& origin, const std::string& key)
{
    if (!v.is_string())
        return fail(keyError(origin, key, "a string"));
    return fromStd(v.get<std::string>());
}

// A list of inbox destinations (docs/verbs.md#propose's names), each known, none twice.
Result<QStringList> destinations(const Json& v, const QString& origin, const std::string& key)
{
    const QStringList& known = wordTexts<Destination>();
    const std::string expected = "a list of destinations: " + known.join(QStringLiteral(", ")).toStdString();
    if (!v.is_array())
        return fail(keyError(origin, key, expected.c_str()));
    QStringList out;
    for (const Json& item : v) {
        if (!item.is_string() || !known.contains(fromStd(item.get<std::string>())))
            return fail(keyError(origin, key, expected.c_str()));
        if (!out.contains(fromStd(item.get<std::string>())))
            out << fromStd(item.get<std::string>());
    }
    return out;
}

// The keys that only set a member, read as one kind of value: which member each key sets.
template <typename T>
struct KeyedMember {
    std::string_view key;
    T Config::*member;
};

constexpr KeyedMember<std::optional<int>> kLimits[] = {
    {"memory_char_limit", &Config::memoryCharLimit},
    {"user_char_limit", &Config::userCharLimit},
    {"stale_after_days", &Config::staleAfterDays},
    {"archive_after_days", &Config::archiveAfterDays},
};

constexpr KeyedMember<QString> kNames[] = {
    {"reviewer", &Config::reviewer},
    {"claude_md", &Config::claudeMd},
    {"settings_json", &Config::settingsJson},
};

template <typename T, std::size_t N>
std::optional<T Config::*> memberNamed(const KeyedMember<T> (&table)[N], std::string_view key)
{
    for (const KeyedMember<T>& k : table)
        if (k.key == key)
            return k.member;
    return std::nullopt;
}

// A PostgreSQL schema name as written without quotes: what a reviewer types in psql too.
bool isSchemaName(const QString& name)
{
    if (name.isEmpty() || name.size() > 63 || name.front().isDigit())
        return false;
    for (QChar c : name)
        if (!(c.isDigit() || (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || c == QLatin1Char('_')))
            return false;
    return true;
}

} // namespace

Result<Config> Config::parse(const QByteArray& bytes, const QString& origin)
{
    Json doc;
    try {
        doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size());
    } catch (const Json::exception& e) { // a number out of range is out_of_range, not parse_error
        return fail(Error::invalid(QStringLiteral("%1: invalid JSON: %2").arg(origin, json::plainError(e.what()))));
    }
    if (!doc.is_object())
        return fail(Error::invalid(QStringLiteral("%1: must be a JSON object").arg(origin)));
    Config c;
    for (const auto& [key, v] : doc.items()) {
        if (key == "gate") {
            auto g = text(v, origin, key);
            if (!g)
                return fail(g.error());
            if (!findWord<GateKind>(*g)) {
                const QString quoted = wordTexts<GateKind>().join(QStringLiteral("\", \""));
                return fail(keyError(origin, key, qPrintable(QStringLiteral("one of \"%1\"").arg(quoted))));
            }
            c.gate = *g;
        } else if (key == "score_threshold") {
            if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 || v.get<double>() > 1)
                return fail(keyError(origin, key, "a number in [0,1]"));
            c.scoreThreshold = v.get<double>();
        } else if (const auto limit = memberNamed(kLimits, key)) {
            auto n = nonNegativeInt(v, origin, key);
            if (!n)
                return fail(n.error());
            c.*(*limit) = *n;
        } else if (const auto name = memberNamed(kNames, key)) {
            auto s = text(v, origin, key);
            if (!s)
                return fail(s.error());
            c.*(*name) = *s;
        } else if (key == "database") {
            auto s = text(v, origin, key);
            if (!s)
                return fail(s.error());
            if (auto ok = ConnInfo::check(*s); !ok)
                return fail(Error::invalid(QStringLiteral("%1: key 'database' %2").arg(origin, ok.error().message)));
            c.database = *s;
        } else if (key == "admin_destinations" || key == "two_person_destinations") {
            auto list = destinations(v, origin, key);
            if (!list)
                return fail(list.error());
            (key == "admin_destinations" ? c.adminDestinations : c.twoPersonDestinations) = *list;
            (key == "admin_destinations" ? c.adminDestinationsSet : c.twoPersonDestinationsSet) = true;
        } else if (key == "database_schema") {
            auto s = text(v, origin, key);
            if (!s)
                return fail(s.error());
            if (!isSchemaName(*s))
                return fail(keyError(origin, key, "a schema name: lower-case letters, digits and _, at most 63"));
            c.databaseSchema = *s;
        } else if (key == "claude_code") {
            // Only one key so far; an unknown one is a typo, named like any other.
            if (!v.is_object())
                return fail(keyError(origin, key, "an object"));
            for (const auto& [inner, value] : v.items()) {
                if (inner != "fail_open")
                    return fail(
                        Error::invalid(QStringLiteral("%1: unknown key 'claude_code.%2'").arg(origin, fromStd(inner))));
                if (!value.is_boolean())
                    return fail(keyError(origin, "claude_code.fail_open", "true or false"));
                c.claudeCodeFailOpen = value.get<bool>();
            }
        } else {
            return fail(Error::invalid(QStringLiteral("%1: unknown key '%2'").arg(origin, fromStd(key))));
        }
    }
    return c;
}

Result<Config> Config::load(const QString& path)
{
    if (!QFile::exists(path))
        return Config{};
    // Like every input (docs/architecture.md#durability): over 16 MiB is refused unread.
    constexpr qint64 kMaxBytes = 16 * 1024 * 1024;
    if (const qint64 size = QFileInfo(path).size(); size > kMaxBytes)
        return fail(Error::invalid(QStringLiteral("%1 is larger than 16 MiB (%2 bytes)").arg(path).arg(size)));
    auto bytes = AtomicFile::read(path, false);
    if (!bytes)
        return fail(bytes.error());
    return parse(*bytes, path);
}

} // namespace sediment
