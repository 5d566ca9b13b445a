#include "store/AuditReadModel.h"

#include "store/AuditRepository.h"

#include "store/Database.h"

namespace sediment {

namespace {

// Empty parameters match everything, so one statement serves every combination of filters.
// SQLite's LIKE folds ASCII case; the server's twin says so with ILIKE.
constexpr Sql kWhere{" WHERE (?1 = '' OR subject_type = ?1) AND (?2 = '' OR subject_id = ?2)"
                     " AND (?3 = '' OR actor LIKE ?3 || '%' ESCAPE '\\')"
                     " AND (?4 = '' OR action = ?4)"
                     " AND (?5 = '' OR COALESCE(reason, '') LIKE ?6 ESCAPE '\\'"
                     "      OR COALESCE(before, '') LIKE ?6 ESCAPE '\\' OR COALESCE(after, '') LIKE ?6 ESCAPE '\\'"
                     "      OR details LIKE ?6 ESCAPE '\\')",
                     " WHERE (?1 = '' OR subject_type = ?1) AND (?2 = '' OR subject_id = ?2)"
                     " AND (?3 = '' OR actor ILIKE ?3 || '%' ESCAPE '\\')"
                     " AND (?4 = '' OR action = ?4)"
                     " AND (?5 = '' OR COALESCE(reason, '') ILIKE ?6 ESCAPE '\\'"
                     "      OR COALESCE(before, '') ILIKE ?6 ESCAPE '\\' OR COALESCE(after, '') ILIKE ?6 ESCAPE '\\'"
                     "      OR details ILIKE ?6 ESCAPE '\\')"};

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
    auto st = m_db.prepare((std::string("SELECT COUNT(*) FROM audit_log") + kWhere.text(m_db.dialect())).c_str());
    if (!st)
        return fail(st.error());
    bindFilter(*st, filter);
    return st->scalar();
}

Result<std::vector<AuditEntry>> AuditReadModel::page(const Filter& filter, qint64 offset, int limit)
{
    auto st = m_db.prepare((std::string("SELECT ") + AuditRepository::kColumns + " FROM audit_log"
                            + kWhere.text(m_db.dialect()) + " ORDER BY seq DESC LIMIT ?7 OFFSET ?8")
                               .c_str());
    if (!st)
        return fail(st.error());
    bindFilter(*st, filter);
    st->bind(7, qint64(limit)).bind(8, offset);
    return st->collect<AuditEntry>(AuditRepository::fromRow);
}

Result<QStringList> AuditReadModel::distinct(const char* sql)
{
    auto st = m_db.prepare(sql);
    if (!st)
        return fail(st.error());
    QStringList values;
    if (auto s = st->forEachRow([&](const Statement& row) { values << row.text(0); }); !s)
        return fail(s.error());
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
