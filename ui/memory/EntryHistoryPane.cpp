#include "memory/EntryHistoryPane.h"

#include "audit/AuditSubject.h"
#include "memory/MemoryFile.h"
#include "model/InboxStatus.h"
#include "store/AuditRepository.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace sediment::ui {

namespace {

// How far back the history pane looks: enough for any entry of a bounded store, and a bound
// so that a million-row audit log is never read whole.
constexpr int kHistoryScan = 2000;

// Whether an inbox decision's op wrote `entry`: an add or replace whose content is the entry.
bool opWrote(const Json& op, const QString& entry)
{
    if (op.value("action", std::string()) == "batch") {
        for (const Json& sub : op.value("operations", Json::array()))
            if (opWrote(sub, entry))
                return true;
        return false;
    }
    return fromStd(op.value("content", std::string())).trimmed() == entry;
}

} // namespace

EntryHistoryPane::EntryHistoryPane(Workspace& workspace, const Clock& clock, QWidget* parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_clock(clock)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(tr("History — select an entry"), this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("memoryHistory"));
    layout->addWidget(m_title);
    layout->addWidget(m_list);
}

bool EntryHistoryPane::refresh()
{
    if (m_entry.isEmpty())
        return false;
    showEntry(m_target, m_entry);
    return true;
}

void EntryHistoryPane::showEntry(const QString& target, const QString& entry)
{
    m_target = target;
    m_entry = entry;
    m_list->clear();
    m_title->setText(tr("History of “%1”").arg(entry.left(60)));
    AuditRepository audit(m_workspace.db(), m_clock);
    AuditRepository::Query direct;
    direct.subjectType = toString(AuditSubject::Memory);
    direct.subjectId = target;
    direct.newestFirst = true;
    direct.limit = kHistoryScan;
    AuditRepository::Query decisions;
    decisions.subjectType = toString(AuditSubject::InboxItem);
    decisions.newestFirst = true;
    decisions.limit = kHistoryScan;
    auto edits = audit.list(direct);
    auto decided = audit.list(decisions);
    if (!edits || !decided) {
        m_list->addItem(tr("The audit log cannot be read: %1").arg((!edits ? edits.error() : decided.error()).message));
        return;
    }
    std::vector<AuditEntry> rows;
    for (const AuditEntry& e : *edits) {
        const bool added = e.after && MemoryFile::parseText(*e.after).contains(entry);
        const bool removed = e.before && MemoryFile::parseText(*e.before).contains(entry);
        if (added || removed)
            rows.push_back(e);
    }
    for (const AuditEntry& e : *decided) {
        const bool wrote =
            e.after && (isWord(*e.after, InboxStatus::Applied) || isWord(*e.after, InboxStatus::Modified));
        if (wrote && e.details.value("destination", std::string()) == toStd(target)
            && opWrote(e.details.contains("final_op") ? e.details["final_op"] : e.details.value("op", Json::object()),
                       entry))
            rows.push_back(e);
    }
    std::sort(rows.begin(), rows.end(), [](const AuditEntry& a, const AuditEntry& b) { return a.seq > b.seq; });
    for (const AuditEntry& e : rows) {
        QString what;
        if (isWord(e.subjectType, AuditSubject::InboxItem)) {
            what = tr("written by proposal #%1 (%2, decided by %3)").arg(e.subjectId, *e.after, e.actor);
        } else {
            const bool added = e.after && MemoryFile::parseText(*e.after).contains(entry);
            const QString verb = e.action.mid(7); // after "memory."
            what = added ? (verb == QLatin1String("replace") ? tr("replaced in by %1").arg(e.actor)
                                                             : tr("added by %1").arg(e.actor))
                         : tr("removed by %1").arg(e.actor);
            if (added && e.before)
                what += tr(" (was: %1)").arg(e.before->left(80));
        }
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 · %2").arg(e.at.left(19).replace(QLatin1Char('T'), QLatin1Char(' ')), what));
        item->setToolTip(tr("audit row %1, action %2").arg(e.seq).arg(e.action));
        m_list->addItem(item);
    }
    if (rows.empty())
        m_list->addItem(tr("No recorded change: this entry was written before Sediment watched the store."));
}

QStringList EntryHistoryPane::lines() const
{
    QStringList lines;
    for (int i = 0; i < m_list->count(); ++i)
        lines << m_list->item(i)->text();
    return lines;
}

} // namespace sediment::ui
