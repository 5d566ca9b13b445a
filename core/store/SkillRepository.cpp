#include "store/SkillRepository.h"

#include "model/SkillState.h"
#include "store/Database.h"
#include "util/Time.h"

#include <algorithm>

namespace sediment {

namespace {

constexpr const char* kColumns = "name, created_by, pinned, state, use_count, view_count, patch_count, last_used_at, "
                                 "last_viewed_at, last_patched_at, created_at, archived_at, archive_path, extra_json";

int digits(const char* p, int n)
{
    int v = 0;
    for (int i = 0; i < n; ++i)
        v = v * 10 + (p[i] - '0');
    return v;
}

// Times are stored by time::toIso ("2026-01-02T03:04:05.678Z"). Reading 100,000 skills for a
// curator pass must stay cheap, so that exact shape is decoded by position; anything else (a
// row written by hand) goes through the general parser.
QDateTime parseStored(const std::string& s)
{
    const char* p = s.c_str();
    if (s.size() == 24 && p[4] == '-' && p[7] == '-' && p[10] == 'T' && p[13] == ':' && p[16] == ':' && p[19] == '.'
        && p[23] == 'Z') {
        return QDateTime(QDate(digits(p, 4), digits(p + 5, 2), digits(p + 8, 2)),
                         QTime(digits(p + 11, 2), digits(p + 14, 2), digits(p + 17, 2), digits(p + 20, 3)), Qt::UTC);
    }
    auto parsed = time::parseIso(fromStd(s));
    return parsed ? *parsed : QDateTime();
}

std::optional<QDateTime> optionalTime(const Statement& st, int col)
{
    if (st.isNull(col))
        return std::nullopt;
    const QDateTime t = parseStored(st.utf8(col));
    return t.isValid() ? std::optional<QDateTime>(t) : std::nullopt;
}

std::optional<QString> storedTime(const std::optional<QDateTime>& t)
{
    return t ? std::optional<QString>(time::toIso(*t)) : std::nullopt;
}

// The few values a column holds in practice, shared rather than allocated once per row: a curator
// pass reads a hundred thousand records, and a fresh process pays a page fault for every new
// block of heap. QStringLiteral data is static, so handing out a copy allocates nothing.
template <std::size_t N>
QString shared(const Statement& st, int col, const QString (&known)[N])
{
    const std::string raw = st.utf8(col);
    const QLatin1StringView view(raw.data(), qsizetype(raw.size()));
    for (const QString& k : known)
        if (k == view)
            return k;
    return fromStd(raw);
}

Skill readRow(const Statement& st)
{
    static const QString kCreators[] = {QStringLiteral("agent"), QStringLiteral("user"), QStringLiteral("hub"),
                                        QStringLiteral("bundled")};
    static const QString kStates[] = {toString(SkillState::Active), toString(SkillState::Stale),
                                      toString(SkillState::Archived)};
    Skill s;
    s.name = st.text(0);
    s.createdBy = shared(st, 1, kCreators);
    s.pinned = st.int64(2) != 0;
    s.state = shared(st, 3, kStates);
    st.columns(4, s.useCount, s.viewCount, s.patchCount);
    s.lastUsedAt = optionalTime(st, 7);
    s.lastViewedAt = optionalTime(st, 8);
    s.lastPatchedAt = optionalTime(st, 9);
    s.createdAt = parseStored(st.utf8(10));
    s.archivedAt = optionalTime(st, 11);
    s.archivePath = st.optText(12);
    // Almost every record has no unknown keys; skipping the parser for them halves a full read.
    const std::string extra = st.utf8(13);
    if (extra != "{}") {
        s.extra = Json::parse(extra, nullptr, false);
        if (!s.extra.is_object())
            s.extra = Json::object();
    }
    return s;
}

const char* orderExpression(SkillRepository::SortKey key, Dialect dialect)
{
    using K = SkillRepository::SortKey;
    switch (key) {
    case K::Name:
        return "name";
    case K::State:
        return "state";
    case K::CreatedBy:
        return "created_by";
    case K::Pinned:
        return "pinned";
    case K::LastActivity:
        return Sql{"MAX(COALESCE(last_used_at, ''), COALESCE(last_viewed_at, ''), "
                   "COALESCE(last_patched_at, ''))",
                   "GREATEST(COALESCE(last_used_at, ''), COALESCE(last_viewed_at, ''), "
                   "COALESCE(last_patched_at, ''))"}
            .text(dialect);
    case K::Uses:
        return "use_count";
    case K::Views:
        return "view_count";
    case K::Patches:
        return "patch_count";
    case K::CreatedAt:
        return "created_at";
    }
    return "name";
}

} // namespace

Result<bool> SkillRepository::registerCreated(const QString& name, const QString& createdBy, const QDateTime& now)
{
    if (auto s = m_db.run("INSERT INTO skills(name, created_by, created_at) VALUES (?, ?, ?) "
                          "ON CONFLICT(name) DO NOTHING",
                          name, createdBy, time::toIso(now));
        !s)
        return fail(s.error());
    return m_db.changes() > 0;
}

Result<Skill> SkillRepository::recordUse(const QString& name, const QDateTime& now)
{
    return bump(Counter::Use, name, now);
}

Result<Skill> SkillRepository::recordView(const QString& name, const QDateTime& now)
{
    return bump(Counter::View, name, now);
}

Result<Skill> SkillRepository::recordPatch(const QString& name, const QDateTime& now)
{
    return bump(Counter::Patch, name, now);
}

Result<Skill> SkillRepository::bump(Counter counter, const QString& name, const QDateTime& now)
{
    if (auto created = registerCreated(name, QStringLiteral("agent"), now); !created)
        return fail(created.error());
    const char* sql = counter == Counter::Use
                          ? "UPDATE skills SET use_count = use_count + 1, last_used_at = ? WHERE name = ?"
                      : counter == Counter::View
                          ? "UPDATE skills SET view_count = view_count + 1, last_viewed_at = ? WHERE name = ?"
                          : "UPDATE skills SET patch_count = patch_count + 1, last_patched_at = ? WHERE name = ?";
    auto st = m_db.prepare(sql);
    if (!st)
        return fail(st.error());
    if (auto s = st->bind(1, time::toIso(now)).bind(2, name).exec(); !s)
        return fail(s.error());
    auto found = find(name);
    if (!found)
        return fail(found.error());
    if (!*found)
        return fail(Error::io(QStringLiteral("skill '%1' vanished while recording").arg(name)));
    return **found;
}

Result<std::optional<Skill>> SkillRepository::find(const QString& name)
{
    auto st = m_db.prepare((std::string("SELECT ") + kColumns + " FROM skills WHERE name = ?").c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, name);
    return st->first<Skill>([](const Statement& row) { return readRow(row); });
}

Result<std::vector<Skill>> SkillRepository::all()
{
    // Sized first: growing a list of a hundred thousand records copies it and touches fresh pages
    // at every doubling, which was a fifth of a curator pass in a new process.
    auto count = m_db.prepare("SELECT COUNT(*) FROM skills");
    if (!count)
        return fail(count.error());
    auto counted = count->step();
    if (!counted)
        return fail(counted.error());
    const std::size_t expected = *counted ? std::size_t(std::max<qint64>(0, count->int64(0))) : 0;
    auto st = m_db.prepare((std::string("SELECT ") + kColumns + " FROM skills ORDER BY name").c_str());
    if (!st)
        return fail(st.error());
    return st->collect<Skill>(readRow, expected);
}

Result<QHash<QString, QString>> SkillRepository::archivePaths()
{
    auto st = m_db.prepare("SELECT name, archive_path FROM skills WHERE archive_path IS NOT NULL");
    if (!st)
        return fail(st.error());
    return st->collectMap<QHash<QString, QString>>([](const Statement& row) { return row.text(1); });
}

Result<std::vector<Skill>> SkillRepository::fetch(const QStringList& names)
{
    return m_db.collectEach<Skill>((std::string("SELECT ") + kColumns + " FROM skills WHERE name = ?").c_str(), names,
                                   readRow);
}

Status SkillRepository::save(const Skill& s)
{
    return m_db.run("INSERT INTO skills(name, created_by, pinned, state, use_count, view_count, patch_count, "
                    "last_used_at, last_viewed_at, last_patched_at, created_at, archived_at, archive_path, "
                    "extra_json) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(name) DO UPDATE SET "
                    "created_by = excluded.created_by, pinned = excluded.pinned, state = excluded.state, "
                    "use_count = excluded.use_count, view_count = excluded.view_count, "
                    "patch_count = excluded.patch_count, last_used_at = excluded.last_used_at, "
                    "last_viewed_at = excluded.last_viewed_at, last_patched_at = excluded.last_patched_at, "
                    "created_at = excluded.created_at, archived_at = excluded.archived_at, "
                    "archive_path = excluded.archive_path, extra_json = excluded.extra_json",
                    s.name, s.createdBy, qint64(s.pinned ? 1 : 0), s.state, s.useCount, s.viewCount, s.patchCount,
                    storedTime(s.lastUsedAt), storedTime(s.lastViewedAt), storedTime(s.lastPatchedAt),
                    time::toIso(s.createdAt), storedTime(s.archivedAt), s.archivePath, s.extra.dump());
}

Result<QStringList> SkillRepository::names(const ListQuery& q)
{
    // Only the active filters go into the WHERE clause: with none, ORDER BY name walks the
    // primary key's index and SQLite never sorts 100,000 names in a temporary b-tree. The
    // order expression comes from a fixed table, never from the caller's text.
    std::string where;
    QStringList params;
    auto add = [&](const char* condition, const QString& value) {
        if (value.isEmpty())
            return;
        where += where.empty() ? " WHERE " : " AND ";
        where += condition;
        params << value;
    };
    add("state = ?", q.state);
    add("created_by = ?", q.createdBy);
    add(m_db.isServer() ? "strpos(name, ?) > 0" : "instr(name, ?) > 0", q.nameFilter.toLower());
    const char* direction = q.descending ? " DESC" : " ASC";
    std::string sql =
        "SELECT name FROM skills" + where + " ORDER BY " + orderExpression(q.sort, m_db.dialect()) + direction;
    if (q.sort != SortKey::Name)
        sql += std::string(", name") + direction;
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    for (int k = 0; k < params.size(); ++k)
        st->bind(k + 1, params[k]);
    QStringList out;
    if (auto s = st->forEachRow([&](const Statement& row) { out << row.text(0); }); !s)
        return fail(s.error());
    return out;
}

Result<std::map<QString, qint64>> SkillRepository::countsByState()
{
    auto st = m_db.prepare("SELECT state, COUNT(*) FROM skills GROUP BY state");
    if (!st)
        return fail(st.error());
    return st->collectMap<std::map<QString, qint64>>([](const Statement& row) { return row.int64(1); });
}

Status SkillRepository::addCuratorRun(const QDateTime& at, bool dryRun, const Json& result)
{
    return m_db.run("INSERT INTO curator_runs(at, dry_run, result) VALUES (?, ?, ?)", time::toIso(at),
                    qint64(dryRun ? 1 : 0), result.dump());
}

Result<std::optional<SkillRepository::CuratorRun>> SkillRepository::lastCuratorRun()
{
    auto st = m_db.prepare("SELECT id, at, dry_run, result FROM curator_runs ORDER BY id DESC LIMIT 1");
    if (!st)
        return fail(st.error());
    return st->first<CuratorRun>([](const Statement& row) {
        return CuratorRun{row.int64(0), row.text(1), row.int64(2) != 0, Json::parse(row.utf8(3), nullptr, false)};
    });
}

Result<std::optional<QString>> SkillRepository::usageLink()
{
    return m_db.firstText("SELECT path FROM skills_usage_link WHERE id = 1");
}

Status SkillRepository::setUsageLink(const QString& absolutePath, const QDateTime& at)
{
    return m_db.run("INSERT INTO skills_usage_link(id, path, imported_at) VALUES (1, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET path = excluded.path, "
                    "imported_at = excluded.imported_at",
                    absolutePath, time::toIso(at));
}

} // namespace sediment
