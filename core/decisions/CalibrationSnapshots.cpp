#include "decisions/CalibrationSnapshots.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"

namespace sediment {

Result<Calibration::Figures> CalibrationSnapshots::current()
{
    auto samples = DecisionRepository(m_db).calibrationSamples();
    if (!samples)
        return fail(samples.error());
    return Calibration::compute(*samples);
}

Result<qint64> CalibrationSnapshots::write(const QString& actor, const QString& reason)
{
    auto figures = current();
    if (!figures)
        return fail(figures.error());
    const QString at = time::toIso(m_clock.now());
    auto id = DecisionRepository(m_db).insertSnapshot(at, *figures);
    if (!id)
        return fail(id.error());
    AuditEntry e =
        AuditRow::of(actor, AuditAction::CalibrationSnapshot, AuditSubject::CalibrationSnapshot, QString::number(*id));
    e.reason = reason;
    e.details = Json{{"reviewed", figures->reviewed}, {"brier", orNull(figures->brier)}, {"ece", orNull(figures->ece)}};
    if (auto a = AuditRepository(m_db, m_clock).append(e); !a)
        return fail(a.error());
    return *id;
}

Result<qint64> CalibrationSnapshots::take(const QString& actor)
{
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    auto id = write(actor, QStringLiteral("requested"));
    if (!id)
        return fail(id.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return *id;
}

Result<std::optional<qint64>> CalibrationSnapshots::takeIfDue(const QString& actor)
{
    auto since = DecisionRepository(m_db).reviewsSinceLastSnapshot();
    if (!since)
        return fail(since.error());
    if (*since < kEvery)
        return std::optional<qint64>{};
    auto id = write(actor, QStringLiteral("%1 new reviews since the last snapshot").arg(*since));
    if (!id)
        return fail(id.error());
    return std::optional<qint64>(*id);
}

} // namespace sediment
