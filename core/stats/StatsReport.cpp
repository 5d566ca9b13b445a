#include "stats/StatsReport.h"

#include "store/AuditRepository.h"
#include "store/DecisionRepository.h"
#include "store/InboxRepository.h"
#include "store/ScarRepository.h"
#include "store/SkillRepository.h"

#include <QStringList>

namespace sediment {

namespace {

template <typename Map>
Json counts(const Map& map)
{
    Json j = Json::object();
    for (auto it = map.begin(); it != map.end(); ++it)
        j[toStd(it.key())] = it.value();
    return j;
}

Json stdCounts(const std::map<QString, qint64>& map)
{
    Json j = Json::object();
    for (const auto& [k, v] : map)
        j[toStd(k)] = v;
    return j;
}

} // namespace

Result<Json> StatsReport::compute()
{
    Json out = Json::object();

    InboxRepository inbox(m_db);
    auto total = inbox.count();
    auto byStatus = inbox.countByStatus();
    auto byDestination = inbox.countByDestination();
    auto filing = inbox.countFiling();
    if (!total || !byStatus || !byDestination || !filing)
        return fail(!total           ? total.error()
                    : !byStatus      ? byStatus.error()
                    : !byDestination ? byDestination.error()
                                     : filing.error());
    // The counts include the pending items still in the intake (schema 5), named here apart.
    out["inbox"] = Json{{"table", "inbox_items"},
                        {"total", *total},
                        {"by_status", counts(*byStatus)},
                        {"by_destination", counts(*byDestination)},
                        {"intake", Json{{"table", "inbox_intake"}, {"pending", *filing}}}};

    SkillRepository skills(m_db);
    auto byState = skills.countsByState();
    if (!byState)
        return fail(byState.error());
    qint64 skillTotal = 0;
    for (const auto& [state, n] : *byState)
        skillTotal += n;
    out["skills"] = Json{{"table", "skills"}, {"total", skillTotal}, {"by_state", stdCounts(*byState)}};

    ScarRepository scars(m_db);
    ScarRepository::Filter all;
    all.includeArchived = true;
    auto scarTotal = scars.count(all);
    auto scarActive = scars.count(ScarRepository::Filter{});
    if (!scarTotal || !scarActive)
        return fail(!scarTotal ? scarTotal.error() : scarActive.error());
    Json byKind = Json::object();
    for (const char* kind : {"failure", "victory"}) {
        ScarRepository::Filter f = all;
        f.kind = QLatin1String(kind);
        auto n = scars.count(f);
        if (!n)
            return fail(n.error());
        byKind[kind] = *n;
    }
    out["scars"] =
        Json{{"table", "scars"}, {"total", *scarTotal}, {"archived", *scarTotal - *scarActive}, {"by_kind", byKind}};

    DecisionRepository decisions(m_db);
    auto allDecisions = decisions.ids(DecisionRepository::Filter{});
    DecisionRepository::Filter reviewedFilter;
    reviewedFilter.outcome = QStringLiteral("reviewed");
    auto reviewed = decisions.ids(reviewedFilter);
    if (!allDecisions || !reviewed)
        return fail(!allDecisions ? allDecisions.error() : reviewed.error());
    out["decisions"] = Json{{"table", "decisions"},
                            {"total", allDecisions->size()},
                            {"reviewed", reviewed->size()},
                            {"pending", allDecisions->size() - reviewed->size()}};

    AuditRepository audit(m_db, m_clock);
    auto rows = audit.count();
    auto broken = audit.verify();
    if (!rows || !broken)
        return fail(!rows ? rows.error() : broken.error());
    Json auditJson = Json{{"table", "audit_log"}, {"rows", *rows}, {"chain_intact", !broken->has_value()}};
    if (*broken)
        auditJson["first_broken_row"] = (*broken)->seq;
    out["audit"] = auditJson;

    auto run = skills.lastCuratorRun();
    if (!run)
        return fail(run.error());
    Json curator = Json{{"table", "curator_runs"}, {"last_run", nullptr}};
    if (*run)
        curator["last_run"] = Json{{"at", toStd((*run)->at)}, {"dry_run", (*run)->dryRun}, {"result", (*run)->result}};
    out["curator"] = curator;
    return out;
}

QString StatsReport::render(const Json& s)
{
    const auto line = [](const Json& group) {
        QStringList parts;
        for (const auto& [k, v] : group.items())
            parts << QStringLiteral("%1 %2").arg(fromStd(k)).arg(v.get<qint64>());
        return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
    };
    QStringList out;
    const Json& inbox = s["inbox"];
    out << QStringLiteral("Inbox (inbox_items): %1 items").arg(inbox["total"].get<qint64>())
        << QStringLiteral("  by status: %1").arg(line(inbox["by_status"]))
        << QStringLiteral("  by destination: %1").arg(line(inbox["by_destination"]));
    if (const qint64 filing = inbox["intake"]["pending"].get<qint64>(); filing > 0)
        out << QStringLiteral("  of which pending in the intake (inbox_intake): %1").arg(filing);
    out << QStringLiteral("Skills (skills): %1 (%2)")
               .arg(s["skills"]["total"].get<qint64>())
               .arg(line(s["skills"]["by_state"]));
    out << QStringLiteral("Scars (scars): %1, %2 archived (%3)")
               .arg(s["scars"]["total"].get<qint64>())
               .arg(s["scars"]["archived"].get<qint64>())
               .arg(line(s["scars"]["by_kind"]));
    out << QStringLiteral("Decisions (decisions): %1, %2 reviewed")
               .arg(s["decisions"]["total"].get<qint64>())
               .arg(s["decisions"]["reviewed"].get<qint64>());
    const Json& audit = s["audit"];
    out << QStringLiteral("Audit (audit_log): %1 rows, chain %2")
               .arg(audit["rows"].get<qint64>())
               .arg(audit["chain_intact"].get<bool>()
                        ? QStringLiteral("intact")
                        : QStringLiteral("BROKEN at row %1").arg(audit.value("first_broken_row", qint64(0))));
    const Json& run = s["curator"]["last_run"];
    out << QStringLiteral("Last curator run (curator_runs): %1")
               .arg(run.is_null() ? QStringLiteral("never")
                                  : fromStd(run["at"].get<std::string>())
                                        + (run["dry_run"].get<bool>() ? QStringLiteral(" (dry run)") : QString()));
    return out.join(QLatin1Char('\n'));
}

} // namespace sediment
