#include "store/InboxReadModel.h"

#include "store/Database.h"
#include "util/Json.h"

#include <unordered_map>
#include <variant>

namespace sediment {

namespace {

using Param = std::variant<QString, double, qint64>;

// A WHERE clause with its parameters in binding order (anonymous `?` placeholders).
struct Where {
    std::string sql = "1";
    std::vector<Param> params;

    void add(const std::string& clause) { sql += " AND (" + clause + ")"; }
};

QString likePattern(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

void addValues(Where& w, const char* column, const InboxFilter::Values& values, bool nocase)
{
    const std::string collate = nocase ? " COLLATE NOCASE" : "";
    if (!values.include.isEmpty()) {
        std::string in;
        for (const QString& v : values.include) {
            in += in.empty() ? "?" : ", ?";
            w.params.emplace_back(v);
        }
        w.add(std::string(column) + collate + " IN (" + in + ")");
    }
    for (const QString& v : values.exclude) {
        // A NULL column (no agent) is "not that agent", which NOT IN alone would lose.
        w.add(std::string("COALESCE(") + column + ", '')" + collate + " <> ?");
        w.params.emplace_back(v);
    }
}

const char* compareSql(InboxFilter::Compare c)
{
    switch (c) {
    case InboxFilter::Compare::Less: return "score < ?";
    case InboxFilter::Compare::LessOrEqual: return "score <= ?";
    case InboxFilter::Compare::Greater: return "score > ?";
    case InboxFilter::Compare::GreaterOrEqual: return "score >= ?";
    case InboxFilter::Compare::Equal: return "score = ?";
    }
    return "score = ?";
}

Where buildWhere(const InboxFilter& f)
{
    Where w;
    addValues(w, "destination", f.destination, false);
    addValues(w, "status", f.status, false);
    addValues(w, "agent", f.agent, true);
    for (const auto& bound : f.score) {
        // An item without a score satisfies no comparison, and so every negated one.
        w.add(bound.negated ? std::string("score IS NULL OR NOT (") + compareSql(bound.compare) + ")"
                            : std::string(compareSql(bound.compare)));
        w.params.emplace_back(bound.value);
    }
    if (f.stale)
        w.add(*f.stale ? "stale <> 0" : "stale = 0");
    constexpr const char* kText = "rationale LIKE ? ESCAPE '\\' OR op_json LIKE ? ESCAPE '\\' "
                                  "OR COALESCE(agent, '') LIKE ? ESCAPE '\\'";
    for (const QString& word : f.text.include) {
        w.add(kText);
        for (int i = 0; i < 3; ++i)
            w.params.emplace_back(likePattern(word));
    }
    for (const QString& word : f.text.exclude) {
        w.add(std::string("NOT (") + kText + ")");
        for (int i = 0; i < 3; ++i)
            w.params.emplace_back(likePattern(word));
    }
    return w;
}

// The ordering expression; NULL-free so that keyset comparisons (rowOf) hold.
const char* keySql(InboxReadModel::SortKey key)
{
    switch (key) {
    case InboxReadModel::SortKey::Destination: return "destination";
    case InboxReadModel::SortKey::Score: return "COALESCE(score, -1.0)";
    case InboxReadModel::SortKey::Agent: return "COALESCE(agent, '')";
    case InboxReadModel::SortKey::Seen: return "seen";
    case InboxReadModel::SortKey::Status: return "status";
    case InboxReadModel::SortKey::Created: return "created_at";
    case InboxReadModel::SortKey::Id:
    case InboxReadModel::SortKey::Summary: return "id";
    }
    return "id";
}

void bindAll(Statement& st, const std::vector<Param>& params, int first = 1)
{
    int index = first;
    for (const Param& p : params) {
        std::visit([&](const auto& v) { st.bind(index, v); }, p);
        ++index;
    }
}

Result<qint64> scalar(Database& db, const std::string& sql, const std::vector<Param>& params)
{
    auto st = db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    bindAll(*st, params);
    auto row = st->step();
    if (!row)
        return fail(row.error());
    return *row ? st->int64(0) : 0;
}

QString oneLine(const std::string& utf8)
{
    QString text = qs(utf8).simplified();
    constexpr int kMax = 240;
    if (text.size() > kMax)
        text = text.left(kMax - 1) + QChar(0x2026);
    return text;
}

std::string str(const Json& op, const char* key)
{
    const auto it = op.find(key);
    return it != op.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

QString InboxReadModel::summarize(const QString& destination, const QString& opJson)
{
    const Json op = Json::parse(opJson.toStdString(), nullptr, false);
    if (op.is_discarded() || !op.is_object())
        return oneLine(opJson.toStdString());
    const std::string d = destination.toStdString();
    if (d == "memory" || d == "user") {
        const std::string action = str(op, "action");
        if (action == "remove")
            return QStringLiteral("remove: ") + oneLine(str(op, "old_text"));
        if (action == "batch" && op.contains("operations") && op["operations"].is_array())
            return QStringLiteral("batch of %1 operations").arg(op["operations"].size());
        return (action == "replace" ? QStringLiteral("replace: ") : QString())
               + oneLine(str(op, "content"));
    }
    if (d == "claude_md")
        return oneLine(str(op, "after"));
    if (d == "settings_json")
        return op.contains("patch") ? oneLine(op["patch"].dump()) : QString();
    if (d == "skill")
        return qs(str(op, "name")) + QStringLiteral(" (") + qs(str(op, "mode"))
               + QStringLiteral("): ")
               + oneLine(str(op, "mode") == "patch" ? str(op, "after") : str(op, "text"));
    if (d == "brain_inbox" || d == "chantier_outil")
        return oneLine(str(op, "title"));
    return oneLine(opJson.toStdString());
}

Result<qint64> InboxReadModel::count(const InboxFilter& filter)
{
    const Where w = buildWhere(filter);
    return scalar(m_db, "SELECT COUNT(*) FROM inbox_items WHERE " + w.sql, w.params);
}

Result<qint64> InboxReadModel::pendingCount()
{
    return scalar(m_db, "SELECT COUNT(*) FROM inbox_items WHERE status = 'pending'", {});
}

Result<std::vector<qint64>> InboxReadModel::pageIds(const InboxFilter& filter, Sort sort,
                                                    qint64 offset, int limit)
{
    Where w = buildWhere(filter);
    const std::string dir = sort.descending ? " DESC" : " ASC";
    const std::string key = keySql(sort.key);
    std::string sql = "SELECT id FROM inbox_items WHERE " + w.sql + " ORDER BY " + key + dir;
    if (key != "id")
        sql += ", id" + dir;
    sql += " LIMIT ? OFFSET ?";
    w.params.emplace_back(qint64(limit));
    w.params.emplace_back(offset);
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    bindAll(*st, w.params);
    std::vector<qint64> ids;
    ids.reserve(size_t(std::max(limit, 0)));
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        ids.push_back(st->int64(0));
    }
    return ids;
}

Result<std::vector<InboxRow>> InboxReadModel::rows(const std::vector<qint64>& ids)
{
    std::vector<InboxRow> out;
    if (ids.empty())
        return out;
    // A page is at most a few hundred ids: one statement with a carray-free IN list.
    std::string in;
    for (size_t i = 0; i < ids.size(); ++i)
        in += i ? ", ?" : "?";
    const std::string sql = "SELECT id, destination, op_json, score, COALESCE(agent, ''), seen, "
                            "stale, status, created_at FROM inbox_items WHERE id IN ("
                            + in + ")";
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    for (size_t i = 0; i < ids.size(); ++i)
        st->bind(int(i + 1), ids[i]);
    std::unordered_map<qint64, InboxRow> byId;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        InboxRow r;
        r.id = st->int64(0);
        r.destination = st->text(1);
        r.summary = summarize(r.destination, st->text(2));
        r.score = st->optReal(3);
        r.agent = st->text(4);
        r.seen = int(st->int64(5));
        r.stale = st->int64(6) != 0;
        r.status = st->text(7);
        r.createdAt = st->text(8);
        byId.emplace(r.id, std::move(r));
    }
    out.reserve(ids.size());
    for (qint64 id : ids) {
        auto it = byId.find(id);
        if (it != byId.end())
            out.push_back(std::move(it->second));
    }
    return out;
}

Result<std::optional<qint64>> InboxReadModel::rowOf(const InboxFilter& filter, Sort sort,
                                                    qint64 id)
{
    Where w = buildWhere(filter);
    auto member = w.params;
    member.emplace_back(id);
    auto found = scalar(m_db, "SELECT COUNT(*) FROM inbox_items WHERE " + w.sql + " AND id = ?",
                        member);
    if (!found)
        return fail(found.error());
    if (*found == 0)
        return std::optional<qint64>();
    const std::string key = keySql(sort.key);
    const std::string cmp = sort.descending ? " > " : " < ";
    const std::string of = "(SELECT " + key + " FROM inbox_items WHERE id = ?)";
    std::string before = key + cmp + of;
    w.params.emplace_back(id);
    if (key != "id") {
        before += " OR (" + key + " = " + of + " AND id" + cmp + "?)";
        w.params.emplace_back(id);
        w.params.emplace_back(id);
    }
    w.add(before);
    auto position = scalar(m_db, "SELECT COUNT(*) FROM inbox_items WHERE " + w.sql, w.params);
    if (!position)
        return fail(position.error());
    return std::optional<qint64>(*position);
}

} // namespace sediment
