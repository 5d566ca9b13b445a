#include "inbox/GroupPreview.h"

#include "agent/AgentHomes.h"
#include "apply/Applier.h"
#include "apply/DryRunHook.h"
#include "inbox/InboxGroup.h"
#include "model/Destination.h"
#include "workspace/Workspace.h"

#include <QDir>

namespace sediment {

Result<GroupPreview::Combined> GroupPreview::of(const std::vector<InboxItem>& items) const
{
    auto op = InboxGroup::combinedOp(m_workspace.agents(), items);
    if (!op)
        return fail(op.error());
    const InboxItem& first = items.front();
    const QString profile = first.hermesProfile();
    Combined c;
    // An agent with a preview of its own (Hermes' skill_manage) tells what the group writes.
    if (const AgentHome* agent = m_workspace.agents().speaking(first.destination, first.effectiveOp()))
        if (const auto pv = agent->preview(m_workspace, profile, *op)) {
            c.label = pv->label;
            c.before = pv->before;
            c.after = pv->after;
            c.refusal = pv->refusal;
            return c;
        }
    DryRunHook hook;
    // The op the approval applies, members and all: what it would write is what this shows.
    auto r = Applier(m_workspace, m_clock, &hook, profile).apply(first.destination, *op);
    if (hook.reached()) {
        c.label = QDir(m_workspace.root()).relativeFilePath(hook.path());
        c.before = QString::fromUtf8(hook.current().value_or(QByteArray()));
        c.after = QString::fromUtf8(hook.next().value_or(QByteArray()));
        return c;
    }
    if (!r) {
        if (r.error().kind == ErrorKind::Io)
            return fail(r.error());
        c.refusal = r.error().message;
        return c;
    }
    // Applied without a write: the store holds every item already.
    c.label = r->targetPath.value_or(first.destination);
    c.before = r->before.value_or(QString());
    c.after = c.before;
    if (!r->applied)
        c.refusal = r->message;
    return c;
}

} // namespace sediment
