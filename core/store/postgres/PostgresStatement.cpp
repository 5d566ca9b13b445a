#include "store/postgres/PostgresStatement.h"

#include "store/postgres/LibPq.h"
#include "store/postgres/PostgresDatabase.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace sediment {

namespace {

// SQLite's changes() counts rows written by INSERT, UPDATE and DELETE only.
bool writesRows(const LibPq& pq, const PGresult* r)
{
    const char* tag = pq.cmdStatus(const_cast<PGresult*>(r));
    return std::strncmp(tag, "INSERT", 6) == 0 || std::strncmp(tag, "UPDATE", 6) == 0
           || std::strncmp(tag, "DELETE", 6) == 0;
}

// The number SQLite gives for a value that needs no parsing: an empty one (NULL or '') is 0,
// and a boolean expression, which comes back as t or f, is 1 or 0. Nothing for any other text.
std::optional<int> plainNumber(std::string_view v)
{
    if (v.empty() || v == "f")
        return 0;
    if (v == "t")
        return 1;
    return std::nullopt;
}

} // namespace

PostgresStatement::PostgresStatement(PostgresDatabase& db, std::string sql, int parameters)
    : m_db(db)
    , m_pq(db.pq())
    , m_sql(std::move(sql))
    , m_values(std::size_t(parameters))
{}

PostgresStatement::~PostgresStatement()
{
    clearResult();
    if (!m_name.empty())
        m_db.deallocate(m_name, m_generation);
}

void PostgresStatement::set(int index, std::optional<std::string> value)
{
    if (index < 1 || std::size_t(index) > m_values.size())
        return; // as SQLite, which ignores a parameter number out of range
    m_values[std::size_t(index - 1)] = std::move(value);
}

void PostgresStatement::bindText(int index, std::string_view utf8, bool) { set(index, std::string(utf8)); }

void PostgresStatement::bindInt64(int index, qint64 value) { set(index, std::to_string(value)); }

void PostgresStatement::bindDouble(int index, double value)
{
    if (std::isnan(value))
        return set(index, std::string("NaN"));
    if (std::isinf(value))
        return set(index, std::string(value > 0 ? "Infinity" : "-Infinity"));
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value); // shortest text that reads back exactly
    set(index, std::string(buf, r.ptr));
}

void PostgresStatement::bindNull(int index) { set(index, std::nullopt); }

Status PostgresStatement::run()
{
    auto first = runOnce();
    if (first || !m_db.droppedOutsideTransaction())
        return first;
    return runOnce(); // once more, on a new connection
}

Status PostgresStatement::runOnce()
{
    auto conn = m_db.connection();
    if (!conn)
        return fail(conn.error());
    std::vector<const char*> values;
    values.reserve(m_values.size());
    for (const auto& v : m_values)
        values.push_back(v ? v->c_str() : nullptr);
    const int n = int(m_values.size());
    ++m_runs;
    if (!m_name.empty() && m_generation != m_db.generation())
        m_name.clear(); // prepared on a connection the server has since dropped
    if (m_name.empty() && m_runs >= 2) {
        const std::string name = m_db.nextStatementName();
        PGresult* prepared = m_pq.prepare(*conn, name.c_str(), m_sql.c_str(), n, nullptr);
        const bool ok = m_pq.resultStatus(prepared) == PGRES_COMMAND_OK;
        const QString message = ok ? QString() : m_db.errorOf(prepared);
        m_pq.clear(prepared);
        if (!ok)
            return fail(Error::io(message));
        m_name = name;
        m_generation = m_db.generation();
    }
    PGresult* r = m_name.empty() ? m_pq.execParams(*conn, m_sql.c_str(), n, nullptr, values.data(), nullptr, nullptr, 0)
                                 : m_pq.execPrepared(*conn, m_name.c_str(), n, values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = m_pq.resultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        Error error = m_db.errorFrom(r);
        m_pq.clear(r);
        return fail(std::move(error));
    }
    if (writesRows(m_pq, r))
        m_db.noteChanges(std::strtoll(m_pq.cmdTuples(r), nullptr, 10));
    m_result = r;
    m_rows = status == PGRES_TUPLES_OK ? m_pq.ntuples(r) : 0;
    m_row = -1;
    return {};
}

Result<bool> PostgresStatement::step()
{
    if (!m_result) {
        if (auto s = run(); !s)
            return fail(s.error());
    }
    if (++m_row < m_rows)
        return true;
    // Done: the next step runs the statement again, as SQLite's does.
    clearResult();
    return false;
}

void PostgresStatement::clearResult()
{
    if (m_result)
        m_pq.clear(m_result);
    m_result = nullptr;
    m_rows = 0;
    m_row = -1;
}

void PostgresStatement::rewind() { clearResult(); }

void PostgresStatement::reset()
{
    clearResult();
    for (auto& v : m_values)
        v.reset();
}

int PostgresStatement::columnCount() const { return m_result ? m_pq.nfields(m_result) : 0; }

std::string_view PostgresStatement::columnName(int col) const
{
    const char* name = m_result ? m_pq.fname(m_result, col) : nullptr;
    return name ? std::string_view(name) : std::string_view();
}

bool PostgresStatement::isNull(int col) const
{
    return !m_result || m_row < 0 || m_row >= m_rows || col >= m_pq.nfields(m_result)
           || m_pq.getisnull(m_result, m_row, col);
}

std::string_view PostgresStatement::textAt(int col) const
{
    if (isNull(col))
        return {};
    return std::string_view(m_pq.getvalue(m_result, m_row, col), std::size_t(m_pq.getlength(m_result, m_row, col)));
}

qint64 PostgresStatement::int64(int col) const
{
    const std::string_view v = textAt(col);
    if (const auto plain = plainNumber(v))
        return *plain;
    qint64 out = 0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ptr == v.data() + v.size())
        return out;
    return qint64(std::strtod(std::string(v).c_str(), nullptr)); // a numeric or real, truncated as SQLite does
}

double PostgresStatement::real(int col) const
{
    const std::string_view v = textAt(col);
    if (const auto plain = plainNumber(v))
        return *plain;
    return std::strtod(std::string(v).c_str(), nullptr);
}

} // namespace sediment
