#include "skills/HermesUsageRepair.h"

#include "model/Skill.h"
#include "util/Json.h"
#include "util/PyText.h"
#include "util/Time.h"

#include <cmath>

namespace sediment {

namespace {

using Record = nlohmann::json;

QString shown(const Record& value) { return fromStd(value.dump()); }

bool pyTruthy(const Record& v)
{
    if (v.is_number())
        return v.get<double>() != 0;
    if (v.is_string() || v.is_array() || v.is_object())
        return !v.empty() && !(v.is_string() && v.get_ref<const std::string&>().empty());
    return !v.is_null();
}

void repairCount(Record& rec, const char* key, const QString& name, const QString& file, QStringList& warnings)
{
    const auto it = rec.find(key);
    if (it == rec.end() || it->is_null() || it->is_number_unsigned()
        || (it->is_number_integer() && it->get<qint64>() >= 0)
        || (it->is_number_float() && std::isfinite(it->get<double>()) && it->get<double>() >= 0))
        return;
    std::optional<long long> n;
    if (it->is_string())
        n = pytext::intOf(fromStd(it->get<std::string>()));
    else if (it->is_boolean())
        n = it->get<bool>() ? 1 : 0;
    if (n && *n >= 0) {
        warnings << QStringLiteral("%1: skill '%2': %3 %4 read as %5, as Hermes reads it")
                        .arg(file, name, QLatin1String(key), shown(*it))
                        .arg(*n);
        *it = *n;
        return;
    }
    warnings << QStringLiteral("%1: skill '%2': %3 %4 is no count; ignored (0)")
                    .arg(file, name, QLatin1String(key), shown(*it));
    *it = 0;
}

void repairTime(Record& rec, const char* key, const QString& name, const QString& file, QStringList& warnings)
{
    const auto it = rec.find(key);
    if (it == rec.end() || it->is_null())
        return;
    if (it->is_string()) {
        const QString text = fromStd(it->get<std::string>());
        if (text.isEmpty() || time::parseIso(text))
            return;
    }
    warnings << QStringLiteral("%1: skill '%2': %3 %4 is not a time; ignored")
                    .arg(file, name, QLatin1String(key), shown(*it));
    *it = nullptr;
}

} // namespace

HermesUsageRepair::Repaired HermesUsageRepair::repair(const QByteArray& bytes, const QString& file)
{
    Repaired out;
    Record root = Record::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (root.is_discarded() || !root.is_object()) {
        out.warnings << QStringLiteral("%1 is not a JSON object; read as empty, as Hermes' curator reads it").arg(file);
        out.text = "{}";
        return out;
    }
    Record clean = Record::object();
    for (auto& [key, value] : root.items()) {
        const QString name = fromStd(key);
        if (!value.is_object()) {
            out.warnings << QStringLiteral("%1: skill '%2': the record is not an object; ignored").arg(file, name);
            continue;
        }
        Record rec = value;
        for (const char* k : {"use_count", "view_count", "patch_count"})
            repairCount(rec, k, name, file, out.warnings);
        for (const char* k : {"last_used_at", "last_viewed_at", "last_patched_at", "created_at", "archived_at"})
            repairTime(rec, k, name, file, out.warnings);
        if (const auto it = rec.find("state");
            it != rec.end() && !it->is_null() && !(it->is_string() && Skill::knownState(it->get<std::string>()))) {
            // No transition of Hermes' applies to a state it does not know: the skill is left as it is.
            out.warnings << QStringLiteral("%1: skill '%2': state %3 is not active, stale or archived; the skill "
                                           "is left as it is")
                                .arg(file, name, shown(*it));
            continue;
        }
        if (const auto it = rec.find("pinned"); it != rec.end() && !it->is_null() && !it->is_boolean()) {
            // Hermes tests `if record.get("pinned")`: Python's truth of the value.
            const bool truthy = pyTruthy(*it);
            out.warnings << QStringLiteral("%1: skill '%2': pinned %3 read as %4")
                                .arg(file, name, shown(*it), truthy ? QStringLiteral("true") : QStringLiteral("false"));
            *it = truthy;
        }
        if (const auto it = rec.find("created_by");
            it != rec.end() && !it->is_null() && !(it->is_string() && Skill::knownCreator(it->get<std::string>()))) {
            out.warnings << QStringLiteral("%1: skill '%2': created_by %3 is not agent, user, bundled or hub; ignored")
                                .arg(file, name, shown(*it));
            *it = nullptr;
        }
        clean[key] = std::move(rec);
    }
    out.text = QByteArray::fromStdString(clean.dump());
    return out;
}

Result<HermesUsageFile::Parsed> HermesUsageRepair::parse(const QByteArray& bytes,
                                                         const HermesUsageFile::Provenance& provenance,
                                                         const QDateTime& now, const QString& file,
                                                         QStringList& warnings)
{
    auto parsed = HermesUsageFile::parse(bytes, provenance, now);
    if (parsed || parsed.error().kind != ErrorKind::Invalid)
        return parsed;
    Repaired repaired = repair(bytes, file);
    warnings << repaired.warnings;
    return HermesUsageFile::parse(repaired.text, provenance, now);
}

} // namespace sediment
