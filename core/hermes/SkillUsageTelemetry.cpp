#include "hermes/SkillUsageTelemetry.h"

#include "skills/HermesUsageFile.h"
#include "util/AtomicFile.h"
#include "util/Json.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

// Hermes writes the file with sorted keys, and std::map objects read a file of many skills in
// n log n where Json's ordered objects take n² (see json::parseShallowSorted).
using UsageJson = nlohmann::json;

qint64 countOf(const UsageJson& v)
{
    if (v.is_number_integer() || v.is_number_unsigned())
        return v.get<qint64>();
    if (v.is_number_float())
        return qint64(v.get<double>());
    return 0;
}

} // namespace

SkillUsageTelemetry::SkillUsageTelemetry(QString skillsDir) : m_skillsDir(std::move(skillsDir)) {}

QString SkillUsageTelemetry::usagePath() const { return m_skillsDir + QStringLiteral("/.usage.json"); }

Status SkillUsageTelemetry::bumpPatch(const QString& name, const QDateTime& now)
{
    if (name.isEmpty())
        return {};
    QDir().mkpath(m_skillsDir);
    return HermesUsageFile::update(usagePath(), [&](UsageJson& data) {
        UsageJson& rec = data[toStd(name)];
        if (!rec.is_object())
            rec = HermesUsageFile::emptyRecord(now);
        rec["patch_count"] = countOf(rec.value("patch_count", UsageJson(0))) + 1;
        rec["last_patched_at"] = toStd(HermesUsageFile::hermesTime(now));
        return true;
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
