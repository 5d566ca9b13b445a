#include "memory/MemoryEdit.h"

#include "memory/MemoryFile.h"
#include "memory/MemoryResponse.h"
#include "memory/ThreatScanner.h"
#include "memory/UnicodeText.h"

#include <QSet>

namespace sediment {

namespace {

QString stripped(const std::optional<QString>& s) { return s ? UnicodeText::strip(*s) : QString(); }

int joinedLength(const QStringList& entries) { return MemoryResponse::usage(entries); }

// Indices of the entries containing `needle` (case-sensitive substring).
QList<qsizetype> matching(const QStringList& entries, const QString& needle)
{
    QList<qsizetype> found;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (entries[i].contains(needle))
            found << i;
    return found;
}

bool distinctTexts(const QStringList& entries, const QList<qsizetype>& indices)
{
    QSet<QString> texts;
    for (qsizetype i : indices)
        texts.insert(entries[i]);
    return texts.size() > 1;
}

Json previews(const QStringList& entries, const QList<qsizetype>& indices)
{
    Json list = Json::array();
    for (qsizetype i : indices) {
        const QString& e = entries[i];
        QString p = UnicodeText::left(e, 80);
        if (UnicodeText::length(e) > 80)
            p += QStringLiteral("...");
        list.push_back(us(p));
    }
    return list;
}

QString unknownAction(const QString& action)
{
    return QStringLiteral("Unknown action '%1'. Use: add, replace, remove").arg(action);
}

} // namespace

MemoryEdit::Outcome MemoryEdit::succeeded(const QStringList& entries, const QString& message,
                                          bool write) const
{
    return {true, MemoryResponse::success(m_target, entries, m_limit, message), entries, write};
}

MemoryEdit::Outcome MemoryEdit::failed(Json result, const QStringList& entries)
{
    return {false, std::move(result), entries, false};
}

std::optional<Json> MemoryEdit::precheck(const MemoryOp& op) const
{
    auto scan = [](const QString& text) -> std::optional<Json> {
        if (const auto finding = ThreatScanner::scan(text))
            return MemoryResponse::failure(finding->message);
        return std::nullopt;
    };
    if (op.action == QLatin1String("add")) {
        const QString content = stripped(op.content);
        if (content.isEmpty())
            return MemoryResponse::failure(QStringLiteral("Content cannot be empty."));
        return scan(content);
    }
    if (op.action == QLatin1String("replace")) {
        const QString oldText = stripped(op.oldText);
        const QString content = stripped(op.content);
        if (oldText.isEmpty())
            return MemoryResponse::failure(QStringLiteral("old_text cannot be empty."));
        if (content.isEmpty())
            return MemoryResponse::failure(
                QStringLiteral("new_content cannot be empty. Use 'remove' to delete entries."));
        return scan(content);
    }
    if (op.action == QLatin1String("remove")) {
        if (stripped(op.oldText).isEmpty())
            return MemoryResponse::failure(QStringLiteral("old_text cannot be empty."));
        return std::nullopt;
    }
    if (op.action == QLatin1String("batch")) {
        if (op.operations.empty())
            return MemoryResponse::failure(QStringLiteral("operations list is empty."));
        // One poisoned operation refuses the whole batch before the file is touched.
        for (size_t i = 0; i < op.operations.size(); ++i) {
            const MemoryOp& sub = op.operations[i];
            const bool writes = sub.action == QLatin1String("add")
                || sub.action == QLatin1String("replace");
            if (!writes || !sub.content || sub.content->isEmpty())
                continue;
            if (const auto finding = ThreatScanner::scan(*sub.content))
                return MemoryResponse::failure(
                    QStringLiteral("Operation %1: %2").arg(i + 1).arg(finding->message));
        }
        return std::nullopt;
    }
    return MemoryResponse::failure(unknownAction(op.action));
}

MemoryEdit::Outcome MemoryEdit::apply(const MemoryOp& op, const QStringList& entries) const
{
    if (auto refusal = precheck(op))
        return failed(std::move(*refusal), entries);
    if (op.action == QLatin1String("add"))
        return add(stripped(op.content), entries);
    if (op.action == QLatin1String("replace"))
        return replace(stripped(op.oldText), stripped(op.content), entries);
    if (op.action == QLatin1String("remove"))
        return remove(stripped(op.oldText), entries);
    return batch(op.operations, entries);
}

MemoryEdit::Outcome MemoryEdit::add(const QString& content, const QStringList& entries) const
{
    if (entries.contains(content))
        return succeeded(entries, QStringLiteral("Entry already exists (no duplicate added)."),
                         false);
    QStringList next = entries;
    next << content;
    if (joinedLength(next) > m_limit) {
        const int current = joinedLength(entries);
        const QString error =
            QStringLiteral("Memory at %1 chars. Adding this entry (%2 chars) would exceed the "
                           "limit. Replace or remove existing entries first.")
                .arg(MemoryResponse::budgetText(current, m_limit))
                .arg(UnicodeText::length(content));
        return failed(MemoryResponse::failureWithEntries(error, entries, m_limit), entries);
    }
    return succeeded(next, QStringLiteral("Entry added."), true);
}

MemoryEdit::Outcome MemoryEdit::replace(const QString& oldText, const QString& content,
                                        const QStringList& entries) const
{
    const auto found = matching(entries, oldText);
    if (found.isEmpty())
        return failed(MemoryResponse::failure(
                          QStringLiteral("No entry matched '%1'.").arg(oldText)),
                      entries);
    if (found.size() > 1 && distinctTexts(entries, found)) {
        Json r = MemoryResponse::failure(
            QStringLiteral("Multiple entries matched '%1'. Be more specific.").arg(oldText));
        r["matches"] = previews(entries, found);
        return failed(std::move(r), entries);
    }
    // Several identical matches are one entry read twice: replacing the first is safe.
    QStringList next = entries;
    next[found.first()] = content;
    const int total = joinedLength(next);
    if (total > m_limit)
        return failed(MemoryResponse::failure(
                          QStringLiteral("Replacement would put memory at %1 chars. Shorten the "
                                         "new content or remove other entries first.")
                              .arg(MemoryResponse::budgetText(total, m_limit))),
                      entries);
    return succeeded(next, QStringLiteral("Entry replaced."), true);
}

MemoryEdit::Outcome MemoryEdit::remove(const QString& oldText, const QStringList& entries) const
{
    const auto found = matching(entries, oldText);
    if (found.isEmpty())
        return failed(MemoryResponse::failure(
                          QStringLiteral("No entry matched '%1'.").arg(oldText)),
                      entries);
    if (found.size() > 1 && distinctTexts(entries, found)) {
        Json r = MemoryResponse::failure(
            QStringLiteral("Multiple entries matched '%1'. Be more specific.").arg(oldText));
        r["matches"] = previews(entries, found);
        return failed(std::move(r), entries);
    }
    QStringList next = entries;
    next.removeAt(found.first());
    return succeeded(next, QStringLiteral("Entry removed."), true);
}

MemoryEdit::Outcome MemoryEdit::batch(const std::vector<MemoryOp>& operations,
                                      const QStringList& entries) const
{
    // Errors report the live, uncommitted state: nothing of the batch was applied.
    auto abort = [&](const QString& message) {
        return failed(MemoryResponse::failureWithEntries(
                          message
                              + QStringLiteral(" No operations were applied (batch is "
                                               "all-or-nothing)."),
                          entries, m_limit),
                      entries);
    };
    QStringList working = entries;
    for (size_t i = 0; i < operations.size(); ++i) {
        const MemoryOp& op = operations[i];
        const QString content = stripped(op.content);
        const QString oldText = stripped(op.oldText);
        const QString pos = QStringLiteral("Operation %1 (%2)")
                                .arg(i + 1)
                                .arg(op.action.isEmpty() ? QStringLiteral("unknown") : op.action);
        if (op.action == QLatin1String("add")) {
            if (content.isEmpty())
                return abort(pos + QStringLiteral(": content is required."));
            if (!working.contains(content)) // a duplicate add is skipped, not an error
                working << content;
        } else if (op.action == QLatin1String("replace") || op.action == QLatin1String("remove")) {
            const bool isReplace = op.action == QLatin1String("replace");
            if (oldText.isEmpty())
                return abort(pos + QStringLiteral(": old_text is required."));
            if (isReplace && content.isEmpty())
                return abort(pos
                             + QStringLiteral(": content is required (use action='remove' to "
                                              "delete)."));
            const auto found = matching(working, oldText);
            if (found.isEmpty())
                return abort(pos + QStringLiteral(": no entry matched '%1'.").arg(oldText));
            if (distinctTexts(working, found))
                return abort(pos
                             + QStringLiteral(": '%1' matched multiple distinct entries -- be "
                                              "more specific.")
                                   .arg(oldText));
            if (isReplace)
                working[found.first()] = content;
            else
                working.removeAt(found.first());
        } else {
            return abort(pos + QStringLiteral(": unknown action. Use add, replace, or remove."));
        }
    }
    // The budget binds the final state only: a batch may free room before it adds.
    const int total = joinedLength(working);
    if (total > m_limit)
        return failed(
            MemoryResponse::failureWithEntries(
                QStringLiteral("After applying all %1 operations, memory would be at %2 chars -- "
                               "over the limit. Remove or shorten more entries in the same batch "
                               "(see current_entries below), then retry.")
                    .arg(operations.size())
                    .arg(MemoryResponse::budgetText(total, m_limit)),
                entries, m_limit),
            entries);
    return succeeded(working,
                     QStringLiteral("Applied %1 operation(s).").arg(operations.size()), true);
}

} // namespace sediment
