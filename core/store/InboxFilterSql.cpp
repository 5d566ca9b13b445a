#include "store/InboxFilterSql.h"

#include <algorithm>

namespace sediment {

namespace {

const char* compareSql(InboxFilter::Compare c)
{
    switch (c) {
    case InboxFilter::Compare::Less:
        return " < ?";
    case InboxFilter::Compare::LessOrEqual:
        return " <= ?";
    case InboxFilter::Compare::Greater:
        return " > ?";
    case InboxFilter::Compare::GreaterOrEqual:
        return " >= ?";
    case InboxFilter::Compare::Equal:
        return " = ?";
    }
    return " = ?";
}

// The word as the trigram index is asked for it: its runs of three characters or more between
// wildcards, in order, with `%` between them. SQLite 3.40 measures those runs in bytes, so a
// shorter run of multi-byte characters (`日本_abc`) would become a phrase without a trigram, which
// crashes it; leaving such runs out only widens the candidates, and the caller checks the exact
// word on every row whenever the word has a wildcard.
QString trigramPattern(const QString& word)
{
    QString pattern = QStringLiteral("%");
    QString run;
    const auto flush = [&] {
        if (run.toUcs4().size() >= 3)
            pattern += run + QLatin1Char('%');
        run.clear();
    };
    for (QChar c : word) {
        if (c == QLatin1Char('%') || c == QLatin1Char('_'))
            flush();
        else
            run += c;
    }
    flush();
    return pattern;
}

} // namespace

void InboxFilterSql::addValues(const char* column, const InboxFilter::Values& values, bool nocase)
{
    // ASCII case folded: SQLite's NOCASE; on the server both sides lower-cased (its index on
    // lower(agent) serves that).
    const bool server = dialect == Dialect::Postgres;
    const std::string collate = nocase && !server ? " COLLATE NOCASE" : "";
    const auto folded = [&](const std::string& expr) { return nocase && server ? "lower(" + expr + ")" : expr; };
    const std::string mark = nocase && server ? "lower(?)" : "?";
    if (!values.include.isEmpty()) {
        std::string in;
        for (const QString& v : values.include) {
            in += in.empty() ? mark : ", " + mark;
            params.emplace_back(v);
        }
        add(folded(column) + collate + " IN (" + in + ")");
    }
    for (const QString& v : values.exclude) {
        // A NULL column (no agent) is "not that agent", which NOT IN alone would lose.
        add(folded(std::string("COALESCE(") + column + ", '')") + collate + " <> " + mark);
        params.emplace_back(v);
    }
}

QString InboxFilterSql::likePattern(const QString& word)
{
    QString escaped = word;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

void InboxFilterSql::addProfiles(const InboxFilter::Values& values)
{
    // The profile is the staged record's (hermes_staged), not the item's: its index gives the
    // few items of a profile without reading any item's provenance.
    if (!values.include.isEmpty()) {
        std::string in;
        for (const QString& v : values.include) {
            in += in.empty() ? "?" : ", ?";
            params.emplace_back(v);
        }
        add("id IN (SELECT inbox_id FROM hermes_staged WHERE profile IN (" + in + "))");
    }
    for (const QString& v : values.exclude) {
        // One index probe per row read: NOT IN built the profile's whole list of ids for every
        // statement, and the page reads in windows of as few as 8 ids (a million items: 20 min).
        add("NOT EXISTS (SELECT 1 FROM hermes_staged s WHERE s.profile = ? AND s.inbox_id = inbox_items.id)");
        params.emplace_back(v);
    }
}

bool InboxFilterSql::isIndexableWord(const QString& word)
{
    if (word.contains(QChar(0x1F)))
        return false;
    // Runs are counted in code points, as the trigram tokenizer counts characters.
    int run = 0;
    for (char32_t c : word.toUcs4()) {
        run = c == U'%' || c == U'_' ? 0 : run + 1;
        if (run >= 3)
            return true;
    }
    return false;
}

bool InboxFilterSql::looksUpInIndex(const InboxFilter& f, const QString& word)
{
    return isIndexableWord(word) && !f.commonText.words.contains(word);
}

bool InboxFilterSql::looksUp(const InboxFilter& f, const QString& word) const
{
    return dialect == Dialect::Sqlite && looksUpInIndex(f, word);
}

bool InboxFilterSql::usesTextIndex(const InboxFilter& f)
{
    return std::any_of(f.text.include.begin(), f.text.include.end(),
                       [&](const QString& word) { return looksUpInIndex(f, word); });
}

bool InboxFilterSql::readsEveryRow(const InboxFilter& f)
{
    const bool needsRow = !f.text.isEmpty() || !InboxReadModel::isIndexed(f);
    const bool narrowed = !f.destination.include.isEmpty() || f.stale == true || !f.agent.include.isEmpty()
                          || !f.profile.include.isEmpty() || usesTextIndex(f);
    return needsRow && !narrowed;
}

namespace {

constexpr const char* kMark = "(SELECT upto FROM inbox_text_mark)";

} // namespace

void InboxFilterSql::addText(const InboxFilter& f, const std::optional<Window>& window)
{
    const InboxFilter::Values& text = f.text;
    const std::string match = kTextMatch.text(dialect);
    const auto exact = [&](const QString& word, bool negated) {
        add(negated ? "NOT (" + match + ")" : match);
        for (int i = 0; i < 3; ++i)
            params.emplace_back(likePattern(word));
    };
    QStringList indexed;
    for (const QString& word : text.include) {
        if (!looksUp(f, word)) {
            // On the server, the joined fields first: the trigram index (schema 10) finds the
            // candidates, and a word in one field is in the joined text, so no row is lost.
            if (dialect == Dialect::Postgres && !word.contains(QChar(0x1F))) {
                add(std::string(kJoinedText) + " ILIKE ? ESCAPE '\\'");
                params.emplace_back(likePattern(word));
            }
            exact(word, false);
            continue;
        }
        indexed.append(word);
        // The index looks the word up with a pattern without ESCAPE (FTS5 serves no other), in
        // which % and _ are wildcards: a wider match, narrowed here to the exact one.
        if (word.contains(QLatin1Char('%')) || word.contains(QLatin1Char('_')))
            exact(word, false);
    }
    if (!indexed.isEmpty()) {
        // Rows up to the mark come from the trigram index, rows above it from LIKE; the mark is
        // read by the same statement, so both halves see one snapshot. FTS5 re-checks every
        // candidate with LIKE against the joined fields, so the index half keeps LIKE's meaning.
        std::string fts = "SELECT rowid FROM inbox_text WHERE ";
        for (const QString& word : indexed) {
            fts += "text LIKE ? AND ";
            params.emplace_back(trigramPattern(word));
        }
        if (window) {
            fts += std::string("rowid <= MIN(?, ") + kMark + ") AND rowid > ?";
            params.emplace_back(window->upTo);
            params.emplace_back(window->after);
        } else {
            fts += std::string("rowid <= ") + kMark;
        }
        std::string scan = "SELECT id FROM inbox_items WHERE ";
        if (window) {
            scan += std::string("id > MAX(?, ") + kMark + ") AND id <= ?";
            params.emplace_back(window->after);
            params.emplace_back(window->upTo);
        } else {
            scan += std::string("id > ") + kMark;
        }
        for (const QString& word : indexed) {
            scan += " AND (" + match + ")";
            for (int i = 0; i < 3; ++i)
                params.emplace_back(likePattern(word));
        }
        // add() appends its clause after the parameters pushed above: they are in order.
        sql += " AND (id IN (" + fts + " UNION ALL " + scan + "))";
    }
    for (const QString& word : text.exclude)
        exact(word, true);
}

InboxFilterSql InboxFilterSql::of(const InboxFilter& f, bool tableScan, std::optional<Window> window, Dialect dialect)
{
    InboxFilterSql w;
    w.dialect = dialect;
    const bool server = dialect == Dialect::Postgres;
    w.addValues("destination", f.destination, false);
    w.addValues(tableScan && !server ? "+status" : "status", f.status, false);
    w.addValues("agent", f.agent, true);
    w.addProfiles(f.profile);
    // The score range index (schema 13) is narrow: for anything but status and score it would
    // cost a table lookup per entry, yet SQLite, without statistics, would pick it over the
    // covering indexes. `+score` keeps it out of every other filter's plan.
    const std::string score = server || (!tableScan && InboxReadModel::countsScoreRange(f)) ? "score" : "+score";
    for (const auto& bound : f.score) {
        // An item without a score satisfies no comparison, and so every negated one.
        const std::string compare = score + compareSql(bound.compare);
        w.add(bound.negated ? score + " IS NULL OR NOT (" + compare + ")" : compare);
        w.params.emplace_back(bound.value);
    }
    if (f.stale)
        w.add(*f.stale ? "stale <> 0" : "stale = 0");
    // Stale items are few, and the partial index holds only them; but the status index carries
    // the stale column too, and without statistics SQLite walks all of it instead.
    if (f.stale == true && !tableScan && !server)
        w.from = "inbox_items INDEXED BY inbox_stale";
    // Under a status, several destinations (or agents) are read from the index that leads with
    // them, a few sorted entries a window. Left to itself, SQLite walks the narrow score index in
    // id order and looks every entry's row up for the column (`dest:memory,skill` at a million
    // items: every row read, 160 ms before the first page). Candidates from the trigram index or
    // the staged records are fewer still: those keep their plan.
    if (f.stale != true && !tableScan && !server && !f.status.include.isEmpty() && f.profile.include.isEmpty()
        && !usesTextIndex(f)) {
        if (f.destination.include.size() > 1)
            w.from = "inbox_items INDEXED BY inbox_by_status_destination";
        else if (f.agent.include.size() > 1 && f.destination.include.isEmpty())
            w.from = "inbox_items INDEXED BY inbox_by_status_agent";
    }
    w.addText(f, window);
    // With an indexed word the window is already inside the subquery; a second bound on the row
    // would let SQLite walk the window's rows instead of looking up the candidates.
    if (window && (server || !usesTextIndex(f))) {
        w.add("id > ? AND id <= ?");
        w.params.emplace_back(window->after);
        w.params.emplace_back(window->upTo);
    }
    return w;
}

const char* InboxFilterSql::keySql(InboxReadModel::SortKey key)
{
    switch (key) {
    case InboxReadModel::SortKey::Destination:
        return "destination";
    case InboxReadModel::SortKey::Score:
        return "COALESCE(score, -1.0)";
    case InboxReadModel::SortKey::Agent:
        return "COALESCE(agent, '')";
    case InboxReadModel::SortKey::Seen:
        return "seen";
    case InboxReadModel::SortKey::Status:
        return "status";
    case InboxReadModel::SortKey::Created:
        return "created_at";
    case InboxReadModel::SortKey::Id:
    case InboxReadModel::SortKey::Summary:
        return "id";
    }
    return "id";
}

std::string InboxFilterSql::orderBy(InboxReadModel::Sort sort)
{
    const std::string dir = sort.descending ? " DESC" : " ASC";
    const std::string key = keySql(sort.key);
    return " ORDER BY " + key + dir + (key != "id" ? ", id" + dir : std::string());
}

} // namespace sediment
