#include "store/InboxReadModel.h"

#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "store/Database.h"
#include "store/InboxFilterSql.h"
#include "store/InboxTextIndex.h"
#include "util/Json.h"

#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <unordered_map>
#include <variant>

namespace sediment {

namespace {

using Param = InboxFilterSql::Param;

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
    return st->scalar();
}

// Reads the first column of every row as an id: no text is decoded, so a million ids cost
// what the index walk costs.
Status collectIds(Database& db, const std::string& sql, const std::vector<Param>& params, std::vector<qint64>& into)
{
    auto st = db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    bindAll(*st, params);
    return st->forEachRow([&](const Statement& row) { into.push_back(row.int64(0)); });
}

constexpr const char* kIdsPointer = "sediment_ids";

// sediment_keep_id(VECTOR, ID): appends ID to the std::vector<qint64> bound as VECTOR with
// sqlite3_bind_pointer, and returns 1. Only a pointer of our own type is ever dereferenced.
void keepId(sqlite3_context* context, int, sqlite3_value** argv)
{
    auto* ids = static_cast<std::vector<qint64>*>(sqlite3_value_pointer(argv[0], kIdsPointer));
    if (ids)
        ids->push_back(sqlite3_value_int64(argv[1]));
    sqlite3_result_int(context, 1);
}

using RawStatement = std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)>;

Result<RawStatement> prepareRaw(sqlite3* db, const std::string& sql)
{
    sqlite3_stmt* raw = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.c_str(), int(sql.size()), &raw, nullptr);
    if (rc != SQLITE_OK
        && sqlite3_create_function_v2(db, "sediment_keep_id", 2, SQLITE_UTF8 | SQLITE_DIRECTONLY, nullptr, keepId,
                                      nullptr, nullptr, nullptr)
               == SQLITE_OK) {
        // First use on this connection: the function was missing, it is there now.
        rc = sqlite3_prepare_v2(db, sql.c_str(), int(sql.size()), &raw, nullptr);
    }
    if (rc != SQLITE_OK)
        return fail(Error::io(QStringLiteral("database error: %1").arg(QString::fromUtf8(sqlite3_errmsg(db)))));
    return RawStatement(raw, sqlite3_finalize);
}

// Runs `sql`, whose first parameter is the vector that sediment_keep_id fills.
Status collectInto(Database& db, const std::string& sql, const std::vector<Param>& params, std::vector<qint64>& into)
{
    auto st = prepareRaw(db.handle(), sql);
    if (!st)
        return fail(st.error());
    sqlite3_stmt* raw = st->get();
    sqlite3_bind_pointer(raw, 1, &into, kIdsPointer, nullptr);
    int index = 2;
    for (const Param& p : params) {
        if (const auto* text = std::get_if<QString>(&p)) {
            const QByteArray utf8 = text->toUtf8();
            sqlite3_bind_text(raw, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
        } else if (const auto* real = std::get_if<double>(&p)) {
            sqlite3_bind_double(raw, index, *real);
        } else {
            sqlite3_bind_int64(raw, index, std::get<qint64>(p));
        }
        ++index;
    }
    int rc = SQLITE_ROW;
    while (rc == SQLITE_ROW)
        rc = sqlite3_step(raw);
    if (rc != SQLITE_DONE)
        return fail(
            Error::io(QStringLiteral("database error: %1").arg(QString::fromUtf8(sqlite3_errmsg(db.handle())))));
    return {};
}

// The items of the status that the filter's one negated term leaves out, as a filter: what
// count() subtracts (countsAsComplement). Each pair is exact: an item without an agent is not
// agent a (nor in agent:a), stale is never NULL, an item without a score is in every negated
// bound and in no bound (and the parser never gives an empty value, which NULL would not match).
std::optional<InboxFilter> leftOutByNegation(const InboxFilter& f)
{
    if (f.status.include.size() != 1 || !f.status.exclude.isEmpty() || !f.text.isEmpty() || !f.profile.isEmpty()
        || !f.destination.include.isEmpty() || !f.agent.include.isEmpty() || f.stale == true)
        return std::nullopt;
    InboxFilter left;
    left.status = f.status;
    int terms = 0;
    if (!f.destination.exclude.isEmpty()) {
        ++terms;
        left.destination.include = f.destination.exclude;
    }
    if (!f.agent.exclude.isEmpty()) {
        ++terms;
        left.agent.include = f.agent.exclude;
        if (left.agent.include.contains(QString()))
            return std::nullopt;
    }
    if (f.stale == false) {
        ++terms;
        left.stale = true;
    }
    for (const InboxFilter::ScoreBound& bound : f.score) {
        if (!bound.negated)
            return std::nullopt;
        ++terms;
        left.score.push_back({bound.compare, bound.value, false});
    }
    // Two negated terms leave out their union, which no one index reads.
    if (terms != 1)
        return std::nullopt;
    return left;
}

} // namespace

Result<qint64> InboxReadModel::count(const InboxFilter& filter)
{
    // One status and nothing else (the default view, pending): when the other statuses are few,
    // the table's row count (a b-tree count that decodes no record) minus theirs is far cheaper
    // than walking every entry of the one status. Two bounded probes decide.
    // (SQLite counts a table's rows without decoding one; the server reads them all, so there
    // the status is counted from its index directly.)
    // No term at all (`status:all`): the table's count alone. A WHERE clause, even `1 = 1`,
    // makes SQLite walk an index instead (a million items: 100 ms against 3).
    if (!m_db.isServer() && countsQuickly(filter) && filter.status.include.isEmpty())
        return scalar(m_db, "SELECT COUNT(*) FROM inbox_items", {});
    if (!m_db.isServer() && countsQuickly(filter)) {
        constexpr qint64 kProbe = 4096;
        const std::vector<Param> status{filter.status.include.front(), kProbe};
        auto below = scalar(m_db,
                            "SELECT COUNT(*) FROM (SELECT 1 FROM inbox_items "
                            "WHERE status < ? LIMIT ?) AS probe",
                            status);
        if (!below)
            return fail(below.error());
        auto above = *below < kProbe ? scalar(m_db,
                                              "SELECT COUNT(*) FROM (SELECT 1 FROM "
                                              "inbox_items WHERE status > ? LIMIT ?) AS probe",
                                              status)
                                     : Result<qint64>(kProbe);
        if (!above)
            return fail(above.error());
        if (*below < kProbe && *above < kProbe) {
            auto total = scalar(m_db, "SELECT COUNT(*) FROM inbox_items", {});
            if (!total)
                return fail(total.error());
            return *total - *below - *above;
        }
    }
    const InboxFilterSql w = InboxFilterSql::of(filter, false, std::nullopt, m_db.dialect());
    // On the server a filter of status, destination, agent and stale is summed from the counts
    // the table's triggers keep (inbox_counts, schema 8), whose columns the same clause reads.
    if (m_db.isServer() && countsFromTotals(filter))
        return scalar(m_db, "SELECT COALESCE(SUM(n), 0) FROM inbox_counts WHERE " + w.sql, w.params);
    // `-dest:memory` would walk every entry of the status (a million: 150 ms and more); the
    // status's count less dest:memory's reads only memory's entries.
    if (const auto left = leftOutByNegation(filter)) {
        InboxFilter status;
        status.status = filter.status;
        auto all = count(status);
        if (!all)
            return fail(all.error());
        auto out = count(*left);
        if (!out)
            return fail(out.error());
        return *all - *out;
    }
    return scalar(m_db, "SELECT COUNT(*) FROM " + w.from + " WHERE " + w.sql, w.params);
}

bool InboxReadModel::countsFromTotals(const InboxFilter& f)
{
    return f.text.isEmpty() && f.profile.isEmpty() && f.score.empty();
}

bool InboxReadModel::countsQuickly(const InboxFilter& f)
{
    return f.status.include.size() <= 1 && f.status.exclude.isEmpty() && f.destination.isEmpty() && f.agent.isEmpty()
           && f.score.empty() && !f.stale && f.text.isEmpty() && f.profile.isEmpty();
}

bool InboxReadModel::countsScoreRange(const InboxFilter& f)
{
    return !f.score.empty() && !f.status.include.isEmpty() && f.status.exclude.isEmpty() && f.destination.isEmpty()
           && f.agent.isEmpty() && !f.stale && f.text.isEmpty() && f.profile.isEmpty();
}

bool InboxReadModel::countsAsComplement(const InboxFilter& f) { return leftOutByNegation(f).has_value(); }

bool InboxReadModel::isIndexed(const InboxFilter& f)
{
    if (!f.text.isEmpty() || !f.status.exclude.isEmpty() || !f.profile.isEmpty())
        return false;
    // Under a status the indexes carry destination, agent, score and stale (schema 4): any
    // combination of them is read from index entries. Without one, only what the older
    // indexes (or the table's own count) serve.
    return !f.status.include.isEmpty()
           || (f.agent.isEmpty() && f.score.empty() && f.destination.exclude.isEmpty() && f.stale != false);
}

Result<std::pair<qint64, qint64>> InboxReadModel::writeMark()
{
    // data_version moves on other connections' commits, total_changes on this one's.
    auto version = m_db.dataVersion();
    if (!version)
        return fail(version.error());
    return std::pair<qint64, qint64>(*version, m_db.totalChanges());
}

Result<std::pair<qint64, qint64>> InboxReadModel::idSpan()
{
    // Two subqueries, so that each is one b-tree descent: MIN and MAX side by side in one
    // SELECT would scan the whole table.
    auto st = m_db.prepare("SELECT COALESCE((SELECT MIN(id) FROM inbox_items), 0), "
                           "COALESCE((SELECT MAX(id) FROM inbox_items), 0)");
    if (!st)
        return fail(st.error());
    using Span = std::pair<qint64, qint64>;
    auto span = st->first<Span>([](const Statement& row) { return Span(row.int64(0), row.int64(1)); });
    if (!span)
        return fail(span.error());
    return span->value_or(Span(0, 0));
}

Status InboxReadModel::appendIdsInWindow(const InboxFilter& filter, bool descending, qint64 after, qint64 upTo,
                                         std::vector<qint64>& into)
{
    const InboxFilterSql w = InboxFilterSql::of(filter, InboxFilterSql::readsEveryRow(filter),
                                                InboxFilterSql::Window{after, upTo}, m_db.dialect());
    const size_t first = into.size();
    const std::string ids =
        "SELECT id FROM " + w.from + " WHERE " + w.sql + " ORDER BY id" + (descending ? " DESC" : " ASC");
    if (m_db.isServer()) {
        // The server sends the whole result at once: one round trip, however many ids.
        if (auto s = collectIds(m_db, ids, w.params, into); !s)
            return s;
        return {};
    }
    // The ids go to the vector from inside the scan (see keepId): a million ids then cost the
    // index walk, not a million round trips through sqlite3_step.
    const std::string sql = "SELECT COUNT(sediment_keep_id(?, id)) FROM (" + ids + ")";
    if (auto s = collectInto(m_db, sql, w.params, into); !s)
        return s;
    // SQLite keeps the subquery's order in practice but does not promise it: make sure.
    const auto begin = into.begin() + qsizetype(first);
    if (descending) {
        if (!std::is_sorted(begin, into.end(), std::greater<>()))
            std::sort(begin, into.end(), std::greater<>());
    } else if (!std::is_sorted(begin, into.end())) {
        std::sort(begin, into.end());
    }
    return {};
}

Result<std::vector<qint64>> InboxReadModel::allIds(const InboxFilter& filter, Sort sort)
{
    const InboxFilterSql w = InboxFilterSql::of(filter, false, std::nullopt, m_db.dialect());
    std::vector<qint64> ids;
    if (auto s = collectIds(m_db, "SELECT id FROM " + w.from + " WHERE " + w.sql + InboxFilterSql::orderBy(sort),
                            w.params, ids);
        !s)
        return fail(s.error());
    return ids;
}

Status InboxReadModel::markCommonWords(InboxFilter& filter)
{
    filter.commonText.words.clear();
    QStringList words;
    for (const QString& word : filter.text.include)
        if (InboxFilterSql::isIndexableWord(word))
            words.append(word);
    auto common = InboxTextIndex(m_db).commonWords(words);
    if (!common)
        return fail(common.error());
    // One rare word is enough for the index to narrow the candidates, and then looking the
    // common words up too costs less than testing them on every candidate row (inbox_page_bench's
    // `lesson 999999`). Only when every word is common is a scan cheaper.
    if (common->size() == words.size())
        filter.commonText.words = *common;
    return {};
}

Result<qint64> InboxReadModel::pendingCount()
{
    InboxFilter pending;
    pending.status.include = {toString(InboxStatus::Pending)};
    return count(pending);
}

Result<std::vector<qint64>> InboxReadModel::pageIds(const InboxFilter& filter, Sort sort, qint64 offset, int limit)
{
    InboxFilterSql w = InboxFilterSql::of(filter, false, std::nullopt, m_db.dialect());
    w.params.emplace_back(qint64(limit));
    w.params.emplace_back(offset);
    std::vector<qint64> ids;
    ids.reserve(size_t(std::max(limit, 0)));
    if (auto s = collectIds(
            m_db, "SELECT id FROM " + w.from + " WHERE " + w.sql + InboxFilterSql::orderBy(sort) + " LIMIT ? OFFSET ?",
            w.params, ids);
        !s)
        return fail(s.error());
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
                            "stale, status, created_at, (SELECT profile FROM hermes_staged s "
                            "WHERE s.inbox_id = inbox_items.id) FROM inbox_items WHERE id IN ("
                            + in + ")";
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    st->bindEach(ids);
    std::unordered_map<qint64, InboxRow> byId;
    const auto keep = [&](const Statement& row) {
        InboxRow r;
        row.columns(0, r.id, r.destination, r.opJson, r.score, r.agent, r.seen, r.stale, r.status, r.createdAt,
                    r.profile);
        byId.emplace(r.id, std::move(r));
    };
    if (auto s = st->forEachRow(keep); !s)
        return fail(s.error());
    out.reserve(ids.size());
    for (qint64 id : ids) {
        auto it = byId.find(id);
        if (it != byId.end())
            out.push_back(std::move(it->second));
    }
    return out;
}

Result<std::optional<qint64>> InboxReadModel::rowOf(const InboxFilter& filter, Sort sort, qint64 id)
{
    InboxFilterSql w = InboxFilterSql::of(filter, false, std::nullopt, m_db.dialect());
    auto member = w.params;
    member.emplace_back(id);
    auto found = scalar(m_db, "SELECT COUNT(*) FROM " + w.from + " WHERE " + w.sql + " AND id = ?", member);
    if (!found)
        return fail(found.error());
    if (*found == 0)
        return std::optional<qint64>();
    const std::string key = InboxFilterSql::keySql(sort.key);
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
    auto position = scalar(m_db, "SELECT COUNT(*) FROM " + w.from + " WHERE " + w.sql, w.params);
    if (!position)
        return fail(position.error());
    return std::optional<qint64>(*position);
}

} // namespace sediment
