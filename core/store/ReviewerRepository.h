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
        QString rights; // viewer | agent | reviewer | admin
        QString grantedBy;
        QString grantedAt;
    };

    // The role's right; nothing when it is not listed.
    Result<std::optional<QString>> rightsOf(const QString& role);
    Result<std::vector<Reviewer>> all();
    // Through the server's grant function, the only writer of `reviewers`: it checks that this
    // session is an admin and gives `role` exactly the privileges of `rights`. Returns the right
    // the role held before ("none" when it held none).
    // Whether the server knows a login role of that name (a right is granted to an existing role).
    Result<bool> roleExists(const QString& role);
    Result<QString> grant(const QString& role, const QString& rights);

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
