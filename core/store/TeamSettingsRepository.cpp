#include "store/TeamSettingsRepository.h"

#include "store/Database.h"

namespace sediment {

Result<std::optional<QString>> TeamSettingsRepository::get(const QString& key)
{
    return m_db.firstText("SELECT value FROM team_settings WHERE key = ?", key);
}

Status TeamSettingsRepository::set(const QString& key, const std::optional<QString>& value)
{
    if (!value)
        return m_db.run("DELETE FROM team_settings WHERE key = ?", key);
    return m_db.run("INSERT INTO team_settings(key, value) VALUES (?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    key, *value);
}

Result<std::optional<QString>> TeamSettingsRepository::settleCheck(qint64 id)
{
    auto st = m_db.prepare("SELECT sediment_settle_check(?)");
    if (!st)
        return fail(st.error());
    auto row = st->bind(1, id).step();
    if (!row)
        return fail(row.error());
    return st->optText(0);
}

Result<std::vector<qint64>> TeamSettingsRepository::approvedIds(int limit)
{
    auto st = m_db.prepare("SELECT id FROM inbox_items WHERE status = 'approved' ORDER BY id LIMIT ?");
    if (!st)
        return fail(st.error());
    st->bind(1, qint64(limit));
    return st->collect<qint64>([](const Statement& row) { return row.int64(0); });
}

} // namespace sediment
