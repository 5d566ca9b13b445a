#pragma once

#include "store/StatementBackend.h"

struct sqlite3;
struct sqlite3_stmt;

namespace sediment {

// A prepared sqlite3_stmt, finalised with this object.
class SqliteStatement final : public StatementBackend {
public:
    SqliteStatement(sqlite3* db, sqlite3_stmt* stmt) : m_db(db), m_stmt(stmt) {}
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
};

} // namespace sediment
