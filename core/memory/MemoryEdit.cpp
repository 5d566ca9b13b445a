#include "memory/MemoryEdit.h"

#include "memory/MemoryFile.h"
#include "memory/MemoryResponse.h"
#include "memory/ThreatScanner.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"

#include <QSet>

namespace sediment {

namespace {

QString stripped(const std::optional<QString>& s) { return s ? UnicodeText::strip(*s) : QString(); }

int joinedLength(const QStringList& entries) { return MemoryResponse::usage(entries); }

bool isAction(const MemoryOp& op, const char* name) { return op.action == QLatin1String(name); }

// The entry `oldText` selects: an entry equal to it wins outright, so a short entry stays
// addressable when a longer one contains it; otherwise the entries containing it. Several
// candidates with one text are one entry read twice (the first is taken); several distinct
// ones are ambiguous.
struct Match {
    std::optional<qsizetype> index;
    bool ambiguous = false;
};

Match findUnique(const QStringList& entries, const QString& oldText)
{
    QList<qsizetype> found;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (entries[i] == oldText)
            found << i;
    if (found.isEmpty())
        for (qsizetype i = 0; i < entries.size(); ++i)
            if (entries[i].contains(oldText))
                found << i;
    QSet<QString> texts;
    for (qsizetype i : found)
        texts.insert(entries[i]);
    if (texts.size() > 1)
        return {std::nullopt, true};
    if (found.isEmpty())
        return {};
    return {found.first(), false};
}

Json previews(const QStringList& entries, const QString& oldText)
{
    Json list = Json::array();
    for (const QString& e : entries) {
        if (!e.contains(oldText))
            continue;
        QString p = UnicodeText::left(e, 80);
        if (UnicodeText::length(e) > 80)
            p += QStringLiteral("...");
        list.push_back(toStd(p));
    }
    return list;
}

QString unknownAction(const QString& action)
{
    return QStringLiteral("Unknown action '%1'. Use: add, replace, remove").arg(action);
}

} // namespace

QString MemoryEdit::fileName(const QString& target)
{
    return isWord(target, Destination::User) ? QStringLiteral("USER.md") : QStringLiteral("MEMORY.md");
}

QString MemoryEdit::staleEntryMessage(const QString& entry)
{
    return QStringLiteral("Entry changed since it was staged, so this write was not applied: '%1' "
                          "is no longer in memory as reviewed. Recreate the change against the "
                          "current entry or reject it; the pending record has been preserved.")
        .arg(entry);
}

MemoryEdit::Outcome MemoryEdit::succeeded(const QStringList& entries, const QString& message, bool write,
                                          const Json& extra) const
{
    return {true, MemoryResponse::success(m_target, entries, m_limit, message, extra), entries, write};
}

MemoryEdit::Outcome MemoryEdit::failed(Json result, const QStringList& entries)
{
    return {false, std::move(result), entries, false};
}

bool MemoryEdit::lacksOldText(const MemoryOp& op)
{
    return (isAction(op, "replace") || isAction(op, "remove")) && !op.oldText;
}

Json MemoryEdit::missingOldText(const MemoryOp& op, const QStringList& entries) const
{
    const QString& a = op.action;
    const QString hint = isAction(op, "replace")
                             ? QStringLiteral(" For 'replace', content is the COMPLETE new entry -- the whole matched "
                                              "entry is overwritten, not just the old_text span.")
                             : QString();
    return MemoryResponse::failureWithEntries(
        QStringLiteral("'%1' needs old_text -- a short unique substring of the entry to %1. None "
                       "was provided. Reissue the %1 with old_text set to part of one of the "
                       "current_entries below.%2")
            .arg(a, hint),
        entries, m_limit);
}

std::optional<Json> MemoryEdit::precheck(const MemoryOp& op) const
{
    auto scan = [](const QString& text) -> std::optional<Json> {
        if (const auto finding = ThreatScanner::scan(text))
            return MemoryResponse::failure(finding->message);
        return std::nullopt;
    };
    if (isAction(op, "add")) {
        const QString content = stripped(op.content);
        if (content.isEmpty())
            return MemoryResponse::failure(QStringLiteral("Content cannot be empty."));
        return scan(content);
    }
    if (isAction(op, "replace")) {
        const QString content = stripped(op.content);
        if (stripped(op.oldText).isEmpty())
            return MemoryResponse::failure(QStringLiteral("old_text cannot be empty."));
        if (content.isEmpty())
            return MemoryResponse::failure(
                QStringLiteral("new_content cannot be empty. Use 'remove' to delete entries."));
        return scan(content);
    }
    if (isAction(op, "remove")) {
        if (stripped(op.oldText).isEmpty())
            return MemoryResponse::failure(QStringLiteral("old_text cannot be empty."));
        return std::nullopt;
    }
    if (isAction(op, "batch")) {
        if (op.operations.empty())
            return MemoryResponse::failure(QStringLiteral("operations list is empty."));
        // One poisoned operation refuses the whole batch before the file is touched. Hermes
        // scans the raw `content` only: text given as `new_text` is not looked at here.
        for (size_t i = 0; i < op.operations.size(); ++i) {
            const MemoryOp& sub = op.operations[i];
            const bool writes = isAction(sub, "add") || isAction(sub, "replace");
            if (!writes || !sub.content || sub.content->isEmpty() || sub.contentFromAlias)
                continue;
            if (const auto finding = ThreatScanner::scan(*sub.content))
                return MemoryResponse::failure(QStringLiteral("Operation %1: %2").arg(i + 1).arg(finding->message));
        }
        return std::nullopt;
    }
    return MemoryResponse::failure(unknownAction(op.action));
}

MemoryEdit::Outcome MemoryEdit::apply(const MemoryOp& op, const QStringList& entries) const
{
    if (lacksOldText(op))
        return failed(missingOldText(op, entries), entries);
    if (auto refusal = precheck(op))
        return failed(std::move(*refusal), entries);
    if (isAction(op, "add"))
        return add(stripped(op.content), entries);
    if (isAction(op, "batch"))
        return batch(op.operations, entries);
    return edit(op, entries);
}

MemoryEdit::Outcome MemoryEdit::add(const QString& content, const QStringList& entries) const
{
    if (entries.contains(content))
        return succeeded(entries, QStringLiteral("Entry already exists (no duplicate added)."), false);
    QStringList next = entries;
    next << content;
    if (joinedLength(next) > m_limit) {
        const QString error = QStringLiteral("Memory at %1 chars. Adding this entry (%2 chars) would exceed the "
                                             "limit. Consolidate now: use 'replace' to merge overlapping entries "
                                             "into shorter ones or 'remove' stale or less important entries (see "
                                             "current_entries below), then retry this add \u2014 all in this turn.")
                                  .arg(MemoryResponse::budgetText(joinedLength(entries), m_limit))
                                  .arg(UnicodeText::length(content));
        return failed(MemoryResponse::failureWithEntries(error, entries, m_limit), entries);
    }
    return succeeded(next, QStringLiteral("Entry added."), true);
}

std::variant<qsizetype, Json> MemoryEdit::locate(const QStringList& entries, const QString& oldText,
                                                 const QString& verb, const std::optional<QString>& matchedEntry) const
{
    if (matchedEntry) {
        // A staged write applies to the entry its reviewer saw, never to whatever else
        // old_text would find now.
        const qsizetype at = entries.indexOf(*matchedEntry);
        if (at < 0)
            return MemoryResponse::failure(staleEntryMessage(*matchedEntry));
        return at;
    }
    const Match m = findUnique(entries, oldText);
    if (m.ambiguous) {
        Json r =
            MemoryResponse::failure(QStringLiteral("Multiple entries matched '%1'. Be more specific.").arg(oldText));
        r["matches"] = previews(entries, oldText);
        return r;
    }
    if (!m.index) {
        Json r = MemoryResponse::failure(
            QStringLiteral("No entry matched '%1'. Check current_entries below and retry with the "
                           "exact text of the entry you want to %2.")
                .arg(oldText, verb));
        r["current_entries"] = MemoryResponse::toJsonArray(entries);
        return r;
    }
    return *m.index;
}

MemoryEdit::Outcome MemoryEdit::edit(const MemoryOp& op, const QStringList& entries) const
{
    const bool isReplace = isAction(op, "replace");
    const QString content = stripped(op.content);
    const auto found = locate(entries, stripped(op.oldText),
                              isReplace ? QStringLiteral("replace") : QStringLiteral("remove"), op.matchedEntry);
    if (const Json* refusal = std::get_if<Json>(&found))
        return failed(*refusal, entries);
    const qsizetype at = std::get<qsizetype>(found);
    QStringList next = entries;
    if (!isReplace) {
        next.removeAt(at);
        return succeeded(next, QStringLiteral("Entry removed."), true, Json{{"removed_entry", toStd(entries[at])}});
    }
    next[at] = content;
    const int total = joinedLength(next);
    if (total > m_limit)
        return failed(
            MemoryResponse::failureWithEntries(QStringLiteral("Replacement would put memory at %1 chars. Shorten the "
                                                              "new content, or 'remove' other stale or less important "
                                                              "entries to make room (see current_entries below), then "
                                                              "retry \u2014 all in this turn.")
                                                   .arg(MemoryResponse::budgetText(total, m_limit)),
                                               entries, m_limit),
            entries);
    return succeeded(next, QStringLiteral("Entry replaced."), true, Json{{"replaced_entry", toStd(entries[at])}});
}

MemoryEdit::Outcome MemoryEdit::batch(const std::vector<MemoryOp>& operations, const QStringList& entries) const
{
    // Errors report the live, uncommitted state: nothing of the batch was applied. The
    // entries are left out: the caller holds them, and echoing them grows every retry.
    auto abort = [&](const QString& message) {
        return failed(MemoryResponse::failureWithUsage(message
                                                           + QStringLiteral(" No operations were applied (batch is "
                                                                            "all-or-nothing)."),
                                                       entries, m_limit),
                      entries);
    };
    QStringList working = entries;
    Json replaced = Json::object();
    Json removed = Json::object();
    for (size_t i = 0; i < operations.size(); ++i) {
        const MemoryOp& op = operations[i];
        const QString content = stripped(op.content);
        const QString oldText = stripped(op.oldText);
        const QString pos = QStringLiteral("Operation %1 (%2)")
                                .arg(i + 1)
                                .arg(op.action.isEmpty() ? QStringLiteral("unknown") : op.action);
        if (isAction(op, "add")) {
            if (content.isEmpty())
                return abort(pos + QStringLiteral(": content is required."));
            if (!working.contains(content)) // a duplicate add is skipped, not an error
                working << content;
            continue;
        }
        if (!isAction(op, "replace") && !isAction(op, "remove"))
            return abort(pos + QStringLiteral(": unknown action. Use add, replace, or remove."));
        const bool isReplace = isAction(op, "replace");
        if (oldText.isEmpty())
            return abort(pos + QStringLiteral(": old_text is required."));
        if (isReplace && content.isEmpty())
            return abort(pos
                         + QStringLiteral(": content is required (use action='remove' to "
                                          "delete)."));
        qsizetype at = -1;
        if (op.matchedEntry) {
            at = working.indexOf(*op.matchedEntry);
            if (at < 0)
                return abort(pos + QStringLiteral(": ") + staleEntryMessage(*op.matchedEntry));
        } else {
            const Match m = findUnique(working, oldText);
            if (m.ambiguous)
                return abort(pos
                             + QStringLiteral(": '%1' matched multiple distinct entries -- be "
                                              "more specific.")
                                   .arg(oldText));
            if (!m.index)
                return abort(pos + QStringLiteral(": no entry matched '%1'.").arg(oldText));
            at = *m.index;
        }
        const std::string key = std::to_string(i + 1);
        (isReplace ? replaced : removed)[key] = toStd(working[at]);
        if (isReplace)
            working[at] = content;
        else
            working.removeAt(at);
    }
    if (!entries.isEmpty() && working.isEmpty())
        return abort(QStringLiteral("Refusing to empty %1: this batch would remove every entry "
                                    "from a previously non-empty store. Keep at least one entry "
                                    "\u2014 merge overlapping entries into a shorter one instead "
                                    "of removing the last one. To delete the final entry "
                                    "deliberately, use single remove() calls.")
                         .arg(fileName(m_target)));
    // The budget binds the final state only: a batch may free room before it adds.
    const int total = joinedLength(working);
    if (total > m_limit)
        return abort(QStringLiteral("After applying all %1 operations, memory would be at %2 "
                                    "chars -- over the limit. Remove or shorten more entries in "
                                    "the same batch, then retry.")
                         .arg(operations.size())
                         .arg(MemoryResponse::budgetText(total, m_limit)));
    Json extra = Json::object();
    if (!replaced.empty())
        extra["replaced_entries"] = std::move(replaced);
    if (!removed.empty())
        extra["removed_entries"] = std::move(removed);
    return succeeded(working, QStringLiteral("Applied %1 operation(s).").arg(operations.size()), true, extra);
}

} // namespace sediment
