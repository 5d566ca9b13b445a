#include "hermes/PendingQueue.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "gate/RefusalMemoryGate.h"
#include "hermes/HermesClaim.h"
#include "hermes/HermesWithdrawal.h"
#include "model/InboxItem.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "util/Time.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace sediment {

namespace {

constexpr qint64 kMaxStagedFileBytes =
    16 * 1024 * 1024; // docs/architecture.md#durability: inputs over 16 MiB are refused

double stagedAt(const PendingQueue::ScannedFile& f)
{
    if (f.write && f.write->createdAt.is_number())
        return f.write->createdAt.get<double>();
    return HUGE_VAL; // unknown times sort last
}

} // namespace

QString PendingQueue::createdAtOf(const StagedWrite& w, const Clock& clock)
{
    if (w.createdAt.is_number()) {
        const double secs = w.createdAt.get<double>();
        if (std::isfinite(secs) && secs > 0 && secs < 32503680000.0) // before year 3000
            return time::toIso(QDateTime::fromMSecsSinceEpoch(qint64(std::llround(secs * 1000)), QTimeZone::utc()));
    }
    return time::toIso(clock.now());
}

namespace {

Json auditDetails(const StagedWrite& w, const QString& profile)
{
    return {{"hermes_id", toStd(w.id)},
            {"profile", toStd(profile)},
            {"file", toStd(WorkspaceProfiles::prefixOf(profile) + w.stagedPath())},
            {"origin", toStd(w.origin)},
            {"target", toStd(w.target)},
            {"action", w.op.value("action", std::string())}};
}

} // namespace

bool ImportReport::changedAnything() const { return !imported.empty() || !settled.empty() || !withdrawn.empty(); }

Json ImportReport::toJson() const
{
    Json j = Json::object();
    j["imported"] = json::arrayOf(imported, [](const ImportedWrite& w) {
        return Json{{"hermes_id", toStd(w.hermesId)}, {"profile", toStd(w.profile)}, {"file", toStd(w.fileName)},
                    {"inbox_id", w.inboxId},          {"target", toStd(w.target)},   {"action", toStd(w.action)},
                    {"origin", toStd(w.origin)},      {"summary", toStd(w.summary)}};
    });
    j["waiting"] = json::arrayOf(waiting, [](const QString& id) { return toStd(id); });
    j["settled"] = json::arrayOf(settled, &SettledWrite::toJson);
    j["withdrawn"] = json::arrayOf(withdrawn, [](const WithdrawnWrite& w) {
        return Json{{"hermes_id", toStd(w.hermesId)}, {"profile", toStd(w.profile)}, {"inbox_id", w.inboxId}};
    });
    j["unparseable"] = json::arrayOf(unparseable, [](const StagedProblem& p) {
        return Json{{"file", toStd(p.fileName)},
                    {"profile", toStd(p.profile)},
                    {"error", toStd(p.error)},
                    {"subsystem", toStd(p.subsystem)}};
    });
    j["provider_records"] = json::arrayOf(providerRecords, &ProviderRecord::toJson);
    return j;
}

PendingQueue::PendingQueue(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

QString PendingQueue::folder(const QString& profile, const QString& subsystem) const
{
    return m_workspace.path(WorkspaceProfiles::prefixOf(profile) + QStringLiteral("pending/") + subsystem);
}

const QStringList& PendingQueue::subsystems()
{
    static const QStringList names{QStringLiteral("memory"), QStringLiteral("skills")};
    return names;
}

Result<std::vector<PendingQueue::ScannedFile>> PendingQueue::scan() const
{
    std::vector<ScannedFile> files;
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_workspace.root()))
        for (const QString& subsystem : subsystems())
            scanFolder(profile.name, subsystem, files);
    std::stable_sort(files.begin(), files.end(),
                     [](const ScannedFile& a, const ScannedFile& b) { return stagedAt(a) < stagedAt(b); });
    return files;
}

void PendingQueue::scanFolder(const QString& profile, const QString& subsystem, std::vector<ScannedFile>& files) const
{
    const QDir dir(folder(profile, subsystem));
    if (!dir.exists())
        return;
    // Hermes lists its queue with glob("*.json"), which is case-sensitive: "a.JSON" is no record.
    const QStringList names =
        dir.entryList({QStringLiteral("*.json")}, QDir::Files | QDir::Hidden | QDir::CaseSensitive, QDir::Name);
    for (const QString& name : names) {
        if (name.startsWith(QLatin1Char('.'))) // a writer's temporary file
            continue;
        ScannedFile f;
        f.fileName = name;
        f.profile = profile;
        f.subsystem = subsystem;
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            if (!file.exists())
                continue; // settled by someone else while we listed
            f.error = QStringLiteral("cannot read: %1").arg(file.errorString());
        } else if (file.size() > kMaxStagedFileBytes) {
            f.error = QStringLiteral("larger than 16 MiB (%1 bytes)").arg(file.size());
        } else {
            const QByteArray bytes = file.readAll();
            auto parsed = StagedWrite::parseIn(subsystem, bytes, name);
            if (parsed)
                f.write = std::move(*parsed);
            else if (subsystem == QLatin1String("memory") && (f.provider = ProviderRecord::recognise(bytes, name)))
                f.provider->profile = profile;
            else
                f.error = parsed.error().message;
        }
        files.push_back(std::move(f));
    }
}

Result<ImportReport> PendingQueue::importAll(const QString& settleActor)
{
    // A team's Hermes home is on its files host: a folder of the same name on a reviewer's
    // machine is not the agent's queue, and settling it would answer writes the agent never staged.
    auto elsewhere = FilesHost::elsewhere(m_workspace);
    if (!elsewhere)
        return fail(elsewhere.error());
    if (*elsewhere)
        return fail(Error::refused(
            QStringLiteral("the Hermes home and its staged writes live on %1; run it there").arg(**elsewhere)));
    ImportReport report;
    HermesSettler settler(m_workspace, m_clock);
    auto settled = settler.settleAll(settleActor);
    if (!settled)
        return fail(settled.error());
    report.settled = std::move(*settled);
    // Claims a killed decision left: back in the listing before it is read (HermesClaim).
    if (auto recovered = HermesClaim::recover(m_workspace, m_clock, settleActor); !recovered)
        return fail(recovered.error());

    auto files = scan();
    if (!files)
        return fail(files.error());

    Database& db = m_workspace.db();
    HermesRepository hermes(db);
    QSet<QString> present; // keys (HermesRepository::keyOf) of the records with a file on disk
    std::vector<const ScannedFile*> fresh;
    for (const ScannedFile& f : *files) {
        if (f.provider) {
            report.providerRecords.push_back(*f.provider);
            continue;
        }
        if (!f.write) {
            report.unparseable.push_back({f.fileName, f.profile, f.error, f.subsystem});
            continue;
        }
        const StagedWrite& w = *f.write;
        const QString key = HermesRepository::keyOf(w.id, f.profile);
        if (present.contains(key)) {
            report.unparseable.push_back({f.fileName, f.profile,
                                          QStringLiteral("id '%1' is used by another staged file").arg(w.id),
                                          f.subsystem});
            continue;
        }
        present.insert(key);
        auto known = hermes.find(w.id, f.profile);
        if (!known)
            return fail(known.error());
        if (!*known) {
            fresh.push_back(&f);
            continue;
        }
        const auto& record = **known;
        if (record.subsystem != w.subsystem) {
            report.unparseable.push_back(
                {f.fileName, f.profile,
                 QStringLiteral("id '%1' is already used by a staged %2 write").arg(w.id, record.subsystem),
                 f.subsystem});
        } else if (record.state == QLatin1String("imported")) {
            report.waiting.push_back(w.id);
        } else if (record.state == QLatin1String("withdrawn")) {
            report.unparseable.push_back({f.fileName, f.profile,
                                          QStringLiteral("id '%1' was withdrawn from the inbox on %2 when its "
                                                         "file disappeared; stage it again under a new id")
                                              .arg(w.id, record.settledAt.value_or(QString())),
                                          f.subsystem});
        } else if (record.fileName != w.fileName) {
            // The id belongs to the file that was imported and decided; this one is another write.
            report.unparseable.push_back({f.fileName, f.profile,
                                          QStringLiteral("id '%1' is used by another staged file").arg(w.id),
                                          f.subsystem});
        } else {
            // Decided and settled, yet the file is back: the removal after an approval was
            // interrupted. The database knows the outcome, so only the file goes, and only if
            // it still holds the write that was decided.
            auto s = settler.settleRecord(record, settleActor);
            if (!s)
                return fail(s.error());
            if (s->keptBecause.isEmpty())
                report.settled.push_back(std::move(*s));
            else
                report.unparseable.push_back(
                    {f.fileName, f.profile,
                     QStringLiteral("id '%1' was already decided, and %2; stage it again under a new id")
                         .arg(w.id, s->keptBecause),
                     f.subsystem});
        }
    }

    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository inbox(db);
    AuditRepository audit(db, m_clock);
    RefusalMemoryGate refusalMemory(inbox);
    const QString now = time::toIso(m_clock.now());
    for (const ScannedFile* f : fresh) {
        const StagedWrite* w = &*f->write;
        InboxItem item;
        item.extId = QStringLiteral("hermes:") + HermesRepository::keyOf(w->id, f->profile);
        item.destination = w->target;
        item.op = w->op;
        item.contentHash = w->contentHash();
        item.rationale = w->summary;
        item.agent = QStringLiteral("hermes");
        item.source = w->source();
        // Which profile's files a decision may touch: set here, never taken from the record.
        item.source["profile"] = toStd(f->profile);
        item.source["staged_file"] = toStd(WorkspaceProfiles::prefixOf(f->profile) + w->stagedPath());
        item.sanitized = w->sanitized;
        item.createdAt = createdAtOf(*w, m_clock);
        // Refusal memory runs first here as for any proposal (docs/architecture.md#3-the-gate): a write a human already
        // refused is rejected at once, and its file is settled below like any decision.
        Proposal asProposal;
        asProposal.destination = item.destination;
        asProposal.op = item.op;
        asProposal.contentHash = item.contentHash;
        auto verdict = refusalMemory.decide(asProposal);
        if (!verdict)
            return fail(verdict.error());
        if (verdict->kind == Verdict::Kind::Reject) {
            item.setStatus(InboxStatus::Rejected);
            item.reason = verdict->reason;
            item.decidedAt = now;
            item.decidedBy = verdict->actor;
        }
        auto id = inbox.insert(item);
        if (!id)
            return fail(id.error());
        if (auto s = hermes.insert(w->id, w->fileName, *id, now, f->profile); !s)
            return fail(s.error());
        AuditEntry e = AuditRow::of(Actor::agent(QStringLiteral("hermes")), AuditAction::HermesImport,
                                    AuditSubject::InboxItem, QString::number(*id));
        e.reason = item.hasStatus(InboxStatus::Rejected)
                       ? *item.reason
                       : QStringLiteral("staged write %1 (%2) imported for review").arg(w->id, w->origin);
        e.after = fromStd(json::pythonDump(w->op));
        e.details = auditDetails(*w, f->profile);
        e.details["status"] = toStd(item.status);
        if (auto a = audit.append(std::move(e)); !a)
            return fail(a.error());
        report.imported.push_back({w->id, f->profile, w->fileName, *id, w->target,
                                   fromStd(w->op.value("action", std::string())), w->origin, w->summary});
    }

    // Withdraw undecided items whose file is gone: Hermes (or a user) settled the write
    // outside Sediment, and approving it here could apply it a second time.
    auto waiting = hermes.unsettled();
    if (!waiting)
        return fail(waiting.error());
    for (const auto& record : *waiting) {
        if (present.contains(HermesRepository::keyOf(record.hermesId, record.profile))
            || !(isWord(record.inboxStatus, InboxStatus::Pending) || isWord(record.inboxStatus, InboxStatus::Failed)))
            continue;
        // A claimed file is being applied by a decision (this workspace's or another's): not gone.
        const QString where = folder(record.profile, record.subsystem);
        if (QFile::exists(where + QLatin1Char('/') + record.fileName) || HermesClaim::claimed(where, record.fileName))
            continue; // it reappeared since the scan (or failed to parse): not gone
        auto withdrawn = HermesWithdrawal::record(db, m_clock, record,
                                                  QStringLiteral("withdrawn: the staged Hermes file %1 disappeared "
                                                                 "before a decision (settled outside Sediment)")
                                                      .arg(record.fileName));
        if (!withdrawn)
            return fail(withdrawn.error());
        if (!*withdrawn)
            continue;
        report.withdrawn.push_back({record.hermesId, record.profile, record.inboxId});
    }
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    // Files of writes refusal memory rejected just now are settled like any other decision.
    auto rejected = settler.settleAll(settleActor);
    if (!rejected)
        return fail(rejected.error());
    for (auto& s : *rejected)
        report.settled.push_back(std::move(s));
    return report;
}

} // namespace sediment
