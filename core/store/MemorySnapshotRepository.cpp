#include "store/MemorySnapshotRepository.h"

#include "store/Database.h"
#include "util/Json.h"

namespace sediment {

Result<std::vector<MemorySnapshot>> MemorySnapshotRepository::keys()
{
    auto st = m_db.prepare("SELECT destination, profile, char_limit, file_hash, host FROM memory_snapshots");
    if (!st)
        return fail(st.error());
    return st->collect<MemorySnapshot>([](const Statement& row) {
        MemorySnapshot s;
        row.columns(0, s.destination, s.profile, s.charLimit, s.fileHash, s.host);
        return s;
    });
}

Status MemorySnapshotRepository::publish(const MemorySnapshot& s)
{
    Json entries = Json::array();
    for (const QString& e : s.entries)
        entries.push_back(e.toStdString());
    return m_db.run("INSERT INTO memory_snapshots(destination, profile, entries_json, char_limit, "
                    "file_hash, host, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(destination, profile) DO UPDATE SET entries_json = excluded.entries_json, "
                    "char_limit = excluded.char_limit, file_hash = excluded.file_hash, "
                    "host = excluded.host, taken_at = excluded.taken_at",
                    s.destination, s.profile, QString::fromStdString(entries.dump()), qint64(s.charLimit), s.fileHash,
                    s.host, s.takenAt);
}

Result<std::optional<MemorySnapshot>> MemorySnapshotRepository::find(const QString& destination, const QString& profile)
{
    auto st = m_db.prepare("SELECT entries_json, char_limit, file_hash, host, taken_at FROM memory_snapshots "
                           "WHERE destination = ? AND profile = ?");
    if (!st)
        return fail(st.error());
    auto row = st->bind(1, destination).bind(2, profile).step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<MemorySnapshot>();
    MemorySnapshot s{destination, profile, {}, int(st->int64(1)), st->text(2), st->text(3), st->text(4)};
    auto parsed = Json::parse(st->text(0).toStdString(), nullptr, false);
    if (!parsed.is_array())
        return fail(
            Error::io(QStringLiteral("the published snapshot of %1 (%2) is damaged").arg(destination, profile)));
    for (const Json& e : parsed)
        s.entries.append(e.is_string() ? QString::fromStdString(e.get<std::string>()) : QString());
    return std::optional<MemorySnapshot>(std::move(s));
}

} // namespace sediment
