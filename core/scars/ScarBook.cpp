#include "scars/ScarBook.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/ScarRepository.h"
#include "util/Time.h"

namespace sediment {

Result<Scar> ScarBook::add(Scar scar)
{
    scar.title = scar.title.trimmed();
    scar.scope = scar.scope.trimmed();
    if (auto v = scar.validate(); !v)
        return fail(v.error());
    if (scar.createdAt.isEmpty()) {
        scar.createdAt = time::toIso(m_clock.now());
    } else {
        auto t = time::parseIso(scar.createdAt);
        if (!t)
            return fail(t.error());
        scar.createdAt = time::toIso(*t);
    }
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    ScarRepository repo(m_db);
    auto id = repo.insert(scar);
    if (!id)
        return fail(id.error());
    scar.id = *id;
    AuditEntry e = AuditRow::of(m_actor, AuditAction::ScarAdd, AuditSubject::Scar, QString::number(scar.id));
    e.after = scar.title;
    e.details = Json{{"kind", toStd(scar.kind)},
                     {"importance", scar.importance},
                     {"scope", toStd(scar.scope)},
                     {"learnable", scar.learnable}};
    if (auto a = AuditRepository(m_db, m_clock).append(e); !a)
        return fail(a.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return scar;
}

Result<std::vector<Scar>> ScarBook::archiveUnrecalled(int days, bool dryRun)
{
    if (days < 0)
        return fail(Error::invalid(QStringLiteral("--older-than must be a number of days >= 0 (got %1)").arg(days)));
    const QString cutoff = time::toIso(m_clock.now().addDays(-days));
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    ScarRepository repo(m_db);
    auto victims = repo.unrecalledCreatedBefore(cutoff);
    if (!victims)
        return fail(victims.error());
    if (dryRun)
        return victims;
    AuditRepository audit(m_db, m_clock);
    for (Scar& s : *victims) {
        if (auto r = repo.setArchived(s.id, true); !r)
            return fail(r.error());
        s.archived = true;
        AuditEntry e = AuditRow::of(m_actor, AuditAction::ScarArchive, AuditSubject::Scar, QString::number(s.id));
        e.reason = QStringLiteral("never recalled, created %1, older than %2 days").arg(s.createdAt).arg(days);
        e.before = QStringLiteral("active");
        e.after = QStringLiteral("archived");
        if (auto a = audit.append(e); !a)
            return fail(a.error());
    }
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return victims;
}

} // namespace sediment
