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

} // namespace

Status TeamPolicy::publish()
{
    Database& db = m_workspace.db();
    if (!db.isServer())
        return {};
    auto rights = TeamRights(m_workspace).rightsOf(m_workspace.reviewer());
    if (!rights)
        return fail(rights.error());
    if (*rights != QLatin1String("admin"))
        return {};
    const Config& config = m_workspace.config();
    const std::array<std::pair<const char*, QString>, 2> wanted{{
        {kAdminKey, listText(config.adminDestinations)},
        {kTwoPersonKey, listText(config.twoPersonDestinations)},
    }};
    TeamSettingsRepository settings(db);
    std::vector<std::pair<QString, std::optional<QString>>> changed; // key, what it was
    for (const auto& [key, text] : wanted) {
        auto stored = settings.get(QLatin1String(key));
        if (!stored)
            return fail(stored.error());
        if (stored->value_or(QStringLiteral("[]")) != text)
            changed.emplace_back(QLatin1String(key), *stored);
    }
    if (changed.empty())
        return {};
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    for (const auto& [key, before] : changed) {
        const QString& after = key == QLatin1String(kAdminKey) ? wanted[0].second : wanted[1].second;
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
