#include "store/DecisionRepository.h"

#include "store/Database.h"
#include "store/OneRow.h"

namespace sediment {

namespace {

constexpr const char* kColumns = "id, ext_id, description, context, pattern, confidence, category, stakes, outcome, "
                                 "outcome_text, reviewer, reviewed_at, superseded_by, created_at, session";

Decision readDecision(const Statement& st)
{
    Decision d;
    st.columns(0, d.id, d.extId, d.description, d.context, d.pattern, d.confidence, d.category, d.stakes, d.outcome,
               d.outcomeText, d.reviewer, d.reviewedAt, d.supersededBy, d.createdAt, d.session);
    return d;
}

} // namespace

Json DecisionRepository::Snapshot::toJson() const
{
    return Json{{"id", id},
                {"at", toStd(at)},
                {"reviewed", reviewed},
                {"brier", orNull(brier)},
                {"accuracy", orNull(accuracy)},
                {"ece", orNull(ece)},
                {"figures", figures}};
}

Result<qint64> DecisionRepository::insert(const Decision& d)
{
    return m_db.insert("INSERT INTO decisions(ext_id, description, context, pattern, confidence, category, "
                       "stakes, outcome, outcome_text, reviewer, reviewed_at, superseded_by, created_at, session) "
                       "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       d.extId, d.description, d.context, d.pattern, d.confidence, d.category, d.stakes, d.outcome,
                       d.outcomeText, d.reviewer, d.reviewedAt, d.supersededBy, d.createdAt, d.session);
}

Result<std::optional<Decision>> DecisionRepository::get(qint64 id) { return oneRow(byIds({id})); }

Result<std::vector<Decision>> DecisionRepository::byIds(const std::vector<qint64>& ids)
{
    return m_db.collectEach<Decision>((std::string("SELECT ") + kColumns + " FROM decisions WHERE id = ?").c_str(), ids,
                                      readDecision);
}

Result<std::optional<qint64>> DecisionRepository::idOfExtId(const QString& extId)
{
    return m_db.firstInt64("SELECT id FROM decisions WHERE ext_id = ?", extId);
}

Result<std::vector<qint64>> DecisionRepository::ids(const Filter& f, Order order)
{
    QStringList where;
    QStringList values;
    if (f.outcome == QLatin1String("reviewed")) {
        where << QStringLiteral("outcome <> 'pending'");
    } else if (!f.outcome.isEmpty()) {
        where << QStringLiteral("outcome = ?");
        values << f.outcome;
    }
    if (!f.category.isEmpty()) {
        where << QStringLiteral("category = ?");
        values << f.category;
    }
    if (!f.stakes.isEmpty()) {
        where << QStringLiteral("stakes = ?");
        values << f.stakes;
    }
    if (!f.text.isEmpty()) {
        // strpos is the server's instr.
        where << (m_db.isServer()
                      ? QStringLiteral("(strpos(lower(description), lower(?1x)) > 0 OR strpos(lower(context), "
                                       "lower(?1x)) > 0 OR strpos(lower(pattern), lower(?1x)) > 0)")
                      : QStringLiteral("(instr(lower(description), lower(?1x)) > 0 OR instr(lower(context), "
                                       "lower(?1x)) > 0 OR instr(lower(pattern), lower(?1x)) > 0)"));
    }
    QString sql = QStringLiteral("SELECT id FROM decisions");
    if (!where.isEmpty())
        sql += QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "));
    // The text placeholder is numbered after the other values so it can be used three times.
    sql.replace(QStringLiteral("?1x"), QStringLiteral("?%1").arg(values.size() + 1));
    switch (order) {
    case Order::Oldest:
        sql += QStringLiteral(" ORDER BY created_at, id");
        break;
    case Order::Confidence:
        sql += QStringLiteral(" ORDER BY confidence DESC, id");
        break;
    case Order::Stakes:
        sql += QStringLiteral(" ORDER BY CASE stakes WHEN 'critical' THEN 0 WHEN 'high' THEN 1 "
                              "WHEN 'medium' THEN 2 ELSE 3 END, created_at, id");
        break;
    case Order::Newest:
        sql += QStringLiteral(" ORDER BY created_at DESC, id DESC");
        break;
    }
    auto st = m_db.prepare(sql.toUtf8().constData());
    if (!st)
        return fail(st.error());
    const int next = st->bindEach(values);
    if (!f.text.isEmpty())
        st->bind(next, f.text);
    return st->collect<qint64>([](const Statement& s) { return s.int64(0); });
}

Result<std::vector<Decision>> DecisionRepository::list(const Filter& filter, Order order)
{
    auto found = ids(filter, order);
    if (!found)
        return fail(found.error());
    return byIds(*found);
}

Status DecisionRepository::setReview(qint64 id, const QString& outcome, const std::optional<QString>& text,
                                     const QString& reviewer, const QString& at, std::optional<qint64> supersededBy)
{
    return m_db.run("UPDATE decisions SET outcome = ?, outcome_text = ?, reviewer = ?, "
                    "reviewed_at = ?, superseded_by = ? WHERE id = ?",
                    outcome, text, reviewer, at, supersededBy, id);
}

Result<std::vector<Calibration::Sample>> DecisionRepository::calibrationSamples()
{
    // One pass over the table in rowid order (the summation order), three columns, no WHERE:
    // an IN list or CASE in SQL costs more per row than the few byte compares below, and an
    // index on outcome would trade this sequential read for a table lookup per row plus a sort.
    auto st = m_db.prepare("SELECT confidence, outcome, category FROM decisions ORDER BY id");
    if (!st)
        return fail(st.error());
    std::vector<Calibration::Sample> out;
    const auto keepCountable = [&](const Statement& row) {
        const auto outcome = Calibration::outcomeOf(row.utf8(1));
        if (outcome == Calibration::Outcome::Success || outcome == Calibration::Outcome::Partial
            || outcome == Calibration::Outcome::Failure)
            out.push_back({row.real(0), outcome, Calibration::categoryOf(row.utf8(2))});
    };
    if (auto s = st->forEachRow(keepCountable); !s)
        return fail(s.error());
    return out;
}

Result<std::vector<Decision>> DecisionRepository::unreviewed(const QStringList& stakes, const QString& createdBefore)
{
    QString sql = QStringLiteral("SELECT %1 FROM decisions WHERE outcome = 'pending'").arg(QLatin1String(kColumns));
    QStringList values;
    if (!stakes.isEmpty()) {
        QStringList marks;
        for (const QString& s : stakes) {
            marks << QStringLiteral("?");
            values << s;
        }
        sql += QStringLiteral(" AND stakes IN (%1)").arg(marks.join(QLatin1Char(',')));
    }
    if (!createdBefore.isEmpty()) {
        sql += QStringLiteral(" AND created_at < ?");
        values << createdBefore;
    }
    sql += QStringLiteral(" ORDER BY created_at, id");
    auto st = m_db.prepare(sql.toUtf8().constData());
    if (!st)
        return fail(st.error());
    st->bindEach(values);
    return st->collect<Decision>(readDecision);
}

Result<qint64> DecisionRepository::insertSnapshot(const QString& at, const Calibration::Figures& figures)
{
    return m_db.insert("INSERT INTO calibration_snapshots(at, reviewed, brier, accuracy, ece, figures) "
                       "VALUES (?,?,?,?,?,?)",
                       at, figures.reviewed, figures.brier, figures.accuracy, figures.ece,
                       json::pythonDump(figures.toJson()));
}

Result<std::vector<DecisionRepository::Snapshot>> DecisionRepository::snapshots()
{
    auto st = m_db.prepare("SELECT id, at, reviewed, brier, accuracy, ece, figures FROM "
                           "calibration_snapshots ORDER BY at, id");
    if (!st)
        return fail(st.error());
    return st->collect<Snapshot>([](const Statement& s) {
        Snapshot snap;
        s.columns(0, snap.id, snap.at, snap.reviewed, snap.brier, snap.accuracy, snap.ece);
        snap.figures = Json::parse(s.utf8(6), nullptr, false);
        if (snap.figures.is_discarded())
            snap.figures = nullptr;
        return snap;
    });
}

Result<qint64> DecisionRepository::reviewsSinceLastSnapshot()
{
    return m_db.scalar("SELECT COUNT(*) FROM audit_log WHERE subject_type = 'decision' AND "
                       "(action = 'decision.review' OR (action = 'decision.import' AND after <> 'pending')) AND "
                       "seq > COALESCE((SELECT MAX(seq) FROM audit_log WHERE action = 'calibration.snapshot'), 0)");
}

} // namespace sediment
