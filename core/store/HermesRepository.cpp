#include "store/HermesRepository.h"

#include "store/Database.h"

#include <string>

namespace sediment {

namespace {

constexpr const char* kSelect =
    "SELECT s.hermes_id, s.file_name, s.inbox_id, s.state, s.error, s.imported_at, s.settled_at, "
    "COALESCE(i.status, ''), s.profile, COALESCE(i.destination, '') "
    "FROM hermes_staged s LEFT JOIN inbox_items i ON i.id = s.inbox_id ";

// Statuses after which the staged file has nothing left to wait for. `failed` is not among
// them: nothing was written, so the write stays staged as Hermes itself leaves it.
constexpr const char* kDecided = "('applied','modified','refused','reverted','rejected')";

HermesRepository::Record readRow(const Statement& st)
{
    HermesRepository::Record r;
    r.profile = st.text(8);
    r.hermesId = st.text(0);
    if (r.profile != QLatin1String("default") && r.hermesId.startsWith(r.profile + QLatin1Char('/')))
        r.hermesId = r.hermesId.mid(r.profile.size() + 1);
    st.columns(1, r.fileName, r.inboxId, r.state, r.error, r.importedAt, r.settledAt, r.inboxStatus);
    // The pending/ folder follows from what the record became: skill writes are staged apart.
    r.subsystem = st.text(9) == QLatin1String("skill") ? QStringLiteral("skills") : QStringLiteral("memory");
    return r;
}

} // namespace

QString HermesRepository::keyOf(const QString& hermesId, const QString& profile)
{
    if (profile.isEmpty() || profile == QLatin1String("default"))
        return hermesId;
    return profile + QLatin1Char('/') + hermesId;
}

Status HermesRepository::insert(const QString& hermesId, const QString& fileName, qint64 inboxId,
                                const QString& importedAt, const QString& profile)
{
    return m_db.run("INSERT INTO hermes_staged(hermes_id, file_name, inbox_id, state, "
                    "imported_at, profile) VALUES (?, ?, ?, 'imported', ?, ?)",
                    keyOf(hermesId, profile), fileName, inboxId, importedAt,
                    profile.isEmpty() ? QStringLiteral("default") : profile);
}

Result<std::vector<HermesRepository::Record>> HermesRepository::select(const char* where, const QString& arg)
{
    const std::string sql = std::string(kSelect) + where;
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    if (!arg.isNull())
        st->bind(1, arg);
    return st->collect<Record>(readRow);
}

Result<std::optional<HermesRepository::Record>> HermesRepository::find(const QString& hermesId, const QString& profile)
{
    auto rows = select("WHERE s.hermes_id = ?1", keyOf(hermesId, profile));
    if (!rows)
        return fail(rows.error());
    return rows->empty() ? std::optional<Record>() : std::optional<Record>(rows->front());
}

Result<std::optional<HermesRepository::Record>> HermesRepository::findByInboxId(qint64 inboxId)
{
    auto rows = select("WHERE s.inbox_id = ?1", QString::number(inboxId));
    if (!rows)
        return fail(rows.error());
    return rows->empty() ? std::optional<Record>() : std::optional<Record>(rows->front());
}

Result<std::vector<HermesRepository::Record>> HermesRepository::decidedButUnsettled()
{
    const std::string where =
        std::string("WHERE s.state = 'imported' AND i.status IN ") + kDecided + " ORDER BY s.inbox_id";
    return select(where.c_str(), QString());
}

Result<std::vector<HermesRepository::Record>> HermesRepository::unsettled()
{
    return select("WHERE s.state = 'imported' ORDER BY s.inbox_id", QString());
}

Result<std::vector<HermesRepository::Record>> HermesRepository::all()
{
    return select("ORDER BY s.inbox_id", QString());
}

Result<bool> HermesRepository::markSettled(const QString& hermesId, const QString& state, const QString& at,
                                           const QString& profile)
{
    // Only from `imported`: two processes settling the same file record it once.
    if (auto s = m_db.run("UPDATE hermes_staged SET state = ?, settled_at = ?, error = NULL "
                          "WHERE hermes_id = ? AND state = 'imported'",
                          state, at, keyOf(hermesId, profile));
        !s)
        return fail(s.error());
    return m_db.changes() > 0;
}

Status HermesRepository::setError(const QString& hermesId, const std::optional<QString>& error, const QString& profile)
{
    return m_db.run("UPDATE hermes_staged SET error = ? WHERE hermes_id = ?", error, keyOf(hermesId, profile));
}

} // namespace sediment
