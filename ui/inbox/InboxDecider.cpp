#include "inbox/InboxDecider.h"
#include "model/InboxStatus.h"

#include "inbox/MemoryRoom.h"
#include "shared/ErrorDialog.h"
#include "shared/OwnWrites.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QProgressDialog>

namespace sediment::ui {

namespace {

constexpr int kProgressThreshold = 20; // batches longer than this show a progress dialog

} // namespace

InboxDecider::InboxDecider(Workspace& workspace, const Clock& clock)
    : m_workspace(workspace)
    , m_service(std::make_unique<InboxService>(workspace, clock))
{}

void InboxDecider::remember(const InboxItem& done)
{
    m_history.push_back({done.id, done.status});
    ++m_decided;
    if (isApplied(done.status))
        noteWritten(done);
}

void InboxDecider::noteWritten(const InboxItem& done)
{
    // Recorded at once, before a batch's progress dialog lets the file watchers run: the
    // Memory page must know this write as ours, not as another program's.
    if (m_ownWrites && done.targetPath)
        m_ownWrites->recordWritten(QDir(m_workspace.root()).absoluteFilePath(*done.targetPath));
}

bool InboxDecider::isApplied(const QString& status)
{
    return isWord(status, InboxStatus::Applied) || isWord(status, InboxStatus::Modified);
}

bool InboxDecider::isRecorded(const QString& status)
{
    return isWord(status, InboxStatus::Approved) || isWord(status, InboxStatus::Pending);
}

QString InboxDecider::approve(const QList<qint64>& ids, QWidget* parent)
{
    const QString reviewer = m_workspace.reviewer();
    if (ids.size() == 1) {
        auto done = m_service->approve(ids.front(), reviewer);
        if (!done) {
            if (done.error().kind == ErrorKind::Io)
                ErrorDialog::show(parent, tr("Could not approve #%1.").arg(ids.front()), done.error());
            return tr("Not approved: %1").arg(done.error().message);
        }
        remember(*done);
        if (isApplied(done->status))
            return tr("Approved #%1: %2").arg(done->id).arg(done->reason.value_or(tr("applied")));
        // Team mode: recorded, and written by the files host, or waiting for a second reviewer.
        if (isRecorded(done->status))
            return tr("Approved #%1: %2").arg(done->id).arg(done->reason.value_or(QString()));
        return tr("#%1 failed: %2").arg(done->id).arg(done->reason.value_or(QString()));
    }
    int applied = 0, failed = 0, refused = 0;
    QString firstProblem;
    std::unique_ptr<QProgressDialog> progress;
    if (ids.size() > kProgressThreshold) {
        progress = std::make_unique<QProgressDialog>(tr("Approving %1 proposals…").arg(ids.size()), tr("Stop"), 0,
                                                     int(ids.size()), parent);
        progress->setWindowModality(Qt::WindowModal);
        progress->setMinimumDuration(300);
    }
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (progress) {
            progress->setValue(int(i));
            if (progress->wasCanceled())
                break;
        }
        auto done = m_service->approve(ids[i], reviewer);
        if (!done) {
            ++refused;
            if (firstProblem.isEmpty())
                firstProblem = QStringLiteral("#%1: %2").arg(ids[i]).arg(done.error().message);
            continue;
        }
        remember(*done);
        if (isApplied(done->status) || isRecorded(done->status)) {
            ++applied;
        } else {
            ++failed;
            if (firstProblem.isEmpty())
                firstProblem = QStringLiteral("#%1: %2").arg(ids[i]).arg(done->reason.value_or(QString()));
        }
    }
    QString summary = tr("Approved %1 of %2").arg(applied).arg(ids.size());
    if (failed)
        summary += tr(", %1 failed").arg(failed);
    if (refused)
        summary += tr(", %1 not approvable").arg(refused);
    if (!firstProblem.isEmpty())
        summary += tr(" (first: %1)").arg(firstProblem);
    return summary;
}

QString InboxDecider::refuse(const QList<qint64>& ids, const QString& code, const QString& text,
                             const std::map<qint64, QString>& notes)
{
    int refused = 0;
    QString problem;
    for (qint64 id : ids) {
        const auto own = notes.find(id);
        auto done = m_service->refuse(id, code, own == notes.end() ? text : own->second, m_workspace.reviewer());
        if (!done) {
            if (problem.isEmpty())
                problem = QStringLiteral("#%1: %2").arg(id).arg(done.error().message);
            continue;
        }
        remember(*done);
        ++refused;
    }
    if (ids.size() == 1 && problem.isEmpty())
        return tr("Refused #%1 (%2)").arg(ids.front()).arg(code);
    return tr("Refused %1 of %2%3")
        .arg(refused)
        .arg(ids.size())
        .arg(problem.isEmpty() ? QString() : QStringLiteral(" — ") + problem);
}

QString InboxDecider::approveGroup(qint64 id, QWidget* parent)
{
    auto done = m_service->approveGroup(id, m_workspace.reviewer());
    if (!done) {
        if (done.error().kind == ErrorKind::Io)
            ErrorDialog::show(parent, tr("Could not approve the group of #%1.").arg(id), done.error());
        return tr("Group not approved: %1").arg(done.error().message);
    }
    // The first item holds the group's write: remembered last, so that Ctrl+Z reverts the group.
    for (auto it = done->rbegin(); it != done->rend(); ++it)
        remember(*it);
    return tr("Approved %1 items in one decision: %2")
        .arg(done->size())
        .arg(done->front().reason.value_or(tr("applied")));
}

QString InboxDecider::keepOnly(qint64 id)
{
    auto done = m_service->keepOnly(id, m_workspace.reviewer());
    if (!done)
        return tr("Nothing refused: %1").arg(done.error().message);
    for (const InboxItem& it : *done)
        remember(it);
    return tr("Kept #%1; refused %2 other item(s) of its group as superseded by it").arg(id).arg(done->size());
}

Result<InboxItem> InboxDecider::patch(qint64 id, const Json& op)
{
    auto done = m_service->patch(id, op, m_workspace.reviewer());
    if (!done)
        return done;
    remember(*done);
    if (!isApplied(done->status) && !isRecorded(done->status))
        return fail(Error::refused(done->reason.value_or(tr("the store refused it"))));
    return done;
}

Result<InboxItem> InboxDecider::makeRoom(qint64 id, const MemoryRoom& room)
{
    auto done = m_service->makeRoom(id, room, m_workspace.reviewer());
    if (!done)
        return done;
    remember(*done);
    if (!isApplied(done->status))
        return fail(Error::refused(done->reason.value_or(tr("the store refused it"))));
    return done;
}

InboxDecider::Undone InboxDecider::undo(QWidget* parent)
{
    if (m_history.empty())
        return {tr("Nothing to undo: no decision made in this session."), 0, false};
    const Decision last = m_history.back();
    m_history.pop_back();
    if (isWord(last.status, InboxStatus::Refused)) {
        auto done = m_service->undoRefusal(last.id, m_workspace.reviewer());
        if (!done) {
            if (done.error().kind == ErrorKind::Io)
                ErrorDialog::show(parent, tr("Could not undo the refusal of #%1.").arg(last.id), done.error());
            return {tr("The refusal of #%1 stands: %2").arg(last.id).arg(done.error().message), last.id, false};
        }
        if (m_decided > 0)
            --m_decided; // pending again: one fewer decided, one more left
        return {tr("Took back the refusal of #%1: it is pending again.").arg(last.id), last.id, true};
    }
    if (!isApplied(last.status))
        return {tr("#%1 was %2: there is no write to revert, and the decision stays "
                   "on record.")
                    .arg(last.id)
                    .arg(last.status),
                last.id, false};
    auto done = m_service->revert(last.id, m_workspace.reviewer());
    if (!done) {
        ErrorDialog::show(parent, tr("Could not revert #%1.").arg(last.id), done.error());
        return {tr("Not reverted: %1").arg(done.error().message), last.id, false};
    }
    noteWritten(*done);
    return {tr("Reverted #%1: the target holds its previous content again.").arg(last.id), last.id, false};
}

} // namespace sediment::ui
