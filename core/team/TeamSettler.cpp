#include "team/TeamSettler.h"

#include "inbox/InboxService.h"
#include "store/Database.h"
#include "store/TeamSettingsRepository.h"
#include "team/MemorySnapshots.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"

namespace sediment {

Json TeamSettler::Pass::toJson() const
{
    return Json{{"written", written}, {"failed", failed}, {"stale", stale}, {"skipped", skipped}, {"items", items}};
}

Result<bool> TeamSettler::writesHere()
{
    auto host = FilesHost::configured(m_workspace);
    if (!host)
        return fail(host.error());
    return *host && **host == FilesHost::thisHost();
}

Result<TeamSettler::Pass> TeamSettler::settle(int limit)
{
    Pass pass;
    auto here = writesHere();
    if (!here)
        return fail(here.error());
    if (!*here)
        return pass;
    auto ids = TeamSettingsRepository(m_workspace.db()).approvedIds(limit);
    if (!ids)
        return fail(ids.error());
    InboxService service(m_workspace, m_clock);
    for (qint64 id : *ids) {
        auto written = service.applyApproved(id);
        if (!written) {
            // Another sediment process of this host wrote it first: nothing to do.
            if (written.error().kind == ErrorKind::Refused) {
                ++pass.skipped;
                continue;
            }
            return fail(written.error());
        }
        const QString& status = written->status;
        if (written->hasStatus(InboxStatus::Pending))
            ++pass.stale;
        else if (written->hasStatus(InboxStatus::Failed))
            ++pass.failed;
        else
            ++pass.written;
        pass.items.push_back(Json{{"id", id},
                                  {"status", toStd(status)},
                                  {"decided_by", orNull(written->decidedBy)},
                                  {"reason", orNull(written->reason)}});
    }
    // Reviewers elsewhere preview memory budgets from what this host publishes, as the
    // writes above left it.
    if (auto published = MemorySnapshots(m_workspace, m_clock).publish(); !published)
        return fail(published.error());
    return pass;
}

} // namespace sediment
