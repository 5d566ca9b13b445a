#pragma once

#include "model/AuditEntry.h"
#include "util/Error.h"

#include <QStringList>

#include <vector>

namespace sediment {

class Database;

// The read side of the audit log for lazy views: a filter becomes SQL, the view asks for a
// count and for pages of rows, newest first. The log can grow to millions of rows; nothing here
// reads it whole.
class AuditReadModel final {
public:
    struct Filter {
        QString subjectType; // empty: any
        QString subjectId;   // empty: any
        QString actor;       // prefix, case-insensitive ("human" matches "human:ana")
        QString action;      // empty: any
        QString text;        // substring of reason, before, after or details
        bool operator==(const Filter&) const = default;
    };

    explicit AuditReadModel(Database& db) : m_db(db) {}

    Result<qint64> count(const Filter& filter);
    Result<std::vector<AuditEntry>> page(const Filter& filter, qint64 offset, int limit);
    // The values present in the log, for the filter menus.
    Result<QStringList> subjectTypes();
    Result<QStringList> actions();

private:
    Result<QStringList> distinct(const char* sql);

    Database& m_db;
};

} // namespace sediment
