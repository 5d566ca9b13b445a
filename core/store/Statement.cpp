#include "store/Statement.h"

#include <sqlite3.h>

namespace sediment {

Statement::Statement(Statement&& other) noexcept : m_db(other.m_db), m_stmt(other.m_stmt)
{
    other.m_stmt = nullptr;
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = other.m_db;
        m_stmt = other.m_stmt;
        other.m_stmt = nullptr;
    }
    return *this;
}

Statement::~Statement() { sqlite3_finalize(m_stmt); }

Statement& Statement::bind(int index, const QString& value)
{
    // One conversion; SQLite takes its own copy before this temporary goes.
    const QByteArray utf8 = value.toUtf8();
    sqlite3_bind_text64(m_stmt, index, utf8.constData(), sqlite3_uint64(utf8.size()), SQLITE_TRANSIENT, SQLITE_UTF8);
    return *this;
}

Statement& Statement::bind(int index, const char* utf8)
{
    sqlite3_bind_text(m_stmt, index, utf8, -1, SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind(int index, const std::string& utf8)
{
    sqlite3_bind_text(m_stmt, index, utf8.data(), int(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind(int index, qint64 value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind(int index, std::optional<double> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bind(int index, const std::optional<QString>& value)
{
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

Statement& Statement::bindUnowned(int index, std::string_view utf8)
{
    // A null pointer would bind NULL, not an empty text.
    sqlite3_bind_text64(m_stmt, index, utf8.data() ? utf8.data() : "", sqlite3_uint64(utf8.size()), SQLITE_STATIC,
                        SQLITE_UTF8);
    return *this;
}

Result<bool> Statement::step()
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

Status Statement::exec()
{
    for (;;) {
        auto r = step();
        if (!r)
            return fail(r.error());
        if (!*r)
            break;
    }
    sqlite3_reset(m_stmt);
    return {};
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

Result<std::optional<qint64>> Statement::firstInt64()
{
    auto row = step();
    if (!row)
        return fail(row.error());
    std::optional<qint64> value;
    if (*row)
        value = int64(0);
    reset();
    return value;
}

bool Statement::isNull(int col) const { return sqlite3_column_type(m_stmt, col) == SQLITE_NULL; }

QString Statement::text(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, col)) : QString();
}

std::string Statement::utf8(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    return p ? std::string(p, size_t(sqlite3_column_bytes(m_stmt, col))) : std::string();
}

qint64 Statement::int64(int col) const { return sqlite3_column_int64(m_stmt, col); }

double Statement::real(int col) const { return sqlite3_column_double(m_stmt, col); }

std::optional<double> Statement::optReal(int col) const
{
    return isNull(col) ? std::nullopt : std::optional<double>(real(col));
}

std::optional<QString> Statement::optText(int col) const
{
    return isNull(col) ? std::nullopt : std::optional<QString>(text(col));
}

} // namespace sediment
