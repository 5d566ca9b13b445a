#include "skills/CronSkillRefs.h"

#include "util/AtomicFile.h"
#include "util/Json.h"

#include <QDir>

namespace sediment {

namespace {

// Python's json.loads(strict=False): control characters are allowed inside strings. nlohmann
// refuses them, so they are escaped first (outside strings they stay and fail as they should).
std::string escapeControlsInStrings(const std::string& text)
{
    std::string out;
    out.reserve(text.size() + 16);
    bool inString = false;
    bool escaped = false;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (inString && !escaped && c < 0x20) {
            static const char* const hex = "0123456789abcdef";
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xf];
            continue;
        }
        out += ch;
        if (escaped)
            escaped = false;
        else if (inString && ch == '\\')
            escaped = true;
        else if (ch == '"')
            inString = !inString;
    }
    return out;
}

// Hermes' _normalize_skill_list(skill, skills).
Result<QStringList> skillList(const Json& job)
{
    const Json none;
    const Json& skill = job.contains("skill") ? job["skill"] : none;
    const Json& skills = job.contains("skills") ? job["skills"] : none;
    std::vector<Json> raw;
    if (skills.is_null()) {
        if (json::truthy(skill))
            raw.push_back(skill);
    } else if (skills.is_string()) {
        raw.push_back(skills);
    } else if (skills.is_array()) {
        raw.assign(skills.begin(), skills.end());
    } else if (skills.is_object()) {
        for (const auto& [key, value] : skills.items())
            raw.emplace_back(key);
    } else {
        // list(5) raises: Hermes' reader fails as a whole.
        return fail(Error::invalid(QStringLiteral("cron/jobs.json: a job's skills is not a list")));
    }
    QStringList names;
    for (const Json& item : raw) {
        const QString text = json::truthy(item) ? json::pythonStr(item).trimmed() : QString();
        if (!text.isEmpty() && !names.contains(text))
            names << text;
    }
    return names;
}

// Hermes' _canonical_skill_ref: an absolute path (or ~/...) under the skills folder becomes
// the relative name the curator matches; a leading "/" is dropped.
QString canonical(const QString& raw, const QString& skillsDir)
{
    QString value = raw.trimmed();
    if (value.isEmpty())
        return {};
    QString expanded = value;
    if (expanded == QLatin1String("~") || expanded.startsWith(QLatin1String("~/")))
        expanded = QDir::homePath() + expanded.mid(1);
    if (QDir::isAbsolutePath(expanded)) {
        const QString root = QDir::cleanPath(skillsDir);
        const QString path = QDir::cleanPath(expanded);
        if (path.startsWith(root + QLatin1Char('/')))
            value = path.mid(root.size() + 1);
    }
    value = value.trimmed();
    while (value.startsWith(QLatin1Char('/')))
        value.remove(0, 1);
    return value;
}

} // namespace

Result<QSet<QString>> CronSkillRefs::parse(const QByteArray& bytes, const QString& skillsDir)
{
    std::string text = bytes.toStdString();
    if (text.starts_with("\xEF\xBB\xBF"))
        text.erase(0, 3);
    Json data = Json::parse(text, nullptr, false);
    if (data.is_discarded())
        data = Json::parse(escapeControlsInStrings(text), nullptr, false);
    if (data.is_discarded())
        return fail(Error::invalid(QStringLiteral("cron/jobs.json is not valid JSON")));
    std::vector<Json> jobs;
    if (data.is_object()) {
        const Json& list = data.contains("jobs") ? data["jobs"] : Json::array();
        if (list.is_array()) {
            jobs.assign(list.begin(), list.end());
        } else if (list.is_object()) {
            for (const auto& [id, job] : list.items())
                jobs.push_back(job);
        } else if (!list.is_string()) {
            return fail(Error::invalid(QStringLiteral("cron/jobs.json: jobs is not a list")));
        }
    } else if (data.is_array()) {
        jobs.assign(data.begin(), data.end());
    } else {
        return fail(Error::invalid(QStringLiteral("cron/jobs.json: expected {\"jobs\": [...]} or a list of jobs")));
    }
    QSet<QString> names;
    for (const Json& job : jobs) {
        if (!job.is_object())
            continue;
        auto list = skillList(job);
        if (!list)
            return fail(list.error());
        for (const QString& name : *list) {
            if (const QString c = canonical(name, skillsDir); !c.isEmpty())
                names.insert(c);
        }
    }
    return names;
}

Result<QSet<QString>> CronSkillRefs::load(const QString& home)
{
    auto bytes = AtomicFile::read(home + QStringLiteral("/cron/jobs.json"), true);
    if (!bytes)
        return fail(bytes.error());
    if (bytes->isEmpty())
        return QSet<QString>();
    return parse(*bytes, home + QStringLiteral("/skills"));
}

} // namespace sediment
