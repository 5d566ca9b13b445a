#pragma once

#include "util/Error.h"

#include <QtGlobal>

#include <string_view>

namespace sediment {

// What a prepared statement does in one database engine. Statement is the handle the
// repositories hold; SqliteStatement and PostgresStatement implement this.
class StatementBackend {
public:
    virtual ~StatementBackend() = default;

    // `copy`: false when the caller keeps the bytes alive and unchanged until the statement has
    // run and been reset (Statement::bindUnowned).
    virtual void bindText(int index, std::string_view utf8, bool copy) = 0;
    virtual void bindInt64(int index, qint64 value) = 0;
    virtual void bindDouble(int index, double value) = 0;
    virtual void bindNull(int index) = 0;

    virtual Result<bool> step() = 0;
    // Back to before the first row; the bound values stay.
    virtual void rewind() = 0;
    // Back to before the first row, every parameter NULL.
    virtual void reset() = 0;

    // The current result's columns (a copy between stores reads any table).
    virtual int columnCount() const = 0;
    virtual std::string_view columnName(int col) const = 0;
    virtual bool isNull(int col) const = 0;
    virtual std::string_view textAt(int col) const = 0; // valid until the next step or reset
    virtual qint64 int64(int col) const = 0;
    virtual double real(int col) const = 0;
};

} // namespace sediment
