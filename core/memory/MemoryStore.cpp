#include "memory/MemoryStore.h"

#include "memory/MemoryEdit.h"
#include "memory/MemoryFile.h"
#include "memory/MemoryResponse.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"
#include "util/AtomicFile.h"
#include "util/FileLock.h"

#include "memory/ThreatScanner.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace sediment {

bool MemoryOp::isDestructive() const { return action == QLatin1String("replace") || action == QLatin1String("remove"); }

std::span<const MemoryOp> MemoryOp::steps() const
{
    if (action == QLatin1String("batch"))
        return operations;
    return {this, 1};
}

Json MemoryOp::toJson() const
{
    Json j = Json::object();
    j["action"] = toStd(action);
    if (action == QLatin1String("batch")) {
        Json ops = Json::array();
        for (const MemoryOp& op : operations)
            ops.push_back(op.toJson());
        j["operations"] = std::move(ops);
        return j;
    }
    j["content"] = orNull(content);
    j["old_text"] = orNull(oldText);
    if (matchedEntry)
        j["matched_entry"] = toStd(*matchedEntry);
    return j;
}

MemoryStore::MemoryStore(QString target, QString filePath, int charLimit)
    : m_target(std::move(target))
    , m_filePath(std::move(filePath))
    , m_limit(charLimit)
{}

int MemoryStore::usage(const QStringList& entries) { return MemoryResponse::usage(entries); }

QString MemoryStore::usageText(int current, int limit) { return MemoryResponse::usageText(current, limit); }

Result<QStringList> MemoryStore::entries() const
{
    // No lock for reading: writers replace the file by rename, so a reader sees the old or the
    // new contents whole.
    return MemoryFile::read(m_filePath);
}

Result<Json> MemoryStore::show() const
{
    auto list = entries();
    if (!list)
        return fail(list.error());
    return MemoryResponse::listing(m_target, *list, m_limit);
}

QString MemoryStore::snapshotEntry(const QString& entry, const QString& fileName)
{
    if (entry.isEmpty() || entry.startsWith(QLatin1String("[BLOCKED:")))
        return entry;
    const QStringList findings = ThreatScanner::findings(entry);
    if (findings.isEmpty())
        return entry;
    return QStringLiteral("[BLOCKED: %1 entry contained threat pattern(s): %2. Removed from system "
                          "prompt; use memory(action=remove) to delete the original.]")
        .arg(fileName, findings.join(QStringLiteral(", ")));
}

Result<QString> MemoryStore::snapshot() const
{
    auto list = entries();
    if (!list)
        return fail(list.error());
    if (list->isEmpty())
        return QString();
    // The agent's prompt gets the placeholder; the file keeps the entry so the human sees it.
    const QString fileName = QFileInfo(m_filePath).fileName();
    for (QString& entry : *list)
        entry = snapshotEntry(entry, fileName);
    const QString rule(46, QChar(0x2550));
    const QString title = isWord(m_target, Destination::User) ? QStringLiteral("USER PROFILE (who the user is)")
                                                              : QStringLiteral("MEMORY (your personal notes)");
    const QString header = QStringLiteral("%1 [%2]").arg(title, usageText(usage(*list), m_limit));
    return rule + QLatin1Char('\n') + header + QLatin1Char('\n') + rule + QLatin1Char('\n') + MemoryFile::join(*list);
}

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op) const { return apply(op, BeforeWrite()); }

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op, const BeforeWrite& beforeWrite) const
{
    return apply(op, beforeWrite, AfterReplace());
}

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op, const BeforeWrite& beforeWrite,
                                         const AfterReplace& afterReplace) const
{
    const MemoryEdit edit(m_target, m_limit);
    MemoryOutcome outcome;
    auto refuse = [&outcome](Json result) -> Result<MemoryOutcome> {
        outcome.result = std::move(result);
        outcome.message = UnicodeText::fromUtf8(outcome.result.value("error", std::string()));
        return outcome;
    };
    // A replace or remove that names no entry is answered with the entries as they were read
    // when the tool was called (no lock: nothing is written); an unreadable file lists none.
    if (MemoryEdit::lacksOldText(op)) {
        auto known = MemoryFile::read(m_filePath);
        return refuse(edit.missingOldText(op, known ? *known : QStringList()));
    }
    // Refusals that need no file come first and touch nothing, as in Hermes.
    if (auto refusal = edit.precheck(op))
        return refuse(std::move(*refusal));

    auto lock = FileLock::acquire(m_filePath + QStringLiteral(".lock"));
    if (!lock)
        return fail(lock.error());
    // Re-read under the lock: another process (a Hermes agent, a second sediment) may have
    // written since anything we saw before. A file that exists but cannot be read is never
    // taken for an empty one: saving from that view would wipe it.
    const auto rawBefore = AtomicFile::read(m_filePath, true);
    const auto before = rawBefore ? MemoryFile::decode(*rawBefore) : std::nullopt;
    if (!before)
        return refuse(MemoryResponse::failure(readFailedMessage()));
    outcome.fileBefore = *before;
    outcome.fileAfter = *before;
    // An add only appends, so it cannot clobber foreign content; every other write rewrites
    // entries in place and refuses a file it could not write back faithfully.
    if (op.action != QLatin1String("add") && MemoryFile::hasDrifted(*before, m_limit))
        return refuse(driftRefusal(*before));

    const MemoryEdit::Outcome done = edit.apply(op, MemoryFile::parseText(*before));
    outcome.success = done.success;
    outcome.result = done.result;
    outcome.message = UnicodeText::fromUtf8(done.result.value(done.success ? "message" : "error", std::string()));
    if (!done.write)
        return outcome;

    outcome.fileAfter = MemoryFile::join(done.entries);
    outcome.changed = true;
    if (beforeWrite) {
        if (auto s = beforeWrite(outcome); !s)
            return fail(s.error());
    }
    if (!afterReplace) {
        if (auto s = AtomicFile::write(m_filePath, outcome.fileAfter.toUtf8()); !s)
            return fail(s.error());
        return outcome;
    }
    const bool existed = QFileInfo::exists(m_filePath);
    if (auto s = AtomicFile::replace(m_filePath, outcome.fileAfter.toUtf8()); !s)
        return fail(s.error());
    if (auto s = afterReplace(); !s) {
        // Still under the lock, so no other writer has built on the new contents: put the old
        // bytes back exactly as they were read, or the absence.
        Status back;
        if (existed)
            back = AtomicFile::write(m_filePath, *rawBefore);
        else if (QFile::remove(m_filePath))
            AtomicFile::syncFolder(m_filePath);
        if (!back)
            return fail(Error::io(s.error().message
                                  + QStringLiteral("; %1 keeps the change: %2").arg(m_filePath, back.error().message)));
        return fail(s.error());
    }
    AtomicFile::syncFolder(m_filePath);
    return outcome;
}

QString MemoryStore::readFailedMessage() const
{
    return QStringLiteral("Refusing to write %1: the file exists on disk but could not be read "
                          "right now (temporarily locked by another program, a permission "
                          "change, invalid/corrupt text encoding, or a filesystem error). Treating "
                          "an unreadable file as empty and saving would wipe existing memory, so "
                          "the write is refused. Nothing was changed \u2014 retry in a moment.")
        .arg(QFileInfo(m_filePath).fileName());
}

Json MemoryStore::driftRefusal(const QString& text) const
{
    // The snapshot keeps what a rewrite would lose; Hermes names it after the second it was
    // taken and overwrites one taken in the same second.
    QString backup = QStringLiteral("%1.bak.%2").arg(m_filePath, QString::number(QDateTime::currentSecsSinceEpoch()));
    QFile file(backup);
    const QByteArray bytes = text.toUtf8();
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        backup += QStringLiteral(" (BACKUP FAILED \u2014 file unchanged on disk)");
    file.close();
    Json r = MemoryResponse::failure(
        QStringLiteral("Refusing to write %1: file on disk has content that wouldn't round-trip "
                       "through the memory tool (likely added by the patch tool, a shell append, "
                       "a manual edit, or a concurrent session). A snapshot was saved to %2. "
                       "Resolve the drift first \u2014 either rewrite the file as a clean "
                       "\u00A7-delimited list of entries, or move the extra content out \u2014 "
                       "then retry. This guard exists to prevent silent data loss (issue "
                       "#26045).")
            .arg(QFileInfo(m_filePath).fileName(), backup));
    r["drift_backup"] = toStd(backup);
    r["remediation"] = "Open the .bak file, integrate the missing entries into the memory tool "
                       "one at a time via memory(action=add, content=...), then remove or rewrite "
                       "the original file to a clean state.";
    return r;
}

Result<MemoryOutcome> MemoryStore::restore(const QString& expected, const QString& contents,
                                           const BeforeWrite& beforeWrite) const
{
    auto lock = FileLock::acquire(m_filePath + QStringLiteral(".lock"));
    if (!lock)
        return fail(lock.error());
    auto current = MemoryFile::readText(m_filePath);
    if (!current)
        return fail(current.error());
    QString next = contents;
    if (*current != expected) {
        auto undone = undoneOn(*current, expected, contents);
        if (!undone)
            return fail(undone.error());
        next = *undone;
    }
    MemoryOutcome outcome;
    outcome.success = true;
    outcome.fileBefore = *current;
    outcome.fileAfter = next;
    outcome.changed = *current != next;
    outcome.message = QStringLiteral("Memory restored.");
    outcome.result = MemoryResponse::success(m_target, MemoryFile::parseText(next), m_limit, outcome.message);
    if (outcome.changed) {
        if (beforeWrite) {
            if (auto s = beforeWrite(outcome); !s)
                return fail(s.error());
        }
        if (auto s = AtomicFile::write(m_filePath, next.toUtf8()); !s)
            return fail(s.error());
    }
    return outcome;
}

Result<QString> MemoryStore::undoneOn(const QString& current, const QString& after, const QString& before) const
{
    const auto changed = [] { return fail(Error::refused(QStringLiteral("target changed since; revert by hand"))); };
    QStringList now = MemoryFile::parseText(current);
    if (MemoryFile::join(now) != current)
        return changed(); // a file the entries do not say whole (drift): nothing to edit it by
    const int was = usage(now);
    // The item's own change: the entries it added and those it took away, in their order.
    QStringList added = MemoryFile::parseText(after);
    QStringList removed = MemoryFile::parseText(before);
    for (qsizetype i = 0; i < added.size();) {
        if (const qsizetype j = removed.indexOf(added[i]); j >= 0) {
            removed.removeAt(j);
            added.removeAt(i);
        } else {
            ++i;
        }
    }
    // Undone on the entries as they are now: each one it added must still be there word for word;
    // it gives way to the entry it replaced, or goes; what it removed and nothing replaced comes
    // back at the end. Every other entry, changed since or not, stays as it is.
    std::vector<qsizetype> places;
    for (const QString& entry : added) {
        qsizetype at = -1;
        for (qsizetype k = 0; k < now.size() && at < 0; ++k)
            if (now[k] == entry && std::ranges::find(places, k) == places.end())
                at = k;
        if (at < 0)
            return changed();
        places.push_back(at);
    }
    std::vector<qsizetype> gone;
    for (std::size_t i = 0; i < places.size(); ++i) {
        if (qsizetype(i) < removed.size())
            now[places[i]] = removed[qsizetype(i)];
        else
            gone.push_back(places[i]);
    }
    std::ranges::sort(gone, std::greater<>());
    for (const qsizetype k : gone)
        now.removeAt(k);
    for (qsizetype i = qsizetype(places.size()); i < removed.size(); ++i)
        now << removed[i];
    const int grown = usage(now);
    if (grown > m_limit && grown > was)
        return fail(Error::refused(QStringLiteral("target changed since and undoing the item would take it over its "
                                                  "limit (%1/%2 chars); revert by hand")
                                       .arg(grown)
                                       .arg(m_limit)));
    return MemoryFile::join(now);
}

} // namespace sediment
