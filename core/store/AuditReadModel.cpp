#include "store/AuditReadModel.h"

#include "store/Database.h"

namespace sediment {

namespace {

// Empty parameters match everything, so one statement serves every combination of filters.
constexpr const char* kWhere =
    " WHERE (?1 = '' OR subject_type = ?1) AND (?2 = '' OR subject_id = ?2)"
    " AND (?3 = '' OR actor LIKE ?3 || '%' ESCAPE '\\')"
    " AND (?4 = '' OR action = ?4)"
    " AND (?5 = '' OR COALESCE(reason, '') LIKE ?6 ESCAPE '\\'"
    "      OR COALESCE(before, '') LIKE ?6 ESCAPE '\\' OR COALESCE(after, '') LIKE ?6 ESCAPE '\\'"
    "      OR details LIKE ?6 ESCAPE '\\')";

QString escapeLike(const QString& text)
{
    QString e = text;
    e.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return e;
}

void bindFilter(Statement& st, const AuditReadModel::Filter& f)
{
    st.bind(1, f.subjectType)
        .bind(2, f.subjectId)
        .bind(3, escapeLike(f.actor))
        .bind(4, f.action)
        .bind(5, f.text)
        .bind(6, QString(QLatin1Char('%') + escapeLike(f.text) + QLatin1Char('%')));
}

} // namespace

Result<qint64> AuditReadModel::count(const Filter& filter)
{
    auto st = m_db.prepare((std::string("SELECT COUNT(*) FROM audit_log") + kWhere).c_str());
    if (!st)
        return fail(st.error());
    bindFilter(*st, filter);
    auto row = st->step();
    if (!row)
        return fail(row.error());
    return *row ? st->int64(0) : 0;
}

Result<std::vector<AuditEntry>> AuditReadModel::page(const Filter& filter, qint64 offset,
                                                     int limit)
{
    auto st = m_db.prepare(
        (std::string("SELECT seq, at, actor, action, subject_type, subject_id, reason, before, "
                     "after, details, prev_hash, hash FROM audit_log")
         + kWhere + " ORDER BY seq DESC LIMIT ?7 OFFSET ?8")
            .c_str());
    if (!st)
        return fail(st.error());
    bindFilter(*st, filter);
    st->bind(7, qint64(limit)).bind(8, offset);
    std::vector<AuditEntry> rows;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        AuditEntry e;
        e.seq = st->int64(0);
        e.at = st->text(1);
        e.actor = st->text(2);
        e.action = st->text(3);
        e.subjectType = st->text(4);
        e.subjectId = st->text(5);
        e.reason = st->optText(6);
        e.before = st->optText(7);
        e.after = st->optText(8);
        const std::string raw = st->utf8(9);
        e.details = Json::parse(raw, nullptr, false);
        if (e.details.is_discarded())
            e.details = raw;
        e.prevHash = st->text(10);
        e.hash = st->text(11);
        rows.push_back(std::move(e));
    }
    return rows;
}

Result<QStringList> AuditReadModel::distinct(const char* sql)
{
    auto st = m_db.prepare(sql);
    if (!st)
        return fail(st.error());
    QStringList values;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        values << st->text(0);
    }
    return values;
}

Result<QStringList> AuditReadModel::subjectTypes()
{
    // The (subject_type, subject_id, seq) index makes this a skip-scan, not a table scan.
    return distinct("SELECT DISTINCT subject_type FROM audit_log ORDER BY subject_type");
}

Result<QStringList> AuditReadModel::actions()
{
    return distinct("SELECT DISTINCT action FROM audit_log ORDER BY action");
}

} // namespace sediment
