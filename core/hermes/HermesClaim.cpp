#include "hermes/HermesClaim.h"

#include "hermes/HermesSettler.h"
#include "hermes/HermesWithdrawal.h"
#include "hermes/PendingQueue.h"
#include "hermes/StagedWrite.h"
#include "journal/CrashPoint.h"
#include "journal/DecisionJournal.h"
#include "store/Database.h"
#include "store/HermesRepository.h"
#include "util/AtomicFile.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>

namespace sediment {

namespace {

QString stemOf(const QString& fileName)
{
    return fileName.endsWith(QLatin1String(".json")) ? fileName.chopped(5) : fileName;
}

// Whether `name`, beside the record `fileName`, is somebody's claim of it: `<file>.<word>` or
// `<stem>.<word>` whose word says so (a claim, a lock, being applied) or a Sediment
// workspace's claim. Hermes writes no claim file at the commits Sediment follows
// (docs/architecture.md#hermes); these are the shapes one would take, and none of them is a record Hermes lists (they do not end in .json).
bool isClaimOf(const QString& name, const QString& fileName)
{
    const QString stem = stemOf(fileName);
    QString word;
    if (name.startsWith(fileName + QLatin1Char('.')))
        word = name.mid(fileName.size() + 1);
    else if (name.startsWith(stem + QLatin1Char('.')) && !name.endsWith(QLatin1String(".json")))
        word = name.mid(stem.size() + 1);
    else
        return false;
    word = word.toLower();
    return word.startsWith(QLatin1String("sediment-")) || word.contains(QLatin1String("claim"))
           || word.contains(QLatin1String("lock")) || word.contains(QLatin1String("applying"));
}

QStringList claimsBeside(const QString& folder, const QString& fileName)
{
    QStringList found;
    const QStringList near = QDir(folder).entryList({stemOf(fileName) + QStringLiteral(".*")},
                                                    QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
    for (const QString& name : near)
        if (name != fileName && isClaimOf(name, fileName))
            found << name;
    return found;
}

// rename(2) that never replaces: a record staged again under the same name meanwhile is not
// overwritten by the one given back.
int renameNoReplace(const QString& from, const QString& to)
{
    return ::renameat2(AT_FDCWD, QFile::encodeName(from).constData(), AT_FDCWD, QFile::encodeName(to).constData(),
                       RENAME_NOREPLACE);
}

QString errnoText() { return QString::fromLocal8Bit(std::strerror(errno)); }

Error heldError(qint64 inboxId, const QString& fileName, const QString& holder)
{
    const QString who = holder.contains(QLatin1String(".sediment-")) ? QStringLiteral("another Sediment workspace")
                                                                     : QStringLiteral("Hermes (or another program)");
    return Error::refused(QStringLiteral("inbox item %1 cannot be approved now: %2 is applying the staged Hermes "
                                         "file %3 (%4 lies beside it); approve it again once that file is gone")
                              .arg(inboxId)
                              .arg(who, fileName, holder));
}

} // namespace

QString HermesClaim::suffixOf(Workspace& workspace)
{
    // The database names the workspace: two workspaces on one Hermes home (the root and one of
    // its profiles opened on its own) have two databases and so two different claims.
    const QByteArray who = QFileInfo(workspace.db().path()).absoluteFilePath().toUtf8();
    return QStringLiteral(".sediment-")
           + QString::fromLatin1(QCryptographicHash::hash(who, QCryptographicHash::Sha256).toHex().left(8));
}

bool HermesClaim::claimed(const QString& folder, const QString& fileName)
{
    return !claimsBeside(folder, fileName).isEmpty();
}

std::optional<QString> HermesClaim::heldElsewhere(const QString& folder, const QString& fileName, const QString& ours)
{
    for (const QString& name : claimsBeside(folder, fileName))
        if (name != fileName + ours)
            return name;
    return std::nullopt;
}

HermesClaim::HermesClaim(HermesClaim&& other) noexcept
    : m_record(std::move(other.m_record))
    , m_claim(std::move(other.m_claim))
    , m_armed(other.m_armed)
{
    other.m_armed = false;
}

HermesClaim::~HermesClaim()
{
    if (m_armed)
        (void)giveBack();
}

void HermesClaim::keep() { m_armed = false; }

Status HermesClaim::giveBack()
{
    m_armed = false;
    return returnFile(m_claim, m_record);
}

Status HermesClaim::returnFile(const QString& claim, const QString& record)
{
    if (renameNoReplace(claim, record) != 0 && errno != ENOENT)
        return fail(Error::io(QStringLiteral("cannot give the staged Hermes file back (%1 to %2): %3; it stays "
                                             "claimed until the next command")
                                  .arg(claim, record, errnoText())));
    return {};
}

Result<std::optional<HermesClaim>> HermesClaim::take(Workspace& workspace, const Clock& clock, qint64 inboxId)
{
    using Taken = std::optional<HermesClaim>;
    auto found = HermesRepository(workspace.db()).findByInboxId(inboxId);
    if (!found)
        return fail(found.error());
    if (!*found || (*found)->state != QLatin1String("imported"))
        return Taken();
    const HermesRepository::Record& record = **found;
    const QString folder = HermesSettler(workspace, clock).pendingFolder(record.profile, record.subsystem);
    const QString ours = suffixOf(workspace);
    const QString path = folder + QLatin1Char('/') + record.fileName;
    const QString claim = path + ours;
    if (auto other = heldElsewhere(folder, record.fileName, ours))
        return fail(heldError(inboxId, record.fileName, *other));
    // This workspace's claim is left by a killed process: the caller holds the journal's lock,
    // so no live decision of ours holds it, and it is taken over as it is.
    if (QFile::exists(claim))
        return Taken(HermesClaim(path, claim));
    // No fsync of the folder: should the rename be lost to a power cut, the record is back
    // under its own name, and a decided record's file is settled wherever it is.
    if (renameNoReplace(path, claim) != 0) {
        if (errno != ENOENT)
            return fail(Error::io(QStringLiteral("cannot claim the staged Hermes file %1: %2").arg(path, errnoText())));
        // Claimed by someone else between the look and the rename, or decided outside Sediment.
        if (auto other = heldElsewhere(folder, record.fileName, ours))
            return fail(heldError(inboxId, record.fileName, *other));
        auto tx = workspace.db().begin();
        if (!tx)
            return fail(tx.error());
        auto withdrawn = HermesWithdrawal::record(workspace.db(), clock, record,
                                                  QStringLiteral("withdrawn: the staged Hermes file %1 disappeared "
                                                                 "before Sediment could claim it (decided outside "
                                                                 "Sediment)")
                                                      .arg(record.fileName));
        if (!withdrawn)
            return fail(withdrawn.error());
        if (auto c = tx->commit(); !c)
            return fail(c.error());
        return fail(Error::refused(QStringLiteral("inbox item %1 is withdrawn: its staged Hermes file %2 disappeared "
                                                  "before it could be claimed (Hermes or another program decided "
                                                  "it); nothing was written")
                                       .arg(inboxId)
                                       .arg(record.fileName)));
    }
    CrashPoint::reach("after-claim");
    return Taken(HermesClaim(path, claim));
}

Result<int> HermesClaim::recover(Workspace& workspace, const Clock& clock, const QString& actor)
{
    auto lock = DecisionJournal::tryLock(workspace.db());
    if (!lock)
        return fail(lock.error());
    if (!*lock)
        return 0; // a decision is under way: its claim is live
    const QString ours = suffixOf(workspace);
    HermesSettler settler(workspace, clock);
    HermesRepository repo(workspace.db());
    int recovered = 0;
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(workspace.root())) {
        for (const QString& subsystem : PendingQueue::subsystems()) {
            const QString folder = settler.pendingFolder(profile.name, subsystem);
            const QStringList left =
                QDir(folder).entryList({QStringLiteral("*") + ours}, QDir::Files | QDir::Hidden | QDir::System);
            for (const QString& name : left) {
                const QString fileName = name.chopped(ours.size());
                const QString claim = folder + QLatin1Char('/') + name;
                auto bytes = AtomicFile::read(claim);
                if (!bytes)
                    return fail(bytes.error());
                std::optional<HermesRepository::Record> record;
                if (auto staged = StagedWrite::parseIn(subsystem, *bytes, fileName)) {
                    auto known = repo.find(staged->id, profile.name);
                    if (!known)
                        return fail(known.error());
                    if (*known && (*known)->fileName == fileName)
                        record = **known;
                }
                if (record && HermesSettler::isDecided(record->inboxStatus)) {
                    // The decision was committed before the process died: the file is settled.
                    if (auto s = settler.settleRecord(*record, actor); !s)
                        return fail(s.error());
                    ++recovered;
                    continue;
                }
                // Undecided: nothing of it was written (the journal settled any half write
                // first), so the record goes back to Hermes as it was.
                HermesClaim back(folder + QLatin1Char('/') + fileName, claim);
                if (auto s = back.giveBack(); !s)
                    return fail(s.error());
                ++recovered;
            }
        }
    }
    return recovered;
}

} // namespace sediment
