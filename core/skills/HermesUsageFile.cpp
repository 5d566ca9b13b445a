#include "skills/HermesUsageFile.h"

#include "model/SkillState.h"
#include "skills/HermesUsageScanner.h"
#include "skills/HubLock.h"

#include "util/AtomicFile.h"
#include "util/FileLock.h"
#include "util/JsonDepth.h"
#include "util/Time.h"

#include <QFile>

#include <cmath>

namespace sediment {

namespace {

// The file is read into std::map objects: see parseShallowSorted.
using Record = nlohmann::json;

const QSet<QString>& knownKeys()
{
    static const QSet<QString> keys{
        QStringLiteral("use_count"),    QStringLiteral("view_count"),     QStringLiteral("patch_count"),
        QStringLiteral("last_used_at"), QStringLiteral("last_viewed_at"), QStringLiteral("last_patched_at"),
        QStringLiteral("created_at"),   QStringLiteral("state"),          QStringLiteral("pinned"),
        QStringLiteral("archived_at"),  QStringLiteral("created_by")};
    return keys;
}

Error badField(const QString& name, const char* key, const QString& what)
{
    return Error::invalid(QStringLiteral(".usage.json: skill '%1': %2 %3").arg(name, QLatin1String(key), what));
}

// Hermes reads counts with int(value or 0): null and absent are 0, a float is truncated.
Result<qint64> readCount(const Record& rec, const char* key, const QString& name)
{
    const auto it = rec.find(key);
    if (it == rec.end() || it->is_null())
        return 0;
    if (it->is_number_integer() || it->is_number_unsigned()) {
        const qint64 v = it->get<qint64>();
        if (v >= 0)
            return v;
    } else if (it->is_number_float()) {
        const double v = it->get<double>();
        if (std::isfinite(v) && v >= 0 && v < 9e18)
            return qint64(v);
    }
    return fail(badField(name, key, QStringLiteral("must be a count (got %1)").arg(fromStd(it->dump()))));
}

Result<std::optional<QDateTime>> readTime(const Record& rec, const char* key, const QString& name)
{
    const auto it = rec.find(key);
    if (it == rec.end() || it->is_null())
        return std::optional<QDateTime>();
    if (it->is_string()) {
        const QString text = fromStd(it->get<std::string>());
        if (text.isEmpty())
            return std::optional<QDateTime>();
        if (auto t = time::parseIso(text))
            return std::optional<QDateTime>(*t);
    }
    return fail(badField(name, key, QStringLiteral("is not an ISO-8601 time (got %1)").arg(fromStd(it->dump()))));
}

Result<Skill> readRecord(const QString& name, const Record& rec, const HermesUsageFile::Provenance& provenance,
                         const QDateTime& now)
{
    Skill s;
    s.name = name;
    for (auto [key, count] : {std::pair{"use_count", &s.useCount}, std::pair{"view_count", &s.viewCount},
                              std::pair{"patch_count", &s.patchCount}}) {
        auto v = readCount(rec, key, name);
        if (!v)
            return fail(v.error());
        *count = *v;
    }
    for (auto [key, at] : {std::pair{"last_used_at", &s.lastUsedAt}, std::pair{"last_viewed_at", &s.lastViewedAt},
                           std::pair{"last_patched_at", &s.lastPatchedAt}, std::pair{"archived_at", &s.archivedAt}}) {
        auto v = readTime(rec, key, name);
        if (!v)
            return fail(v.error());
        *at = *v;
    }
    auto created = readTime(rec, "created_at", name);
    if (!created)
        return fail(created.error());
    s.createdAt = created->value_or(now);

    if (const auto it = rec.find("state"); it != rec.end() && !it->is_null()) {
        auto state = it->is_string() ? Skill::knownState(it->get_ref<const std::string&>()) : std::nullopt;
        if (!state)
            return fail(badField(
                name, "state", QStringLiteral("must be active, stale or archived (got %1)").arg(fromStd(it->dump()))));
        s.state = std::move(*state);
    }
    if (const auto it = rec.find("pinned"); it != rec.end() && !it->is_null()) {
        if (!it->is_boolean())
            return fail(
                badField(name, "pinned", QStringLiteral("must be true or false (got %1)").arg(fromStd(it->dump()))));
        s.pinned = it->get<bool>();
    }
    if (const auto it = rec.find("created_by"); it != rec.end() && !it->is_null()) {
        auto creator = it->is_string() ? Skill::knownCreator(it->get_ref<const std::string&>()) : std::nullopt;
        if (!creator)
            return fail(
                badField(name, "created_by",
                         QStringLiteral("must be agent, user, bundled or hub (got %1)").arg(fromStd(it->dump()))));
        s.createdBy = std::move(*creator);
    }
    if (auto upstream = provenance.upstream(name))
        s.createdBy = std::move(*upstream);
    for (const auto& [key, value] : rec.items()) {
        if (!knownKeys().contains(fromStd(key)))
            s.extra[key] = Json(value);
    }
    return s;
}

} // namespace

HermesUsageFile::Provenance HermesUsageFile::readProvenance(const QString& skillsDir)
{
    Provenance p;
    QFile manifest(skillsDir + QStringLiteral("/.bundled_manifest"));
    if (manifest.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : manifest.readAll().split('\n')) {
            const QString name = QString::fromUtf8(line).section(QLatin1Char(':'), 0, 0).trimmed();
            if (!name.isEmpty())
                p.bundled.insert(name);
        }
    }
    p.hub = HubLock::installedNames(skillsDir);
    return p;
}

std::optional<QString> HermesUsageFile::Provenance::upstream(const QString& name) const
{
    if (hub.contains(name))
        return QStringLiteral("hub");
    if (bundled.contains(name))
        return QStringLiteral("bundled");
    return std::nullopt;
}

Result<HermesUsageFile::Parsed> HermesUsageFile::parse(const QByteArray& text, const Provenance& provenance,
                                                       const QDateTime& now)
{
    if (auto quick =
            HermesUsageScanner::tryScan(std::string_view(text.constData(), std::size_t(text.size())), provenance, now))
        return std::move(*quick);
    return parseTree(text, provenance, now);
}

Result<HermesUsageFile::Parsed> HermesUsageFile::parseTree(const QByteArray& text, const Provenance& provenance,
                                                           const QDateTime& now)
{
    Record data;
    try {
        data = json::parseShallowSorted(std::string_view(text.constData(), std::size_t(text.size())), false);
    } catch (const json::TooDeep&) {
        data = Record(Record::value_t::discarded);
    }
    if (data.is_discarded())
        return fail(Error::invalid(QStringLiteral(".usage.json is not valid JSON")));
    if (!data.is_object())
        return fail(Error::invalid(QStringLiteral(".usage.json must be a JSON object keyed by skill name")));
    Parsed out;
    for (const auto& [key, rec] : data.items()) {
        const QString name = fromStd(key);
        if (!rec.is_object()) {
            out.skipped.push_back({name, QStringLiteral("the record is not an object")});
            continue;
        }
        if (!Skill::isHermesName(name)) {
            out.skipped.push_back({name, QStringLiteral("not a name a skill's folder can have (empty, starting with "
                                                        "'.', or holding '/', '\\' or a control character)")});
            continue;
        }
        auto skill = readRecord(name, rec, provenance, now);
        if (!skill)
            return fail(skill.error());
        // Hermes' own opt-in mark, as the file states it: the creator readRecord fills in from
        // the provenance files is not one.
        const auto by = rec.find("created_by");
        const auto marked = rec.find("agent_created");
        if ((by != rec.end() && *by == "agent") || (marked != rec.end() && *marked == true))
            out.agentMarked.insert(name);
        out.skills.push_back(std::move(*skill));
    }
    return out;
}

Status HermesUsageFile::writeBack(const QString& path, Field field, const std::vector<Skill>& changed,
                                  const QDateTime& now, const QStringList& seeded)
{
    if (changed.empty() && seeded.isEmpty())
        return {};
    return update(path, [&](nlohmann::json& data) {
        merge(data, field, changed, now, seeded);
        return true;
    });
}

void HermesUsageFile::merge(nlohmann::json& data, Field field, const std::vector<Skill>& changed, const QDateTime& now,
                            const QStringList& seeded)
{
    for (const Skill& s : changed) {
        auto& rec = data[toStd(s.name)];
        if (!rec.is_object())
            rec = emptyRecord(now);
        if (field == Field::Pinned) {
            rec["pinned"] = s.pinned;
            continue;
        }
        rec["state"] = toStd(s.state);
        if (isWord(s.state, SkillState::Archived))
            rec["archived_at"] = toStd(hermesTime(s.archivedAt.value_or(now)));
        else if (isWord(s.state, SkillState::Active))
            rec["archived_at"] = nullptr;
    }
    for (const QString& name : seeded) {
        auto& rec = data[toStd(name)];
        if (rec.is_object())
            continue;
        rec = emptyRecord(now);
    }
}

nlohmann::json HermesUsageFile::emptyRecord(const QDateTime& now)
{
    return {{"created_by", nullptr},
            {"use_count", 0},
            {"view_count", 0},
            {"last_used_at", nullptr},
            {"last_viewed_at", nullptr},
            {"patch_count", 0},
            {"last_patched_at", nullptr},
            {"created_at", toStd(hermesTime(now))},
            {"state", toStd(toString(SkillState::Active))},
            {"pinned", false},
            {"archived_at", nullptr}};
}

Status HermesUsageFile::update(const QString& path, const std::function<bool(nlohmann::json&)>& change)
{
    auto lock = FileLock::acquire(path + QStringLiteral(".lock"));
    if (!lock)
        return fail(lock.error());
    auto current = AtomicFile::read(path, true);
    if (!current)
        return fail(current.error());
    nlohmann::json data = nlohmann::json::object();
    if (!current->trimmed().isEmpty()) {
        data = nlohmann::json::parse(current->constData(), current->constData() + current->size(), nullptr, false);
        if (!data.is_object())
            return fail(Error::io(QStringLiteral("%1 is not a JSON object; not overwriting it").arg(path)));
        for (auto it = data.begin(); it != data.end();)
            it = it->is_object() ? std::next(it) : data.erase(it);
    }
    if (!change(data))
        return {};
    return AtomicFile::write(path, QByteArray::fromStdString(serialize(data)));
}

std::string HermesUsageFile::serialize(const nlohmann::json& value)
{
    // nlohmann's objects are std::maps (keys sorted by UTF-8 bytes, which is code point order,
    // as Python's sort_keys), and its pretty form matches Python's indent=2 with ensure_ascii
    // off: "key": value, "," at line ends, "{}" and "[]" for empty containers.
    return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

QString HermesUsageFile::hermesTime(const QDateTime& t)
{
    const QDateTime utc = t.toUTC();
    QString text = utc.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (const int ms = utc.time().msec(); ms != 0)
        text += QStringLiteral(".%1").arg(ms * 1000, 6, 10, QLatin1Char('0'));
    return text + QStringLiteral("+00:00");
}

} // namespace sediment
