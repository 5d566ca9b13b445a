#include "journal/JournalWriteHook.h"

#include "journal/DecisionJournal.h"
#include "journal/JournalSettler.h"
#include "skills/SkillBatchUndo.h"

#include <QDir>

namespace sediment {

JournalWriteHook::JournalWriteHook(Database& db, const Clock& clock, QString root, JournalEntry entry)
    : m_db(db)
    , m_clock(clock)
    , m_root(std::move(root))
    , m_entry(std::move(entry))
{}

namespace {

// An item records a workspace file by its path in the workspace, and a file outside it (Claude
// Code's) by its absolute path, as its applier does.
QString recordedPath(const QString& root, const QString& absolutePath)
{
    const QString relative = QDir(root).relativeFilePath(absolutePath);
    return relative.startsWith(QLatin1String("../")) ? absolutePath : relative;
}

} // namespace

Status JournalWriteHook::beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                                     const std::optional<QByteArray>& next)
{
    // One decision, one file: a second write could not be settled from one row.
    if (announced())
        return fail(Error::io(QStringLiteral("a decision may write one file; %1 is a second one").arg(absolutePath)));
    m_entry.targetPath = absolutePath;
    m_entry.expected = current;
    m_entry.written = next;
    if (m_entry.outcome.contains("item") && !m_entry.outcome["item"].contains("target_path"))
        m_entry.outcome["item"]["target_path"] = toStd(recordedPath(m_root, absolutePath));
    // A skill batch's marker stands for several files: the item records no single write to revert.
    if (m_entry.outcome.contains("item") && SkillBatchUndo::isMarker(absolutePath))
        m_entry.outcome["item"]["keep_contents"] = true;
    auto id = DecisionJournal(m_db, m_clock).announce(m_entry);
    if (!id) {
        if (id.error().kind == ErrorKind::Refused)
            m_lostTo = id.error();
        return fail(id.error());
    }
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    m_tx.emplace(std::move(*tx));
    return {};
}

Error JournalWriteHook::writeFailed(const Error& why)
{
    if (!announced())
        return why;
    m_tx.reset();
    (void)JournalSettler(m_db, m_clock).settleFailedWrite(m_entry, why.message);
    return why;
}

} // namespace sediment
