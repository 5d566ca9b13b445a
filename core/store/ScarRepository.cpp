#include "store/ScarRepository.h"

#include "store/Database.h"
#include "store/OneRow.h"

#include <QRegularExpression>

namespace sediment {

namespace {

constexpr const char* kColumns =
    "s.id, s.kind, s.title, s.context, s.lesson, s.importance, s.learnable, s.source, s.scope, "
    "s.created_at, s.recall_count, s.last_recalled_at, s.archived, s.suggestion_id";

Scar readScar(const Statement& st, int base = 0)
{
    Scar s;
    s.id = st.int64(base + 0);
    s.kind = st.text(base + 1);
    s.title = st.text(base + 2);
    s.context = st.text(base + 3);
    s.lesson = st.text(base + 4);
    s.importance = int(st.int64(base + 5));
    s.learnable = st.int64(base + 6) != 0;
    s.source = st.optText(base + 7);
    s.scope = st.text(base + 8);
    s.createdAt = st.text(base + 9);
    s.recallCount = int(st.int64(base + 10));
    s.lastRecalledAt = st.optText(base + 11);
    s.archived = st.int64(base + 12) != 0;
    if (!st.isNull(base + 13))
        s.suggestionId = st.int64(base + 13);
    return s;
}

// A whole row as a scar, for the statements that select kColumns alone.
Scar scarRow(const Statement& st) { return readScar(st); }

// Whole scars, picked and ordered by `condition` on `s` with one value bound.
template <typename Value>
Result<std::vector<Scar>> scarsWhere(Database& db, const char* condition, const Value& value)
{
    auto st = db.prepare((std::string("SELECT ") + kColumns + " FROM scars s WHERE " + condition).c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, value);
    return st->collect<Scar>(scarRow);
}

bool anyScope(const QString& scope) { return scope.isEmpty() || scope == QLatin1String("all"); }

// The WHERE clause of a Filter and the values it binds, in order.
struct Where {
    QString sql;
    QStringList texts; // bound as text
    int minImportance = 0;
};

// The server's twin of scars_fts: a text-search index over the same three fields
// (schema: scars_text); the expression must read exactly as the index's for it to be used.
constexpr const char* kScarText = "to_tsvector('simple', title || ' ' || context || ' ' || lesson)";

Where buildWhere(const ScarRepository::Filter& f, Dialect dialect)
{
    Where w;
    QStringList parts;
    if (!f.includeArchived)
        parts << QStringLiteral("s.archived = 0");
    const bool server = dialect == Dialect::Postgres;
    const QString match =
        server ? ScarRepository::tsQuery(f.text, false, true) : ScarRepository::ftsQuery(f.text, false, true);
    if (!match.isEmpty()) {
        parts << (server ? QStringLiteral("s.id IN (SELECT id FROM scars WHERE %1 @@ to_tsquery('simple', ?))")
                               .arg(QLatin1String(kScarText))
                         : QStringLiteral("s.id IN (SELECT rowid FROM scars_fts WHERE scars_fts MATCH ?)"));
        w.texts << match;
    }
    if (!anyScope(f.scope)) {
        parts << QStringLiteral("s.scope = ?");
        w.texts << f.scope;
    }
    if (!f.kind.isEmpty()) {
        parts << QStringLiteral("s.kind = ?");
        w.texts << f.kind;
    }
    if (f.minImportance > 0) {
        parts << QStringLiteral("s.importance >= ?");
        w.minImportance = f.minImportance;
    }
    w.sql = parts.isEmpty() ? QString() : QStringLiteral(" WHERE ") + parts.join(QStringLiteral(" AND "));
    return w;
}

void bindWhere(Statement& st, const Where& w)
{
    const int next = st.bindEach(w.texts);
    if (w.minImportance > 0)
        st.bind(next, w.minImportance);
}

const char* orderBy(ScarRepository::Order order, Dialect dialect)
{
    switch (order) {
    case ScarRepository::Order::Importance:
        return " ORDER BY s.importance DESC, s.id DESC";
    case ScarRepository::Order::Recalls:
        return " ORDER BY s.recall_count DESC, s.id DESC";
    case ScarRepository::Order::Title:
        return Sql{" ORDER BY s.title COLLATE NOCASE, s.id", " ORDER BY lower(s.title), s.id"}.text(dialect);
    case ScarRepository::Order::Newest:
        break;
    }
    return " ORDER BY s.created_at DESC, s.id DESC";
}

// The words of `text`, each quoted with `quote`, the last marked with `prefix` when it may be a
// word's beginning, joined by `any` or `all`: what both full-text dialects are told.
QString searchWords(const QString& text, QChar quote, const QString& prefix, const QString& any, const QString& all,
                    bool anyWord, bool lastAsPrefix)
{
    static const QRegularExpression nonWord(QStringLiteral("[^\\w]+"), QRegularExpression::UseUnicodePropertiesOption);
    QStringList quoted;
    for (const QString& w : text.split(nonWord, Qt::SkipEmptyParts))
        quoted << quote + w + quote;
    if (quoted.isEmpty())
        return {};
    if (lastAsPrefix)
        quoted.last() += prefix;
    return quoted.join(anyWord ? any : all);
}

} // namespace

QString ScarRepository::ftsQuery(const QString& text, bool anyWord, bool lastAsPrefix)
{
    return searchWords(text, QLatin1Char('"'), QStringLiteral("*"), QStringLiteral(" OR "), QStringLiteral(" "),
                       anyWord, lastAsPrefix);
}

QString ScarRepository::tsQuery(const QString& text, bool anyWord, bool lastAsPrefix)
{
    return searchWords(text, QLatin1Char('\''), QStringLiteral(":*"), QStringLiteral(" | "), QStringLiteral(" & "),
                       anyWord, lastAsPrefix);
}

Result<qint64> ScarRepository::insert(const Scar& s)
{
    return m_db.insert("INSERT INTO scars(kind, title, context, lesson, importance, learnable, source, scope, "
                       "created_at, recall_count, last_recalled_at, archived, suggestion_id) "
                       "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                       s.kind, s.title, s.context, s.lesson, s.importance, s.learnable ? 1 : 0, s.source, s.scope,
                       s.createdAt, s.recallCount, s.lastRecalledAt, s.archived ? 1 : 0, s.suggestionId);
}

Result<std::optional<Scar>> ScarRepository::get(qint64 id) { return oneRow(byIds({id})); }

Result<std::vector<Scar>> ScarRepository::byIds(const std::vector<qint64>& ids)
{
    return m_db.collectEach<Scar>((std::string("SELECT ") + kColumns + " FROM scars s WHERE s.id = ?").c_str(), ids,
                                  scarRow);
}

Result<std::vector<qint64>> ScarRepository::ids(const Filter& filter, Order order, int limit)
{
    const Where w = buildWhere(filter, m_db.dialect());
    QString sql = QStringLiteral("SELECT s.id FROM scars s") + w.sql + QLatin1String(orderBy(order, m_db.dialect()));
    if (limit >= 0)
        sql += QStringLiteral(" LIMIT %1").arg(limit);
    auto st = m_db.prepare(sql.toUtf8().constData());
    if (!st)
        return fail(st.error());
    bindWhere(*st, w);
    return st->collect<qint64>([](const Statement& row) { return row.int64(0); });
}

Result<qint64> ScarRepository::count(const Filter& filter)
{
    const Where w = buildWhere(filter, m_db.dialect());
    const QString sql = QStringLiteral("SELECT COUNT(*) FROM scars s") + w.sql;
    auto st = m_db.prepare(sql.toUtf8().constData());
    if (!st)
        return fail(st.error());
    bindWhere(*st, w);
    return st->scalar();
}

Result<std::vector<Scar>> ScarRepository::list(const Filter& filter, Order order, int limit)
{
    auto found = ids(filter, order, limit);
    if (!found)
        return fail(found.error());
    return byIds(*found);
}

Result<std::vector<ScarRepository::Candidate>> ScarRepository::candidates(const QString& text, const QString& scope,
                                                                          int limit)
{
    const QString match = m_db.isServer() ? tsQuery(text, true, false) : ftsQuery(text, true, false);
    if (match.isEmpty() || limit < 1)
        return std::vector<Candidate>{};
    // Ranking a common word's thousands of matches needs only the FTS index; joining every one
    // of them to its scar row as well cost more than the ranking. So the best `window` matches
    // are ranked inside FTS5 and only those are joined. Archived and out-of-scope scars are dropped after the join; if
    // that leaves fewer than `limit` while the window was full, better in-scope matches may lie
    // past it, and the search runs again over every match (window -1: no limit). Either way the
    // result is the first `limit` kept matches in (bm25, id) order.
    auto first = rankedWindow(match, scope, limit, limit * kWindowFactor);
    if (!first)
        return fail(first.error());
    if (first->complete)
        return std::move(first->kept);
    auto all = rankedWindow(match, scope, limit, -1);
    if (!all)
        return fail(all.error());
    return std::move(all->kept);
}

Result<ScarRepository::Window> ScarRepository::rankedWindow(const QString& match, const QString& scope, int limit,
                                                            int window)
{
    // bm25 is lower for a better match; the server's ts_rank is higher, hence its sign.
    const std::string ranked = m_db.isServer()
                                   ? std::string("SELECT id, -ts_rank(") + kScarText
                                         + ", to_tsquery('simple', ?1)) AS score "
                                           "FROM scars WHERE "
                                         + kScarText
                                         + " @@ to_tsquery('simple', ?1) "
                                           "ORDER BY score, id LIMIT ?3"
                                   : std::string("SELECT rowid AS id, bm25(scars_fts) AS score FROM scars_fts "
                                                 "WHERE scars_fts MATCH ?1 ORDER BY score, rowid LIMIT ?3");
    auto st = m_db.prepare((std::string("SELECT ") + kColumns
                            + ", f.score, s.archived = 0 AND (CAST(?2 AS TEXT) IS NULL OR s.scope = ?2) AS keep FROM ("
                            + ranked + ") f JOIN scars s ON s.id = f.id ORDER BY f.score, f.id")
                               .c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, match);
    if (anyScope(scope))
        st->bindNull(2);
    else
        st->bind(2, scope);
    st->bind(3, window);
    Window w;
    int seen = 0;
    while (int(w.kept.size()) < limit) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        ++seen;
        if (st->int64(15) != 0)
            w.kept.push_back({readScar(*st), st->real(14)});
    }
    // Complete when it holds `limit` scars or the window held every match there is.
    w.complete = int(w.kept.size()) >= limit || window < 0 || seen < window;
    return w;
}

Status ScarRepository::bumpRecall(const std::vector<qint64>& ids, const QString& at)
{
    auto st = m_db.prepare("UPDATE scars SET recall_count = recall_count + 1, last_recalled_at = ? WHERE id = ?");
    if (!st)
        return fail(st.error());
    for (qint64 id : ids) {
        st->reset();
        st->bind(1, at).bind(2, id);
        if (auto r = st->exec(); !r)
            return r;
    }
    return {};
}

Result<std::vector<Scar>> ScarRepository::unrecalledCreatedBefore(const QString& cutoff)
{
    return scarsWhere(m_db,
                      "s.archived = 0 AND s.recall_count = 0 AND s.last_recalled_at IS NULL AND s.created_at < ? "
                      "ORDER BY s.id",
                      cutoff);
}

Status ScarRepository::setArchived(qint64 id, bool archived)
{
    return m_db.run("UPDATE scars SET archived = ? WHERE id = ?", archived ? 1 : 0, id);
}

Result<std::vector<Scar>> ScarRepository::awaitingSuggestion(int limit)
{
    return scarsWhere(m_db,
                      "s.learnable = 1 AND s.suggestion_id IS NULL AND s.archived = 0 "
                      "ORDER BY s.importance DESC, s.id LIMIT ?",
                      limit);
}

Status ScarRepository::setSuggestion(qint64 id, qint64 suggestionId)
{
    return m_db.run("UPDATE scars SET suggestion_id = ? WHERE id = ?", suggestionId, id);
}

Result<std::vector<QString>> ScarRepository::scopes()
{
    // A few scopes over up to millions of scars: hop from each scope to the next one above it,
    // one index probe per scope, instead of reading every row. The hop needs the index on scope;
    // a database from before it was added reads the whole table once instead (three probes
    // without the index would each be a full scan).
    auto st = m_db.prepare({"WITH RECURSIVE next(scope) AS (SELECT MIN(scope) FROM scars INDEXED BY scars_by_scope "
                            "UNION ALL SELECT (SELECT MIN(scope) FROM scars INDEXED BY scars_by_scope "
                            "WHERE scope > next.scope) FROM next WHERE next.scope IS NOT NULL) "
                            "SELECT scope FROM next WHERE scope IS NOT NULL",
                            "WITH RECURSIVE next(scope) AS (SELECT MIN(scope) FROM scars "
                            "UNION ALL SELECT (SELECT MIN(scope) FROM scars "
                            "WHERE scope > next.scope) FROM next WHERE next.scope IS NOT NULL) "
                            "SELECT scope FROM next WHERE scope IS NOT NULL"});
    if (!st)
        st = m_db.prepare("SELECT DISTINCT scope FROM scars ORDER BY scope");
    if (!st)
        return fail(st.error());
    return st->collect<QString>([](const Statement& row) { return row.text(0); });
}

} // namespace sediment
