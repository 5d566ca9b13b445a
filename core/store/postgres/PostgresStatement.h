#pragma once

#include "store/StatementBackend.h"

#include <optional>
#include <string>
#include <vector>

struct pg_result;

namespace sediment {

class LibPq;
class PostgresDatabase;

// One statement on a team's server. Values travel as text of no stated type, so the server reads
// each as its context wants it (a column, a comparison), as SQLite's type affinity does. The first run goes as one round trip
// (PQexecParams); a statement run again is prepared on the server under a name of its own, so
// the hot paths (a pass of `propose`, a repository's cached statements) are parsed once per
// connection. Rows come back whole, as text, and are stepped through here.
class PostgresStatement final : public StatementBackend {
public:
    PostgresStatement(PostgresDatabase& db, std::string sql, int parameters);
    ~PostgresStatement() override;
    PostgresStatement(const PostgresStatement&) = delete;
    PostgresStatement& operator=(const PostgresStatement&) = delete;

    void bindText(int index, std::string_view utf8, bool copy) override;
    void bindInt64(int index, qint64 value) override;
    void bindDouble(int index, double value) override;
    void bindNull(int index) override;
    Result<bool> step() override;
    void rewind() override;
    void reset() override;
    int columnCount() const override;
    std::string_view columnName(int col) const override;
    bool isNull(int col) const override;
    std::string_view textAt(int col) const override;
    qint64 int64(int col) const override;
    double real(int col) const override;

private:
    Status run();
    Status runOnce();
    void clearResult();
    void set(int index, std::optional<std::string> value);

    PostgresDatabase& m_db;
    const LibPq& m_pq;
    std::string m_sql;
    std::vector<std::optional<std::string>> m_values;
    std::string m_name;    // empty until prepared on the server
    int m_generation = -1; // the connection m_name was prepared on
    int m_runs = 0;
    pg_result* m_result = nullptr;
    int m_rows = 0;
    int m_row = -1;
};

} // namespace sediment
