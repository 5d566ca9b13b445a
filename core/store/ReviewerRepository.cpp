#include "store/ReviewerRepository.h"

#include "store/Database.h"

namespace sediment {

Result<std::optional<QString>> ReviewerRepository::rightsOf(const QString& role)
{
    return m_db.firstText("SELECT rights FROM reviewers WHERE role = ?", role);
}

Result<std::vector<ReviewerRepository::Reviewer>> ReviewerRepository::all()
{
    auto st = m_db.prepare("SELECT role, rights, granted_by, granted_at FROM reviewers ORDER BY role");
    if (!st)
        return fail(st.error());
    return st->collect<Reviewer>([](const Statement& row) {
        return Reviewer{row.text(0), row.text(1), row.text(2), row.text(3)};
    });
}

Result<bool> ReviewerRepository::roleExists(const QString& role)
{
    auto n = m_db.scalar("SELECT count(*) FROM pg_roles WHERE rolname = ?", role);
    if (!n)
        return fail(n.error());
    return *n > 0;
}

Result<QString> ReviewerRepository::grant(const QString& role, const QString& rights)
{
    auto st = m_db.prepare("SELECT sediment_grant(?, ?)");
    if (!st)
        return fail(st.error());
    auto row = st->bind(1, role).bind(2, rights).step();
    if (!row)
        return fail(row.error());
    return st->text(0);
}

Result<std::vector<ReviewerRepository::Approval>> ReviewerRepository::approvalsOf(qint64 itemId)
{
    auto st = m_db.prepare("SELECT reviewer, at FROM approvals WHERE item_id = ? ORDER BY at, reviewer");
    if (!st)
        return fail(st.error());
    st->bind(1, itemId);
    return st->collect<Approval>([](const Statement& row) { return Approval{row.text(0), row.text(1)}; });
}

Result<bool> ReviewerRepository::addApproval(qint64 itemId, const QString& reviewer, const QString& at)
{
    if (auto s = m_db.run("INSERT INTO approvals(item_id, reviewer, at) VALUES (?, ?, ?) "
                          "ON CONFLICT(item_id, reviewer) DO NOTHING",
                          itemId, reviewer, at);
        !s)
        return fail(s.error());
    return m_db.changes() > 0;
}

} // namespace sediment
