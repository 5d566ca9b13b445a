#pragma once

#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace sediment {

// A connection's prepared statements that are not in use, by SQL text. Repositories prepare the
// same few statements for every record they touch (an import of 10,000 staged files looked each
// up, inserted it and audited it); SQLite's parser and planner then cost more than the work
// itself. A statement a Statement handle is done with comes back here reset, with every
// parameter NULL, and the next prepare of the same text takes it instead of parsing again.
class SqliteStatementPool final {
public:
    explicit SqliteStatementPool(sqlite3* db) : m_db(db) {}
    ~SqliteStatementPool(); // finalises every idle statement, before the connection closes
    SqliteStatementPool(const SqliteStatementPool&) = delete;
    SqliteStatementPool& operator=(const SqliteStatementPool&) = delete;

    // An idle statement prepared from exactly `sql`, or a new one; SQLite's result code.
    int take(const char* sql, sqlite3_stmt** out);
    // Reset and kept for the next take of its text; finalised when one of the same text is
    // already idle or the pool holds kMaxIdle texts (statements built at run time, filters).
    void giveBack(sqlite3_stmt* stmt);

    std::size_t idleCount() const { return m_idle.size(); }

    static constexpr std::size_t kMaxIdle = 128;

private:
    sqlite3* m_db;
    // Keys view the statement's own copy of its text (sqlite3_sql), alive while it is idle here.
    std::unordered_map<std::string_view, sqlite3_stmt*> m_idle;
};

} // namespace sediment
