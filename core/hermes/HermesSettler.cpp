#include "hermes/HermesSettler.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "hermes/HermesClaim.h"
#include "hermes/StagedWrite.h"
#include "model/InboxStatus.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "util/AtomicFile.h"
#include "util/Time.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sediment {

namespace {

// The unlink is only durable once the folder is synced; without it a power cut could bring
// back a file the database already calls settled (harmless, but it would be settled twice).
void syncFolder(const QString& folder)
{
    const int fd = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

Json SettledWrite::toJson() const
{
    Json j = {{"hermes_id", toStd(hermesId)}, {"profile", toStd(profile)}, {"file", toStd(fileName)},
              {"inbox_id", inboxId},          {"outcome", toStd(outcome)}, {"inbox_status", toStd(inboxStatus)},
              {"file_removed", fileRemoved}};
    if (!keptBecause.isEmpty())
        j["kept_because"] = toStd(keptBecause);
    return j;
}

Result<bool> HermesSettler::holdsDecidedWrite(const QString& path, const HermesRepository::Record& record)
{
    auto bytes = AtomicFile::read(path);
    if (!bytes)
        return fail(bytes.error());
    auto item = InboxRepository(m_workspace.db()).find(record.inboxId);
    if (!item)
        return fail(item.error());
    if (!*item)
        return false;
    // A file Sediment cannot parse is not known to be the decided write: it stays.
    auto staged = StagedWrite::parseIn(record.subsystem, *bytes, record.fileName);
    return staged && staged->id == record.hermesId && staged->contentHash() == (*item)->contentHash;
}

HermesSettler::HermesSettler(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

QString HermesSettler::pendingFolder(const QString& profile, const QString& subsystem) const
{
    return m_workspace.path(WorkspaceProfiles::prefixOf(profile) + QStringLiteral("pending/") + subsystem);
}

bool HermesSettler::isDecided(const QString& s)
{
    using S = InboxStatus;
    const auto status = parseWord<InboxStatus>(s);
    return status
           && (wroteToStore(*status) || *status == S::Reverted || *status == S::Refused || *status == S::Rejected);
}

QString HermesSettler::outcomeOf(const QString& s)
{
    const auto status = parseWord<InboxStatus>(s);
    const bool wrote = status && (wroteToStore(*status) || *status == InboxStatus::Reverted);
    // Hermes' own outcome words, which happen to match two of the inbox's.
    return wrote ? QStringLiteral("applied") : QStringLiteral("refused");
}

Result<SettledWrite> HermesSettler::settleRecord(const HermesRepository::Record& record, const QString& actor)
{
    SettledWrite out;
    out.hermesId = record.hermesId;
    out.profile = record.profile;
    out.fileName = record.fileName;
    out.inboxId = record.inboxId;
    out.inboxStatus = record.inboxStatus;
    out.outcome = record.state == QLatin1String("imported") ? outcomeOf(record.inboxStatus) : record.state;

    const QString folder = pendingFolder(record.profile, record.subsystem);
    const QString own = folder + QLatin1Char('/') + record.fileName;
    // The approval claimed the file (HermesClaim): settled under its claimed name. The record's
    // own name is looked at too, for a file settled after a crash or a refusal.
    const QString claimed = own + HermesClaim::suffixOf(m_workspace);
    HermesRepository repo(m_workspace.db());
    for (const QString& path : {claimed, own}) {
        if (!QFile::exists(path))
            continue;
        auto held = holdsDecidedWrite(path, record);
        if (!held)
            return fail(held.error());
        if (!*held) {
            out.keptBecause =
                QStringLiteral("it holds another write than the one inbox item %1 decided").arg(record.inboxId);
            // Edited after the import: not the decided write, so it goes back where it was.
            if (path == claimed)
                (void)HermesClaim::returnFile(claimed, own); // else left claimed: recovery returns it
            continue;
        }
        if (::unlink(QFile::encodeName(path).constData()) != 0 && errno != ENOENT) {
            const QString why =
                QStringLiteral("cannot remove %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
            (void)repo.setError(record.hermesId, why, record.profile); // shown in `hermes status`; best effort
            return fail(Error::io(why));
        }
        out.fileRemoved = true;
        syncFolder(folder);
    }

    auto tx = m_workspace.db().begin();
    if (!tx)
        return fail(tx.error());
    const QString now = time::toIso(m_clock.now());
    bool changed = false;
    if (record.state == QLatin1String("imported")) {
        auto marked = repo.markSettled(record.hermesId, out.outcome, now, record.profile);
        if (!marked)
            return fail(marked.error());
        changed = *marked;
    }
    // One audit row per settlement, plus one when a file outlived its settlement (a crash
    // between the decision and the removal): both are changes on disk worth a trace.
    if (changed || out.fileRemoved) {
        AuditEntry e = AuditRow::of(actor, AuditAction::HermesSettle, AuditSubject::HermesStaged,
                                    HermesRepository::keyOf(record.hermesId, record.profile));
        e.reason = changed ? QStringLiteral("inbox item %1 %2: staged file %3")
                                 .arg(record.inboxId)
                                 .arg(record.inboxStatus, out.fileRemoved ? QStringLiteral("removed")
                                                          : out.keptBecause.isEmpty()
                                                              ? QStringLiteral("already gone")
                                                              : QStringLiteral("kept: ") + out.keptBecause)
                           : QStringLiteral("staged file of an already settled write removed "
                                            "(an earlier settle was interrupted); nothing applied");
        e.details = {{"inbox_id", record.inboxId},
                     {"file", toStd(WorkspaceProfiles::prefixOf(record.profile)
                                    + QStringLiteral("pending/%1/%2").arg(record.subsystem, record.fileName))},
                     {"outcome", toStd(out.outcome)},
                     {"file_removed", out.fileRemoved}};
        AuditRepository audit(m_workspace.db(), m_clock);
        if (auto a = audit.append(std::move(e)); !a)
            return fail(a.error());
    }
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return out;
}

Result<std::optional<SettledWrite>> HermesSettler::settle(qint64 inboxId, const QString& actor)
{
    HermesRepository repo(m_workspace.db());
    auto record = repo.findByInboxId(inboxId);
    if (!record)
        return fail(record.error());
    if (!*record || (*record)->state != QLatin1String("imported") || !isDecided((*record)->inboxStatus))
        return std::optional<SettledWrite>();
    auto settled = settleRecord(**record, actor);
    if (!settled)
        return fail(settled.error());
    return std::optional<SettledWrite>(std::move(*settled));
}

Result<std::vector<SettledWrite>> HermesSettler::settleAll(const QString& actor)
{
    HermesRepository repo(m_workspace.db());
    auto due = repo.decidedButUnsettled();
    if (!due)
        return fail(due.error());
    std::vector<SettledWrite> out;
    for (const auto& record : *due) {
        auto settled = settleRecord(record, actor);
        if (!settled)
            return fail(settled.error());
        out.push_back(std::move(*settled));
    }
    return out;
}

} // namespace sediment
