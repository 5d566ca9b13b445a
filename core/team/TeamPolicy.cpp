#include "team/TeamPolicy.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/TeamSettingsRepository.h"
#include "team/TeamRights.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QStringList>

#include <array>

namespace sediment {

namespace {

// One spelling for a list, so that the same list read back compares equal: sorted, no repeats.
QString listText(QStringList list)
{
    list.sort();
    list.removeDuplicates();
    Json array = Json::array();
    for (const QString& item : list)
        array.push_back(toStd(item));
    return fromStd(array.dump());
}

// The server's spelling back to a list; anything but an array of strings is no list.
QStringList listOf(const QString& text)
{
    QStringList out;
    const Json array = Json::parse(toStd(text), nullptr, false);
    if (!array.is_array())
        return out;
    for (const Json& item : array)
        if (item.is_string())
            out << fromStd(item.get<std::string>());
    return out;
}

} // namespace

Status TeamPolicy::publish()
{
    Database& db = m_workspace.db();
    if (!db.isServer())
        return {};
    auto rights = TeamRights(m_workspace).rightsOf(m_workspace.reviewer());
    if (!rights)
        return fail(rights.error());
    if (*rights == QLatin1String("admin")) {
        if (auto published = publishOwn(); !published)
            return published;
    }
    return adoptServers();
}

Status TeamPolicy::adoptServers()
{
    TeamSettingsRepository settings(m_workspace.db());
    std::array<QStringList, 2> lists;
    const std::array<const char*, 2> keys{kAdminKey, kTwoPersonKey};
    for (size_t i = 0; i < keys.size(); ++i) {
        auto stored = settings.get(QLatin1String(keys[i]));
        if (!stored)
            return fail(stored.error());
        lists[i] = listOf(stored->value_or(QStringLiteral("[]")));
    }
    m_workspace.adoptTeamPolicy(lists[0], lists[1]);
    return {};
}

Status TeamPolicy::publishOwn()
{
    Database& db = m_workspace.db();
    const Config& config = m_workspace.config();
    std::vector<std::pair<const char*, QString>> wanted;
    if (config.adminDestinationsSet)
        wanted.emplace_back(kAdminKey, listText(config.adminDestinations));
    if (config.twoPersonDestinationsSet)
        wanted.emplace_back(kTwoPersonKey, listText(config.twoPersonDestinations));
    TeamSettingsRepository settings(db);
    std::vector<std::pair<QString, std::optional<QString>>> changed; // key, what it was
    std::vector<QString> changedTo;
    for (const auto& [key, text] : wanted) {
        auto stored = settings.get(QLatin1String(key));
        if (!stored)
            return fail(stored.error());
        if (stored->value_or(QStringLiteral("[]")) != text) {
            changed.emplace_back(QLatin1String(key), *stored);
            changedTo.push_back(text);
        }
    }
    if (changed.empty())
        return {};
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    for (size_t i = 0; i < changed.size(); ++i) {
        const auto& [key, before] = changed[i];
        const QString& after = changedTo[i];
        if (auto s = settings.set(key, after); !s)
            return s;
        AuditEntry e = AuditRow::of(Actor::human(m_workspace), AuditAction::TeamPolicy, AuditSubject::Team, key);
        e.before = before;
        e.after = after;
        if (auto logged = AuditRepository(db, m_clock).append(e); !logged)
            return fail(logged.error());
    }
    return tx->commit();
}

} // namespace sediment
