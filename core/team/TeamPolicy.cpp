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

#include <algorithm>
#include <array>

namespace sediment {

namespace {

// One spelling for a list, so that the same list read back compares equal: sorted, no repeats.
QString listText(QStringList list)
{
    list.sort();
    list.removeDuplicates();
    return fromStd(json::arrayOf(list, [](const QString& item) { return toStd(item); }).dump());
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
    // Each list as the server holds it, read once: what an admin's file publishes over, and
    // then what this host takes as the team's rule.
    const Config& config = m_workspace.config();
    std::array<Rule, 2> rules{
        {{kAdminKey, config.adminDestinationsSet, listText(config.adminDestinations), {}},
         {kTwoPersonKey, config.twoPersonDestinationsSet, listText(config.twoPersonDestinations), {}}}};
    TeamSettingsRepository settings(db);
    for (Rule& rule : rules) {
        auto stored = settings.get(QLatin1String(rule.key));
        if (!stored)
            return fail(stored.error());
        rule.stored = *stored;
    }
    if (*rights == QLatin1String("admin")) {
        if (auto published = publishOwn(rules); !published)
            return published;
    }
    m_workspace.adoptTeamPolicy(listOf(rules[0].stored.value_or(QStringLiteral("[]"))),
                                listOf(rules[1].stored.value_or(QStringLiteral("[]"))));
    return {};
}

Status TeamPolicy::publishOwn(std::array<Rule, 2>& rules)
{
    Database& db = m_workspace.db();
    const auto differs = [](const Rule& r) { return r.set && r.stored.value_or(QStringLiteral("[]")) != r.own; };
    if (std::none_of(rules.begin(), rules.end(), differs))
        return {};
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    TeamSettingsRepository settings(db);
    for (Rule& rule : rules) {
        if (!differs(rule))
            continue;
        const QString key = QLatin1String(rule.key);
        if (auto s = settings.set(key, rule.own); !s)
            return s;
        AuditEntry e = AuditRow::of(Actor::human(m_workspace), AuditAction::TeamPolicy, AuditSubject::Team, key);
        e.before = rule.stored;
        e.after = rule.own;
        if (auto logged = AuditRepository(db, m_clock).append(e); !logged)
            return fail(logged.error());
        rule.stored = rule.own;
    }
    return tx->commit();
}

} // namespace sediment
