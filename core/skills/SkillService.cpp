#include "skills/SkillService.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "model/SkillState.h"
#include "skills/CuratorSuppressions.h"
#include "skills/HermesCuratorScope.h"
#include "skills/HermesDiskSkills.h"
#include "skills/HermesUsageRepair.h"
#include "skills/SkillFolders.h"
#include "skills/SkillLedger.h"
#include "skills/UsageLink.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "util/AtomicFile.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <sys/stat.h>

namespace sediment {

namespace {

constexpr qint64 kMaxUsageFileBytes = 16 * 1024 * 1024; // docs/architecture.md#durability

// What tells one version of a file from the next without reading it: Hermes replaces
// .usage.json by a rename, which gives it a new inode; an edit in place moves its times.
QByteArray fileIdentity(const QString& path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return {};
    return QByteArray::number(quint64(st.st_dev)) + ':' + QByteArray::number(quint64(st.st_ino)) + ':'
           + QByteArray::number(qint64(st.st_size)) + ':' + QByteArray::number(qint64(st.st_mtim.tv_sec)) + '.'
           + QByteArray::number(qint64(st.st_mtim.tv_nsec)) + ':' + QByteArray::number(qint64(st.st_ctim.tv_sec)) + '.'
           + QByteArray::number(qint64(st.st_ctim.tv_nsec));
}

Error unknownSkill(const QString& name)
{
    return Error::invalid(QStringLiteral("no skill '%1' (see 'sediment skills list')").arg(name));
}

} // namespace

SkillService::SkillService(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<Skill> SkillService::record(Telemetry kind, const QString& name)
{
    if (!Skill::isValidName(name))
        return fail(
            Error::invalid(QStringLiteral("invalid skill name '%1' (expected [a-z0-9][a-z0-9._-]{0,63})").arg(name)));
    SkillRepository repo(m_workspace.db());
    const QDateTime now = m_clock.now();
    switch (kind) {
    case Telemetry::Use:
        return repo.recordUse(name, now);
    case Telemetry::View:
        return repo.recordView(name, now);
    case Telemetry::Patch:
        return repo.recordPatch(name, now);
    }
    return fail(Error::invalid(QStringLiteral("unknown telemetry kind")));
}

Result<Skill> SkillService::existing(const QString& name)
{
    auto found = SkillRepository(m_workspace.db()).find(name);
    if (!found)
        return fail(found.error());
    if (!*found)
        return fail(unknownSkill(name));
    return **found;
}

std::optional<QString> SkillService::hermesRefusal(const QString& name, bool restoring) const
{
    if (!HermesCuratorScope::isHermesHome(m_workspace.root()))
        return std::nullopt;
    const auto provenance = HermesUsageFile::readProvenance(m_workspace.path(QStringLiteral("skills")));
    const CuratorSettings settings = CuratorSettings::of(m_workspace);
    if (restoring) {
        // Hermes' restore_skill: a folder brought back beside an upstream copy would shadow it.
        if (provenance.hub.contains(name))
            return QStringLiteral("skill '%1' is now hub-installed; restore would shadow the upstream version")
                .arg(name);
        if (provenance.bundled.contains(name) && !settings.pruneBuiltins)
            return QStringLiteral("skill '%1' is now bundled; restore would shadow the upstream version").arg(name);
        return std::nullopt;
    }
    const auto owned = HermesCuratorScope::upstreamOwned(provenance, settings, name);
    if (owned == HermesCuratorScope::Protection::None)
        return std::nullopt;
    // Hermes' set_pinned writes nothing for these: a pin here would be a flag nobody reads.
    return QStringLiteral("skill '%1' is %2: Hermes' curator never transitions it, so it takes no pin")
        .arg(name, HermesCuratorScope::describe(owned));
}

Result<SkillService::Change> SkillService::setPinned(const QString& name, bool pinned, const QString& actor)
{
    if (auto refusal = hermesRefusal(name, false))
        return fail(Error::refused(*refusal));
    // The curator goes by .usage.json's pin: what the agent wrote there since the last import is
    // taken first, so that "already pinned" is never said on stale data. A file that cannot be
    // read is no reason to refuse the pin; its write-back reports it.
    QStringList warnings;
    if (auto synced = syncHermes(actor); !synced && synced.error().kind != ErrorKind::Invalid)
        return fail(synced.error());
    else if (synced && *synced)
        warnings = (*synced)->warnings;
    Database& db = m_workspace.db();
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    auto skill = existing(name); // read under the write lock: no lost update
    if (!skill)
        return fail(skill.error());
    Change change{*skill, false, {}, std::nullopt, std::move(warnings)};
    if (skill->pinned == pinned) {
        change.message = QStringLiteral("%1 is already %2")
                             .arg(name, pinned ? QStringLiteral("pinned") : QStringLiteral("unpinned"));
        return change;
    }
    change.skill.pinned = pinned;
    if (auto s = SkillRepository(db).save(change.skill); !s)
        return fail(s.error());
    AuditEntry row =
        AuditRow::of(actor, pinned ? AuditAction::SkillPinned : AuditAction::SkillUnpinned, AuditSubject::Skill, name);
    row.before = pinned ? QStringLiteral("unpinned") : QStringLiteral("pinned");
    row.after = pinned ? QStringLiteral("pinned") : QStringLiteral("unpinned");
    if (auto a = AuditRepository(db, m_clock).append(std::move(row)); !a)
        return fail(a.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    change.changed = true;
    change.message = pinned ? QStringLiteral("pinned %1: the curator will never transition it").arg(name)
                            : QStringLiteral("unpinned %1").arg(name);
    publish(change, HermesUsageFile::Field::Pinned, pinned ? QStringLiteral("pin") : QStringLiteral("unpin"), {});
    return change;
}

Result<SkillService::Change> SkillService::restore(const QString& name, const QString& actor)
{
    if (auto refusal = hermesRefusal(name, true))
        return fail(Error::refused(*refusal));
    Database& db = m_workspace.db();
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    auto skill = existing(name);
    if (!skill)
        return fail(skill.error());
    if (!isWord(skill->state, SkillState::Archived))
        return fail(Error::refused(QStringLiteral("skill '%1' is not archived (it is %2)").arg(name, skill->state)));
    const auto source = folders.findArchived(name, skill->archivePath);
    if (source) {
        if (auto s = folders.restore(name, *source); !s)
            return fail(s.error());
    }
    Change change{*skill, true, {}, std::nullopt, {}};
    change.skill.state = toString(SkillState::Active);
    change.skill.archivedAt.reset();
    change.skill.archivePath.reset();
    AuditEntry row = AuditRow::of(actor, AuditAction::SkillRestored, AuditSubject::Skill, name);
    row.before = toString(SkillState::Archived);
    row.after = toString(SkillState::Active);
    row.details = Json{{"from", orNull(source)}};
    Status saved = SkillRepository(db).save(change.skill);
    if (saved) {
        if (auto a = AuditRepository(db, m_clock).append(std::move(row)); !a)
            saved = fail(a.error());
    }
    if (saved)
        saved = tx->commit();
    if (!saved) {
        if (source) // put the folder back where the record still says it is
            (void)folders.archive(name, *source);
        return fail(saved.error());
    }
    change.message = source ? QStringLiteral("restored %1 from skills/%2").arg(name, *source)
                            : QStringLiteral("restored %1 (no archived folder was found; the "
                                             "record only)")
                                  .arg(name);
    // A restored built-in may be re-seeded by Hermes' updates again.
    if (auto s = CuratorSuppressions(folders.dir()).remove(name); !s)
        change.writeBackError = s.error().message;
    publish(change, HermesUsageFile::Field::State, QStringLiteral("restore"),
            Json{{"source", "sediment"}, {"from", orNull(source)}});
    return change;
}

void SkillService::publish(Change& change, HermesUsageFile::Field field, const QString& ledgerAction, Json evidence)
{
    // The linked .usage.json, else a Hermes home's own: the agent must honour the change too.
    auto linked = UsageLink(m_workspace.db()).path();
    Status written = linked ? Status() : Status(fail(linked.error()));
    if (linked && *linked)
        written = HermesUsageFile::writeBack(**linked, field, {change.skill}, m_clock.now());
    else if (linked && HermesCuratorScope::isHermesHome(m_workspace.root()))
        written = HermesUsageFile::writeBack(m_workspace.path(QStringLiteral("skills/.usage.json")), field,
                                             {change.skill}, m_clock.now());
    if (!written)
        change.writeBackError = written.error().message;
    if (!evidence.is_object())
        evidence = Json{{"source", "sediment"}};
    const SkillLedger ledger(m_workspace.path(QStringLiteral("skills")));
    if (auto s = ledger.append(SkillLedger::Actor::User, ledgerAction, change.skill.name, evidence, m_clock.now());
        !s) {
        change.writeBackError = change.writeBackError
                                    ? *change.writeBackError + QStringLiteral("; ") + s.error().message
                                    : s.error().message;
    }
}

Json SkillService::ImportReport::toJson() const
{
    Json j{{"file", toStd(file)},
           {"imported", imported},
           {"updated", updated},
           {"skipped", json::arrayOf(skipped, [](const HermesUsageFile::Skipped& s) {
                return Json{{"name", toStd(s.name)}, {"why", toStd(s.why)}};
            })}};
    if (!warnings.isEmpty())
        j["warnings"] = json::arrayOf(warnings, [](const QString& w) { return toStd(w); });
    return j;
}

Result<SkillService::ImportReport> SkillService::importHermes(const QString& file, const QString& actor)
{
    return importFile(file.isEmpty() ? m_workspace.path(QStringLiteral("skills/.usage.json")) : file, actor, false);
}

Result<std::optional<SkillService::ImportReport>> SkillService::syncHermes(const QString& actor, QByteArray* seen)
{
    auto synced = syncUsage(actor, seen);
    if (!synced)
        return synced;
    // The records first, so a skill the file knows takes its values, not the baseline's.
    auto adopted = HermesDiskSkills::adopt(m_workspace, m_clock.now());
    if (!adopted)
        return fail(adopted.error());
    if (*adopted == 0)
        return synced;
    ImportReport report = *synced ? std::move(**synced) : ImportReport{};
    if (report.file.isEmpty())
        report.file = m_workspace.path(QStringLiteral("skills"));
    report.imported += *adopted;
    return std::optional<ImportReport>(std::move(report));
}

Result<std::optional<SkillService::ImportReport>> SkillService::syncUsage(const QString& actor, QByteArray* seen)
{
    if (!HermesCuratorScope::isHermesHome(m_workspace.root()))
        return std::optional<ImportReport>();
    auto file = UsageLink(m_workspace.db()).fileOr(m_workspace.path(QStringLiteral("skills/.usage.json")));
    if (!file)
        return fail(file.error());
    const QString& path = *file;
    // Taken before the read: a write between the two is read now and seen again next time.
    const QByteArray identity = fileIdentity(path);
    if (identity.isEmpty()) // Hermes writes it on the first skill it records
        return std::optional<ImportReport>();
    if (seen && *seen == identity)
        return std::optional<ImportReport>();
    auto report = importFile(path, actor, true);
    // A file it cannot take (too large, broken) is told once, not at every reload, until it
    // changes; a database that could not be written (busy, unreachable) is tried again.
    if (seen && (report || report.error().kind == ErrorKind::Invalid))
        *seen = identity;
    if (!report)
        return fail(report.error());
    if (report->imported == 0 && report->updated == 0 && !report->linkedNow && report->warnings.isEmpty())
        return std::optional<ImportReport>();
    return std::optional<ImportReport>(std::move(*report));
}

Result<SkillService::ImportReport> SkillService::importFile(const QString& path, const QString& actor, bool onlyChanges)
{
    const QFileInfo info(path);
    if (!info.isFile())
        return fail(Error::io(QStringLiteral("cannot read %1: no such file").arg(path)));
    const QString file = QDir::cleanPath(info.absoluteFilePath());
    // The file is linked and written back to later: only Hermes' own usage file may be.
    if (!UsageLink::isUsageFile(file))
        return fail(Error::invalid(
            QStringLiteral("%1 is not a Hermes skills/.usage.json (the file a Hermes home keeps its skills' usage in)")
                .arg(path)));
    if (info.size() > kMaxUsageFileBytes)
        return fail(Error::invalid(QStringLiteral("%1 is larger than 16 MiB").arg(path)));
    auto bytes = AtomicFile::read(path, false);
    if (!bytes)
        return fail(bytes.error());
    const QDateTime now = m_clock.now();
    // Provenance files sit beside the usage file in a Hermes home's skills/ folder.
    const auto provenance = HermesUsageFile::readProvenance(info.absolutePath());
    // Hermes reads a damaged file record by record (or as {}): so does the sync, saying what it
    // ignored, as the curator pass does; the explicit import refuses it.
    QStringList warnings;
    auto parsed = onlyChanges ? HermesUsageRepair::parse(*bytes, provenance, now, path, warnings)
                              : HermesUsageFile::parse(*bytes, provenance, now);
    if (!parsed)
        return fail(parsed.error());

    ImportReport report;
    report.warnings = std::move(warnings);
    report.file = file;
    report.skipped = parsed->skipped;
    Database& db = m_workspace.db();
    SkillRepository repo(db);
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    auto held = repo.all(); // one read, not one lookup per record
    if (!held)
        return fail(held.error());
    QHash<QString, const Skill*> byName;
    byName.reserve(qsizetype(held->size()));
    for (const Skill& s : *held)
        byName.insert(s.name, &s);
    for (Skill& s : parsed->skills) {
        const Skill* old = byName.value(s.name);
        // The file does not know where Sediment put an archived folder.
        if (old && isWord(s.state, SkillState::Archived) && old->archivePath)
            s.archivePath = old->archivePath;
        if (onlyChanges && old) {
            // A record without created_at reads as created `now` (Hermes backfills it so): the
            // date the workspace took at the first import is kept rather than moved at each sync.
            if (s.createdAt == now)
                s.createdAt = old->createdAt;
            if (*old == s)
                continue;
        }
        ++(old ? report.updated : report.imported);
        if (auto st = repo.save(s); !st)
            return fail(st.error());
    }
    auto linked = UsageLink(db).path();
    if (!linked)
        return fail(linked.error());
    report.linkedNow = !*linked || **linked != report.file;
    if (onlyChanges && report.imported == 0 && report.updated == 0 && !report.linkedNow)
        return report; // nothing new: the transaction ends unwritten
    if (report.linkedNow || !onlyChanges) {
        if (auto st = repo.setUsageLink(report.file, now); !st)
            return fail(st.error());
    }
    AuditEntry row = AuditRow::of(actor, AuditAction::SkillsImported, AuditSubject::SkillsUsage, report.file);
    row.details = report.toJson();
    if (auto a = AuditRepository(db, m_clock).append(std::move(row)); !a)
        return fail(a.error());
    if (auto st = tx->commit(); !st)
        return fail(st.error());
    return report;
}

} // namespace sediment
