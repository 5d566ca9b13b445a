#include "skills/HermesCuratorScope.h"

#include "skills/CronSkillRefs.h"
#include "skills/HermesUsageRepair.h"
#include "skills/SkillWalk.h"
#include "util/AtomicFile.h"
#include "workspace/HermesConfig.h"
#include "workspace/Workspace.h"

#include <QFileInfo>

#include <algorithm>
#include <system_error>
#include <thread>

namespace sediment {

namespace {

constexpr qint64 kMaxUsageFileBytes = 16 * 1024 * 1024;

// Sorted by name, stably: of two skills with one name the first found stays first. The walk
// gives runs already in that order (a folder's skills come sorted by folder, which is mostly
// their name; a flat skills/ is one run), so the runs are merged, in n·log(runs) comparisons
// rather than a sort's n·log(n).
void sortByName(std::vector<SkillWalk::Found>& live)
{
    const auto byName = [](const SkillWalk::Found& a, const SkillWalk::Found& b) { return a.name < b.name; };
    std::vector<std::size_t> bounds{0};
    for (std::size_t i = 1; i < live.size(); ++i) {
        if (byName(live[i], live[i - 1]))
            bounds.push_back(i);
    }
    bounds.push_back(live.size());
    while (bounds.size() > 2) {
        std::vector<std::size_t> merged{0};
        for (std::size_t k = 2; k < bounds.size(); k += 2) {
            std::inplace_merge(live.begin() + std::ptrdiff_t(bounds[k - 2]),
                               live.begin() + std::ptrdiff_t(bounds[k - 1]), live.begin() + std::ptrdiff_t(bounds[k]),
                               byName);
            merged.push_back(bounds[k]);
        }
        if (bounds.size() % 2 == 0) // an odd run out: it waits for the next round
            merged.push_back(bounds.back());
        bounds = std::move(merged);
    }
}

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
    // The walk waits on the file system most of its time: it runs beside the reading of the
    // other files rather than after it (on a 100,000-skill home, a tenth of a second saved).
    const SkillNameCache names = SkillNameCache::forSkills(skillsDir);
    std::vector<LiveSkill> live;
    std::jthread walker;
    try {
        walker = std::jthread([&] { live = SkillWalk::under(skillsDir, names); });
    } catch (const std::system_error&) { // no thread to be had: walk here, first
        live = SkillWalk::under(skillsDir, names);
    }

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
        // Hermes' curator acts on a damaged file record by record (or as {}); so does this pass,
        // saying what it ignored.
        auto parsed = HermesUsageRepair::parse(*bytes, scope.m_provenance, now, usagePath, scope.m_warnings);
        if (!parsed) {
            // The parser calls the file ".usage.json"; the user is told which one.
            QString why = parsed.error().message;
            if (why.startsWith(QLatin1String(".usage.json")))
                return fail(Error::invalid(why.replace(0, 11, usagePath)));
            return fail(Error::invalid(QStringLiteral("%1: %2").arg(usagePath, why)));
        }
        scope.m_records.reserve(qsizetype(parsed->skills.size()));
        for (Skill& s : parsed->skills) {
            QString name = s.name; // QHash::insert copies the value: emplace moves it
            scope.m_records.emplace(std::move(name), std::move(s));
        }
        scope.m_agentMarked = std::move(parsed->agentMarked);
    }
    if (walker.joinable())
        walker.join();
    scope.m_live = std::move(live);
    sortByName(scope.m_live);
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
