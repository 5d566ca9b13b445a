#include "store/StoreCopy.h"

#include "store/Database.h"

#include <QStringList>

#include <string>

namespace sediment {

namespace {

// Every table of schema 7 that holds rows of its own, in an order that satisfies any reference.
// inbox_text_mark is the catch-up mark of SQLite's text index, which the target starts over.
struct Table {
    const char* name;
    const char* key;   // ORDER BY: the rows in the order they were made
    QStringList reals; // REAL columns, copied as doubles
    bool generatedId;  // the server hands out ids for it: its counter moves past the copy
};

// Columns only the server has (decision_journal.host and .written_by, audit_log.details_canonical):
// left out of a copy into SQLite, where one host and one person are the only ones and no guard
// checks a hash; filled by the server's defaults on the way in.
bool serverOnly(const QString& column)
{
    return column == QLatin1String("host") || column == QLatin1String("written_by")
           || column == QLatin1String("details_canonical");
}

const std::vector<Table>& tables()
{
    static const std::vector<Table> all{
        {"inbox_items", "id", {QStringLiteral("score")}, false},
        {"inbox_intake", "id", {QStringLiteral("score")}, false},
        {"audit_log", "seq", {}, false},
        {"skills", "name", {}, false},
        {"curator_runs", "id", {}, true},
        {"skills_usage_link", "id", {}, false},
        {"scars", "id", {}, true},
        {"decisions", "id", {QStringLiteral("confidence")}, true},
        {"calibration_snapshots",
         "id",
         {QStringLiteral("brier"), QStringLiteral("accuracy"), QStringLiteral("ece")},
         true},
        {"hermes_staged", "hermes_id", {}, false},
        {"decision_journal", "id", {}, true},
    };
    return all;
}

std::string countSql(const Table& t)
{
    std::string sql = "SELECT COUNT(*) FROM ";
    sql += t.name;
    return sql;
}

Status copyTable(Database& from, Database& to, const Table& t, qint64& rows)
{
    std::string select = "SELECT * FROM ";
    select += t.name;
    select += " ORDER BY ";
    select += t.key;
    auto source = from.prepare(select.c_str());
    if (!source)
        return fail(source.error());
    std::optional<Statement> insert;
    std::vector<bool> real;
    std::vector<bool> keep;
    for (;;) {
        auto row = source->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const int columns = source->columnCount();
        if (!insert) {
            keep.clear();
            // The columns as the source names them: both stores' tables have the same ones.
            std::string names;
            std::string marks;
            for (int c = 0; c < columns; ++c) {
                const QString name = source->columnName(c);
                keep.push_back(!(serverOnly(name) && !to.isServer()));
                real.push_back(t.reals.contains(name));
                if (!keep.back())
                    continue;
                if (!names.empty()) {
                    names += ", ";
                    marks += ", ";
                }
                names += name.toStdString();
                marks += "?";
            }
            std::string sql = "INSERT INTO ";
            sql += t.name;
            sql += "(" + names + ") VALUES (" + marks + ")";
            auto prepared = to.prepare(sql.c_str());
            if (!prepared)
                return fail(prepared.error());
            insert.emplace(std::move(*prepared));
        }
        insert->reset();
        int index = 0;
        for (int c = 0; c < columns; ++c) {
            if (!keep[std::size_t(c)])
                continue;
            ++index;
            if (source->isNull(c))
                insert->bindNull(index);
            else if (real[std::size_t(c)])
                insert->bind(index, source->real(c));
            else
                insert->bind(index, source->utf8(c));
        }
        if (auto s = insert->exec(); !s)
            return fail(Error::io(QStringLiteral("copying %1: %2").arg(QLatin1String(t.name), s.error().message)));
        ++rows;
    }
    if (t.generatedId && to.isServer()) {
        std::string sql = "SELECT setval(pg_get_serial_sequence('";
        sql += t.name;
        sql += "', 'id'), COALESCE((SELECT MAX(id) FROM ";
        sql += t.name;
        sql += "), 0) + 1, false)";
        if (auto s = to.exec(sql.c_str()); !s)
            return s;
    }
    return {};
}

} // namespace

Result<std::vector<StoreCopy::TableCount>> StoreCopy::count(Database& db)
{
    std::vector<TableCount> out;
    for (const Table& t : tables()) {
        auto n = db.scalar(countSql(t).c_str());
        if (!n)
            return fail(n.error());
        out.push_back({QLatin1String(t.name), *n});
    }
    return out;
}

Result<std::vector<StoreCopy::TableCount>> StoreCopy::copy(Database& from, Database& to)
{
    if (from.schemaVersion() != to.schemaVersion())
        return fail(
            Error::io(QStringLiteral("the two stores are at schemas %1 and %2: open both with the same Sediment first")
                          .arg(from.schemaVersion())
                          .arg(to.schemaVersion())));
    auto tx = to.begin();
    if (!tx)
        return fail(tx.error());
    // Checked under the target's write lock: nobody fills it meanwhile.
    auto before = count(to);
    if (!before)
        return fail(before.error());
    for (const TableCount& t : *before)
        if (t.rows > 0)
            return fail(Error::refused(QStringLiteral("%1 already holds a workspace (%2 rows in %3): "
                                                      "a migration only fills an empty store")
                                           .arg(to.describe())
                                           .arg(t.rows)
                                           .arg(t.table)));
    std::vector<TableCount> copied;
    for (const Table& t : tables()) {
        qint64 rows = 0;
        if (auto s = copyTable(from, to, t, rows); !s)
            return fail(s.error());
        copied.push_back({QLatin1String(t.name), rows});
    }
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    return copied;
}

} // namespace sediment
