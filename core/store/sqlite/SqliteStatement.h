#pragma once

#include "store/StatementBackend.h"

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace sediment {

class SqliteStatementPool;

// A prepared sqlite3_stmt. With this object it goes back to its connection's pool for the next
// prepare of the same text, or is finalised once the connection (and its pool) is gone.
class SqliteStatement final : public StatementBackend {
public:
    SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, std::weak_ptr<SqliteStatementPool> pool)
        : m_db(db)
        , m_stmt(stmt)
        , m_pool(std::move(pool))
    {}
    ~SqliteStatement() override;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

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
    sqlite3* m_db;
    sqlite3_stmt* m_stmt;
    std::weak_ptr<SqliteStatementPool> m_pool;
};

} // namespace sediment
