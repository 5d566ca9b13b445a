#include "journal/JournalOutcome.h"

#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"

namespace sediment {

namespace {

std::optional<QString> optionalText(const Json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string())
        return std::nullopt;
    return fromStd(it->get<std::string>());
}

QString text(const Json& j, const char* key) { return optionalText(j, key).value_or(QString()); }

std::optional<QString> asText(const std::optional<QByteArray>& bytes)
{
    if (!bytes)
        return std::nullopt;
    return QString::fromUtf8(*bytes);
}

} // namespace

JournalOutcome::JournalOutcome(Database& db, const Clock& clock) : m_inbox(db), m_audit(db, clock), m_journal(db) {}

Status JournalOutcome::decideItem(qint64 id, const JournalEntry& entry, const Json& decided, bool recovered)
{
    auto found = m_inbox.existing(id);
    if (!found)
        return fail(found.error());
    InboxItem& item = *found;
    item.status = text(decided, "status");
    item.reason = recovered ? std::optional<QString>(
                      QStringLiteral("recovered: %1 holds the decision's bytes").arg(text(decided, "target_path")))
                            : optionalText(decided, "reason");
    if (const auto it = decided.find("final_op"); it != decided.end() && !it->is_null())
        item.finalOp = *it;
    item.stale = false;
    // A revert keeps the bytes of the write it undid, as an undone decision's record.
    if (!decided.value("keep_contents", false)) {
        item.targetPath = optionalText(decided, "target_path");
        item.beforeContent = asText(entry.expected);
        item.afterContent = asText(entry.written);
    }
    item.decidedAt = optionalText(decided, "decided_at");
    item.decidedBy = optionalText(decided, "decided_by");
    return m_inbox.saveDecision(item);
}

Json JournalOutcome::auditToJson(const AuditEntry& e)
{
    return Json{
        {"actor", toStd(e.actor)},          {"action", toStd(e.action)},  {"subject_type", toStd(e.subjectType)},
        {"subject_id", toStd(e.subjectId)}, {"reason", orNull(e.reason)}, {"before", orNull(e.before)},
        {"after", orNull(e.after)},         {"details", e.details}};
}

AuditEntry JournalOutcome::auditFromJson(const Json& j)
{
    AuditEntry e;
    e.actor = text(j, "actor");
    e.action = text(j, "action");
    e.subjectType = text(j, "subject_type");
    e.subjectId = text(j, "subject_id");
    e.reason = optionalText(j, "reason");
    e.before = optionalText(j, "before");
    e.after = optionalText(j, "after");
    if (const auto it = j.find("details"); it != j.end() && it->is_object())
        e.details = *it;
    return e;
}

Status JournalOutcome::appendAudit(const Json& audit, bool recovered)
{
    AuditEntry e = auditFromJson(audit);
    if (recovered) {
        e.reason = QStringLiteral("recovered");
        e.details["journal"] = "recovered";
    }
    if (auto a = m_audit.append(std::move(e)); !a)
        return fail(a.error());
    return {};
}

Status JournalOutcome::commit(const JournalEntry& entry, bool recovered)
{
    if (entry.itemId) {
        if (auto s = decideItem(*entry.itemId, entry, entry.outcome.value("item", Json::object()), recovered); !s)
            return s;
    }
    if (auto s = appendAudit(entry.outcome.value("audit", Json::object()), recovered); !s)
        return s;
    // A group decision's other items, each with its own audit row, in the same transaction.
    for (const Json& m : entry.outcome.value("members", Json::array())) {
        const Json item = m.value("item", Json::object());
        if (auto s = decideItem(item.value("id", qint64(0)), entry, item, recovered); !s)
            return s;
        if (auto s = appendAudit(m.value("audit", Json::object()), recovered); !s)
            return s;
    }
    return m_journal.remove(entry.id);
}

} // namespace sediment
