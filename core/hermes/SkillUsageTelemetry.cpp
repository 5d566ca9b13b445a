#include "hermes/SkillUsageTelemetry.h"

#include "skills/HermesUsageFile.h"
#include "util/AtomicFile.h"
#include "util/Json.h"
#include "util/PyText.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sediment {

namespace {

// Hermes writes the file with sorted keys, and std::map objects read a file of many skills in
// n log n where Json's ordered objects take n² (see json::parseShallowSorted).
using UsageJson = nlohmann::json;

// Hermes' int(value or 0); nothing where int() raises, and then Hermes records nothing at all.
std::optional<qint64> pythonCount(const UsageJson& v)
{
    if (v.is_null())
        return 0;
    if (v.is_boolean())
        return v.get<bool>() ? 1 : 0;
    if (v.is_number_integer())
        return v.get<qint64>();
    if (v.is_number_unsigned())
        return v.get<quint64>() <= quint64(std::numeric_limits<qint64>::max())
                   ? std::optional<qint64>(qint64(v.get<quint64>()))
                   : std::nullopt;
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || std::fabs(d) >= 9.2e18)
            return std::nullopt;
        return qint64(d); // toward zero, as int() truncates
    }
    if (v.is_string())
        return v.get_ref<const std::string&>().empty() ? std::optional<qint64>(0)
                                                       : pytext::intOf(fromStd(v.get<std::string>()));
    if (v.is_array() || v.is_object())
        return v.empty() ? std::optional<qint64>(0) : std::nullopt;
    return std::nullopt;
}

} // namespace

SkillUsageTelemetry::SkillUsageTelemetry(QString skillsDir) : m_skillsDir(std::move(skillsDir)) {}

QString SkillUsageTelemetry::usagePath() const { return m_skillsDir + QStringLiteral("/.usage.json"); }

Status SkillUsageTelemetry::bumpPatch(const QString& name, const QDateTime& now) { return bumpPatches({name}, now); }

Status SkillUsageTelemetry::bumpPatches(const QStringList& names, const QDateTime& now)
{
    if (std::ranges::all_of(names, &QString::isEmpty))
        return {};
    QDir().mkpath(m_skillsDir);
    return HermesUsageFile::update(usagePath(), [&](UsageJson& data) {
        bool changed = false;
        for (const QString& name : names) {
            if (name.isEmpty())
                continue;
            UsageJson& rec = data[toStd(name)];
            if (!rec.is_object())
                rec = HermesUsageFile::emptyRecord(now);
            // A count Hermes cannot read stops that skill's bump, not the others'.
            const auto count = pythonCount(rec.value("patch_count", UsageJson(0)));
            if (!count)
                continue;
            rec["patch_count"] = *count + 1;
            rec["last_patched_at"] = toStd(HermesUsageFile::hermesTime(now));
            changed = true;
        }
        return changed;
    });
}

Status SkillUsageTelemetry::forget(const QString& name)
{
    if (name.isEmpty() || !QFileInfo::exists(usagePath()))
        return {};
    return HermesUsageFile::update(usagePath(), [&](UsageJson& data) { return data.erase(toStd(name)) > 0; });
}

bool SkillUsageTelemetry::isPinned(const QString& name) const
{
    auto bytes = AtomicFile::read(usagePath(), true);
    if (!bytes)
        return false;
    const UsageJson data = UsageJson::parse(bytes->constData(), bytes->constData() + bytes->size(), nullptr, false);
    if (!data.is_object())
        return false;
    const auto it = data.find(toStd(name));
    if (it == data.end() || !it->is_object())
        return false;
    const auto p = it->find("pinned");
    if (p == it->end())
        return false;
    // Python truthiness of the stored value.
    if (p->is_boolean())
        return p->get<bool>();
    if (p->is_number())
        return p->get<double>() != 0;
    if (p->is_string())
        return !p->get<std::string>().empty();
    if (p->is_array() || p->is_object())
        return !p->empty();
    return false;
}

} // namespace sediment
