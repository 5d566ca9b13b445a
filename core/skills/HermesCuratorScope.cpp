#include "skills/HermesCuratorScope.h"

#include "skills/CronSkillRefs.h"
#include "skills/SkillWalk.h"
#include "util/AtomicFile.h"
#include "workspace/HermesConfig.h"
#include "workspace/Workspace.h"

#include <QFileInfo>

#include <algorithm>

namespace sediment {

namespace {

constexpr qint64 kMaxUsageFileBytes = 16 * 1024 * 1024;

} // namespace

CuratorSettings CuratorSettings::of(const Workspace& workspace)
{
    CuratorSettings s;
    s.hermesHome = HermesCuratorScope::isHermesHome(workspace.root());
    const Config& config = workspace.config();
    if (s.hermesHome) {
        const HermesConfig hermes = HermesConfig::load(workspace.path(QStringLiteral("config.yaml")));
        s.thresholds = {hermes.curatorStaleAfterDays, hermes.curatorArchiveAfterDays};
        s.pruneBuiltins = hermes.curatorPruneBuiltins;
        s.source = QStringLiteral("config.yaml");
    } else {
        s.source = QStringLiteral("defaults");
    }
    if (config.staleAfterDays || config.archiveAfterDays)
        s.source = QStringLiteral("sediment.json");
    s.thresholds.staleAfterDays = config.staleAfterDays.value_or(s.thresholds.staleAfterDays);
    s.thresholds.archiveAfterDays = config.archiveAfterDays.value_or(s.thresholds.archiveAfterDays);
    return s;
}

bool HermesCuratorScope::isHermesHome(const QString& root)
{
    return QFileInfo(root + QStringLiteral("/skills/.usage.json")).isFile()
           || QFileInfo(root + QStringLiteral("/config.yaml")).isFile();
}

Result<HermesCuratorScope> HermesCuratorScope::load(const QString& root, const QString& usagePath,
                                                    const CuratorSettings& settings, const QDateTime& now)
{
    HermesCuratorScope scope;
    scope.m_settings = settings;
    scope.m_usagePath = usagePath;
    const QString skillsDir = root + QStringLiteral("/skills");
    scope.m_provenance = HermesUsageFile::readProvenance(skillsDir);
    if (auto cron = CronSkillRefs::load(root))
        scope.m_cron = std::move(*cron);
    else // as Hermes: an unreadable store protects nothing, but the user should know
        scope.m_warnings << cron.error().message + QStringLiteral("; no skill is protected by a cron job");

    if (QFileInfo(usagePath).size() > kMaxUsageFileBytes)
        return fail(Error::invalid(QStringLiteral("%1 is larger than 16 MiB").arg(usagePath)));
    auto bytes = AtomicFile::read(usagePath, true);
    if (!bytes)
        return fail(bytes.error());
    if (!bytes->trimmed().isEmpty()) {
        auto parsed = HermesUsageFile::parse(*bytes, scope.m_provenance, now);
        if (!parsed) {
            // The parser calls the file ".usage.json"; the user is told which one.
            QString why = parsed.error().message;
            if (why.startsWith(QLatin1String(".usage.json")))
                return fail(Error::invalid(why.replace(0, 11, usagePath)));
            return fail(Error::invalid(QStringLiteral("%1: %2").arg(usagePath, why)));
        }
        for (Skill& s : parsed->skills)
            scope.m_records.insert(s.name, std::move(s));
        scope.m_agentMarked = std::move(parsed->agentMarked);
    }
    scope.m_live = SkillWalk::under(skillsDir);
    std::stable_sort(scope.m_live.begin(), scope.m_live.end(),
                     [](const LiveSkill& a, const LiveSkill& b) { return a.name < b.name; });
    // One skill per name, the first found, as Hermes' lookup by name finds one folder.
    scope.m_live.erase(std::unique(scope.m_live.begin(), scope.m_live.end(),
                                   [](const LiveSkill& a, const LiveSkill& b) { return a.name == b.name; }),
                       scope.m_live.end());
    return scope;
}

const Skill* HermesCuratorScope::record(const QString& name) const
{
    const auto it = m_records.constFind(name);
    return it == m_records.constEnd() ? nullptr : &*it;
}

bool HermesCuratorScope::eligible(const QString& name) const
{
    if (m_provenance.hub.contains(name) || name == QLatin1String("plan"))
        return false;
    if (m_provenance.bundled.contains(name))
        return m_settings.pruneBuiltins;
    return m_agentMarked.contains(name);
}

HermesCuratorScope::Protection HermesCuratorScope::upstreamOwned(const HermesUsageFile::Provenance& provenance,
                                                                 const CuratorSettings& settings, const QString& name)
{
    if (provenance.hub.contains(name))
        return Protection::Hub;
    if (name == QLatin1String("plan"))
        return Protection::ProtectedBuiltin;
    if (provenance.bundled.contains(name) && !settings.pruneBuiltins)
        return Protection::Bundled;
    return Protection::None;
}

HermesCuratorScope::Protection HermesCuratorScope::protection(const QString& name) const
{
    if (const Protection p = upstreamOwned(m_provenance, m_settings, name); p != Protection::None)
        return p;
    if (!eligible(name))
        return Protection::NotAgent;
    if (const Skill* r = record(name); r && r->pinned)
        return Protection::Pinned;
    if (m_cron.contains(name))
        return Protection::CronJob;
    return Protection::None;
}

QString HermesCuratorScope::describe(Protection p)
{
    switch (p) {
    case Protection::None:
        return QStringLiteral("not protected");
    case Protection::Pinned:
        return QStringLiteral("pinned");
    case Protection::CronJob:
        return QStringLiteral("named by a cron job");
    case Protection::Hub:
        return QStringLiteral("installed from the skills hub");
    case Protection::ProtectedBuiltin:
        return QStringLiteral("a protected built-in");
    case Protection::Bundled:
        return QStringLiteral("bundled (curator.prune_builtins is off)");
    case Protection::NotAgent:
        return QStringLiteral("not marked as created by the agent");
    }
    return {};
}

} // namespace sediment
