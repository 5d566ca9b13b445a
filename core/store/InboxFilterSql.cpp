#include "store/InboxFilterSql.h"

namespace sediment {

namespace {

QString likePattern(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('%'), QStringLiteral("\\%"))
        .replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
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

} // namespace

void InboxFilterSql::addValues(const char* column, const InboxFilter::Values& values, bool nocase)
{
    const std::string collate = nocase ? " COLLATE NOCASE" : "";
    if (!values.include.isEmpty()) {
        std::string in;
        for (const QString& v : values.include) {
            in += in.empty() ? "?" : ", ?";
            params.emplace_back(v);
        }
        add(std::string(column) + collate + " IN (" + in + ")");
    }
    for (const QString& v : values.exclude) {
        // A NULL column (no agent) is "not that agent", which NOT IN alone would lose.
        add(std::string("COALESCE(") + column + ", '')" + collate + " <> ?");
        params.emplace_back(v);
    }
}

bool InboxFilterSql::readsEveryRow(const InboxFilter& f)
{
    const bool needsRow = !InboxReadModel::isIndexed(f);
    const bool narrowed = !f.destination.include.isEmpty() || f.stale == true;
    return needsRow && !narrowed;
}

InboxFilterSql InboxFilterSql::of(const InboxFilter& f, bool tableScan)
{
    InboxFilterSql w;
    w.addValues("destination", f.destination, false);
    w.addValues(tableScan ? "+status" : "status", f.status, false);
    w.addValues("agent", f.agent, true);
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

const char* InboxFilterSql::keySql(InboxReadModel::SortKey key)
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

std::string InboxFilterSql::orderBy(InboxReadModel::Sort sort)
{
    const std::string dir = sort.descending ? " DESC" : " ASC";
    const std::string key = keySql(sort.key);
    return " ORDER BY " + key + dir + (key != "id" ? ", id" + dir : std::string());
}

} // namespace sediment
