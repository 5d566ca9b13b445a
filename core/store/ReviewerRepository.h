#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// Team mode's reviewers and the approvals of the two-person rule (tables `reviewers` and
// `approvals`, on the server only).
class ReviewerRepository final {
public:
    explicit ReviewerRepository(Database& db) : m_db(db) {}

    struct Reviewer {
        QString role;
        QString rights; // viewer | reviewer | admin
        QString grantedBy;
        QString grantedAt;
    };

    // The role's right; nothing when it is not listed.
    Result<std::optional<QString>> rightsOf(const QString& role);
    Result<std::vector<Reviewer>> all();
    Status grant(const QString& role, const QString& rights, const QString& by, const QString& at);

    struct Approval {
        QString reviewer;
        QString at;
    };
    // The approvals an item has gathered, oldest first.
    Result<std::vector<Approval>> approvalsOf(qint64 itemId);
    // false when this reviewer had already approved the item.
    Result<bool> addApproval(qint64 itemId, const QString& reviewer, const QString& at);

private:
    Database& m_db;
};

} // namespace sediment
