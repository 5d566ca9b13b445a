#include "store/sqlite/SqliteStatement.h"

#include "store/sqlite/SqliteStatementPool.h"

#include <sqlite3.h>

namespace sediment {

SqliteStatement::~SqliteStatement()
{
    if (auto pool = m_pool.lock())
        pool->giveBack(m_stmt);
    else
        sqlite3_finalize(m_stmt);
}

void SqliteStatement::bindText(int index, std::string_view utf8, bool copy)
{
    sqlite3_bind_text64(m_stmt, index, utf8.data(), sqlite3_uint64(utf8.size()),
                        copy ? SQLITE_TRANSIENT : SQLITE_STATIC, SQLITE_UTF8);
}

void SqliteStatement::bindInt64(int index, qint64 value) { sqlite3_bind_int64(m_stmt, index, value); }

void SqliteStatement::bindDouble(int index, double value) { sqlite3_bind_double(m_stmt, index, value); }

void SqliteStatement::bindNull(int index) { sqlite3_bind_null(m_stmt, index); }

Result<bool> SqliteStatement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    const QString msg = QString::fromUtf8(sqlite3_errmsg(m_db));
    sqlite3_reset(m_stmt);
    return fail(Error::io(QStringLiteral("database error: %1").arg(msg)));
}

void SqliteStatement::rewind() { sqlite3_reset(m_stmt); }

void SqliteStatement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int SqliteStatement::columnCount() const { return sqlite3_column_count(m_stmt); }

std::string_view SqliteStatement::columnName(int col) const
{
    const char* name = sqlite3_column_name(m_stmt, col);
    return name ? std::string_view(name) : std::string_view();
}

bool SqliteStatement::isNull(int col) const { return sqlite3_column_type(m_stmt, col) == SQLITE_NULL; }

std::string_view SqliteStatement::textAt(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    return p ? std::string_view(p, std::size_t(sqlite3_column_bytes(m_stmt, col))) : std::string_view();
}

qint64 SqliteStatement::int64(int col) const { return sqlite3_column_int64(m_stmt, col); }

double SqliteStatement::real(int col) const { return sqlite3_column_double(m_stmt, col); }

} // namespace sediment
