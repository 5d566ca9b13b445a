#include "memory/MemoryStore.h"

#include "memory/MemoryEdit.h"
#include "memory/MemoryFile.h"
#include "memory/MemoryResponse.h"
#include "memory/UnicodeText.h"
#include "util/AtomicFile.h"
#include "util/FileLock.h"

#include <QFile>
#include <QFileInfo>

namespace sediment {

Json MemoryOp::toJson() const
{
    Json j = Json::object();
    j["action"] = us(action);
    if (action == QLatin1String("batch")) {
        Json ops = Json::array();
        for (const MemoryOp& op : operations)
            ops.push_back(op.toJson());
        j["operations"] = std::move(ops);
        return j;
    }
    j["content"] = content ? Json(us(*content)) : Json(nullptr);
    j["old_text"] = oldText ? Json(us(*oldText)) : Json(nullptr);
    return j;
}

MemoryStore::MemoryStore(QString target, QString filePath, int charLimit)
    : m_target(std::move(target))
    , m_filePath(std::move(filePath))
    , m_limit(charLimit)
{
}

int MemoryStore::usage(const QStringList& entries) { return MemoryResponse::usage(entries); }

QString MemoryStore::usageText(int current, int limit)
{
    return MemoryResponse::usageText(current, limit);
}

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
    return MemoryResponse::success(m_target, *list, m_limit);
}

Result<QString> MemoryStore::snapshot() const
{
    auto list = entries();
    if (!list)
        return fail(list.error());
    if (list->isEmpty())
        return QString();
    const QString rule(46, QChar(0x2550));
    const QString title = m_target == QLatin1String("user")
        ? QStringLiteral("USER PROFILE (who the user is)")
        : QStringLiteral("MEMORY (your personal notes)");
    const QString header = QStringLiteral("%1 [%2]").arg(title, usageText(usage(*list), m_limit));
    return rule + QLatin1Char('\n') + header + QLatin1Char('\n') + rule + QLatin1Char('\n')
        + MemoryFile::join(*list);
}

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op) const
{
    return apply(op, BeforeWrite());
}

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op, const BeforeWrite& beforeWrite) const
{
    return apply(op, beforeWrite, AfterReplace());
}

Result<MemoryOutcome> MemoryStore::apply(const MemoryOp& op, const BeforeWrite& beforeWrite,
                                         const AfterReplace& afterReplace) const
{
    const MemoryEdit edit(m_target, m_limit);
    MemoryOutcome outcome;
    // Refusals that need no file come first and touch nothing, as in Hermes.
    if (auto refusal = edit.precheck(op)) {
        outcome.result = std::move(*refusal);
        outcome.message = UnicodeText::fromUtf8(outcome.result.value("error", std::string()));
        return outcome;
    }

    auto lock = FileLock::acquire(m_filePath + QStringLiteral(".lock"));
    if (!lock)
        return fail(lock.error());
    // Re-read under the lock: another process (a Hermes agent, a second sediment) may have
    // written since anything we saw before.
    auto before = MemoryFile::readText(m_filePath);
    if (!before)
        return fail(before.error());
    outcome.fileBefore = *before;
    outcome.fileAfter = *before;

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
        // bytes back (readText kept any BOM, so they round-trip exactly), or the absence.
        Status back;
        if (existed)
            back = AtomicFile::write(m_filePath, outcome.fileBefore.toUtf8());
        else if (QFile::remove(m_filePath))
            AtomicFile::syncFolder(m_filePath);
        if (!back)
            return fail(Error::io(s.error().message
                                  + QStringLiteral("; %1 keeps the change: %2")
                                        .arg(m_filePath, back.error().message)));
        return fail(s.error());
    }
    AtomicFile::syncFolder(m_filePath);
    return outcome;
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
    if (*current != expected)
        return fail(Error::refused(QStringLiteral("target changed since; revert by hand")));
    MemoryOutcome outcome;
    outcome.success = true;
    outcome.fileBefore = *current;
    outcome.fileAfter = contents;
    outcome.changed = *current != contents;
    outcome.message = QStringLiteral("Memory restored.");
    outcome.result = MemoryResponse::success(m_target, MemoryFile::parseText(contents), m_limit,
                                             outcome.message);
    if (outcome.changed) {
        if (beforeWrite) {
            if (auto s = beforeWrite(outcome); !s)
                return fail(s.error());
        }
        if (auto s = AtomicFile::write(m_filePath, contents.toUtf8()); !s)
            return fail(s.error());
    }
    return outcome;
}

} // namespace sediment
