#include "inbox/GroupDecisions.h"

#include "agent/AgentHomes.h"
#include "inbox/DecisionRecorder.h"
#include "inbox/GroupPreview.h"
#include "inbox/InboxGroup.h"
#include "inbox/InboxService.h"
#include "inbox/Preflight.h"
#include "journal/DecisionJournal.h"
#include "model/RefusalCode.h"
#include "store/InboxRepository.h"
#include "team/TeamApprovals.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <algorithm>

namespace sediment {

namespace {

using S = InboxStatus;

QString idList(const std::vector<InboxItem>& items)
{
    QStringList ids;
    for (const InboxItem& it : items)
        ids << QStringLiteral("#%1").arg(it.id);
    return ids.join(QStringLiteral(", "));
}

} // namespace

GroupDecisions::GroupDecisions(Workspace& workspace, const Clock& clock, DecisionRecorder& steps, TeamApprovals& team,
                               InboxService& inbox)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_steps(steps)
    , m_team(team)
    , m_inbox(inbox)
{}

Result<std::vector<InboxItem>> GroupDecisions::groupOf(qint64 id)
{
    InboxItem self;
    {
        InboxRepository repo(m_workspace.db());
        auto found = repo.existing(id);
        if (!found)
            return fail(found.error());
        self = std::move(*found);
    }
    auto pending = Preflight::pendingOldestFirst(m_workspace);
    if (!pending)
        return fail(pending.error());
    // The order they were staged in, which is the order they apply in; `id` itself whatever
    // its status (a failed item is still open).
    const QString key = InboxGroup::keyOf(m_workspace.agents(), self);
    std::vector<InboxItem> out;
    bool placed = false;
    for (InboxItem& it : *pending) {
        if (it.id == id)
            placed = true;
        if (it.id == id || InboxGroup::keyOf(m_workspace.agents(), it) == key)
            out.push_back(std::move(it));
    }
    if (!placed) {
        out.push_back(std::move(self));
        std::ranges::stable_sort(out, &Preflight::stagedBefore);
    }
    return out;
}

Result<std::vector<InboxItem>> GroupDecisions::openGroup(qint64 id, std::initializer_list<InboxStatus> open,
                                                         const QString& what, const QString& alone)
{
    // The item named must be open itself, whatever its group: said as its own decisions say it.
    if (auto opened = m_steps.open(id, open, what); !opened)
        return fail(opened.error());
    auto group = groupOf(id);
    if (!group)
        return fail(group.error());
    if (group->size() < 2)
        return fail(Error::refused(
            QStringLiteral("inbox item %1 is the only pending item aimed at %2; %3")
                .arg(QString::number(id), InboxGroup::labelOf(m_workspace.agents(), group->front()), alone)));
    return group;
}

Result<std::vector<InboxItem>> GroupDecisions::approve(qint64 id, const QString& reviewer)
{
    if (auto s = m_team.onlyWhereTheFilesAre(id, QStringLiteral("a group is approved where its files are")); !s)
        return fail(s.error());
    auto lock = DecisionJournal::lock(m_workspace.db());
    if (!lock)
        return fail(lock.error());
    auto group =
        openGroup(id, {S::Pending, S::Failed}, QStringLiteral("be approved"), QStringLiteral("approve it on its own"));
    if (!group)
        return fail(group.error());
    const QString label = InboxGroup::labelOf(m_workspace.agents(), group->front());
    // Each taken as its own approval would be: still open, its right checked. Only the first is
    // checked against the target as it is: the others apply to what the ones before them leave
    // (an Edit of the file a Write creates), which the combined result below checks.
    std::vector<InboxItem> taken;
    for (const InboxItem& it : *group) {
        auto one =
            m_steps.takeForDecision(it.id, {S::Pending, S::Failed}, QStringLiteral("be approved"), taken.empty());
        if (!one)
            return fail(one.error());
        if (auto s = m_team.onlyByApproval(*one, QStringLiteral("approving a group")); !s)
            return fail(s.error());
        taken.push_back(std::move(*one));
    }
    auto combined = InboxGroup::combinedOp(m_workspace.agents(), taken);
    if (!combined)
        return fail(combined.error());
    // Read under the journal's lock: what the reviewer is told is what the write will meet.
    auto preview = GroupPreview(m_workspace, m_clock).of(taken);
    if (!preview)
        return fail(preview.error());
    if (!preview->applies())
        return fail(Error::refused(QStringLiteral("the %1 items aimed at %2 (%3) do not apply as a whole, so nothing "
                                                  "was written: %4")
                                       .arg(taken.size())
                                       .arg(label, idList(taken), preview->refusal)));

    InboxItem leader = std::move(taken.front());
    const QString decidedAt = time::toIso(m_clock.now());
    std::vector<DecisionRecorder::Member> members;
    for (std::size_t i = 1; i < taken.size(); ++i)
        members.push_back(DecisionRecorder::Member::decided(
            std::move(taken[i]), S::Applied,
            QStringLiteral("applied with inbox item %1, in one decision on the group aimed at %2")
                .arg(leader.id)
                .arg(label),
            decidedAt, reviewer));
    Json ids = Json::array();
    ids.push_back(leader.id);
    for (const auto& m : members)
        ids.push_back(m.item.id);
    leader.finalOp = *combined;
    const Json details{{"group", ids}, {"group_target", toStd(label)}};
    auto decided = m_steps.writeGroup(std::move(leader), members, reviewer, details);
    if (!decided)
        return fail(decided.error());
    if (decided->hasStatus(S::Failed))
        return fail(Error::refused(QStringLiteral("the %1 items aimed at %2 do not apply as a whole, so nothing was "
                                                  "written: %3")
                                       .arg(members.size() + 1)
                                       .arg(label, decided->reason.value_or(QString()))));
    std::vector<InboxItem> out{std::move(*decided)};
    for (auto& m : members)
        out.push_back(std::move(m.item));
    return out;
}

Result<std::vector<InboxItem>> GroupDecisions::keepOnly(qint64 id, const QString& reviewer)
{
    auto group = openGroup(id, {S::Pending}, QStringLiteral("be kept"), QStringLiteral("nothing to refuse"));
    if (!group)
        return fail(group.error());
    const QString label = InboxGroup::labelOf(m_workspace.agents(), group->back());
    std::vector<InboxItem> refused;
    for (const InboxItem& it : *group) {
        if (it.id == id)
            continue;
        auto r = m_inbox.refuse(
            it.id, toString(RefusalCode::Other),
            QStringLiteral("superseded by inbox item %1 (kept as the one write to %2)").arg(id).arg(label), reviewer);
        if (!r)
            return fail(r.error());
        refused.push_back(std::move(*r));
    }
    return refused;
}

} // namespace sediment
