#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>

#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace sediment {

// RAII over one prepared sqlite3_stmt. Binding is 1-based as in SQLite; columns 0-based.
class Statement final {
public:
    Statement(sqlite3* db, sqlite3_stmt* stmt) : m_db(db), m_stmt(stmt) {}
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bind(int index, const QString& value);
    Statement& bind(int index, const char* utf8);
    Statement& bind(int index, const std::string& utf8);
    Statement& bind(int index, qint64 value);
    Statement& bind(int index, int value) { return bind(index, qint64(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::optional<double> value);
    Statement& bind(int index, const std::optional<QString>& value);
    Statement& bindNull(int index);

    // true: a row is ready; false: done. An error (busy past the time-out, constraint) is a value.
    Result<bool> step();
    // Runs to completion, for statements without rows.
    Status exec();
    void reset();

    bool isNull(int col) const;
    QString text(int col) const;
    std::string utf8(int col) const;
    qint64 int64(int col) const;
    double real(int col) const;
    std::optional<double> optReal(int col) const;
    std::optional<QString> optText(int col) const;

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
};

} // namespace sediment
