#include "scars/ScarSuggester.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "review/ProposalSubmission.h"
#include "scars/Redactor.h"
#include "store/AuditRepository.h"
#include "store/ScarRepository.h"
#include "util/ShellCommand.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

// The proposer's stdout: one object, an array, or JSON Lines.
Result<std::vector<Json>> parseProposals(const QByteArray& out)
{
    std::vector<Json> items;
    const QByteArray trimmed = out.trimmed();
    if (trimmed.isEmpty())
        return items;
    Json whole = Json::parse(trimmed.constData(), trimmed.constData() + trimmed.size(), nullptr, false);
    if (!whole.is_discarded()) {
        if (whole.is_array())
            items.assign(whole.begin(), whole.end());
        else
            items.push_back(whole);
    } else {
        for (const QByteArray& line : trimmed.split('\n')) {
            const QByteArray l = line.trimmed();
            if (l.isEmpty())
                continue;
            Json j = Json::parse(l.constData(), l.constData() + l.size(), nullptr, false);
            if (j.is_discarded())
                return fail(Error::invalid(QStringLiteral("proposer command printed malformed JSON")));
            items.push_back(j);
        }
    }
    for (const Json& j : items)
        if (!j.is_object())
            return fail(Error::invalid(QStringLiteral("proposer command printed a non-object proposal")));
    return items;
}

} // namespace

Json ScarSuggester::Suggestion::toJson() const
{
    return Json{{"scar", scarId}, {"inbox_id", orNull(inboxId)}, {"status", toStd(status)}};
}

Json ScarSuggester::Outcome::toJson() const
{
    return Json{{"suggested", json::arrayOf(suggestions, &Suggestion::toJson)},
                {"count", suggestions.size()},
                {"redacted", redacted}};
}

Json ScarSuggester::templateProposal(const Scar& s)
{
    const QString lesson = s.lesson.trimmed().isEmpty() ? s.title : s.lesson;
    return Json{{"destination", toStd(toString(Destination::Memory))},
                {"op", {{"action", "add"}, {"content", toStd(lesson)}}},
                {"rationale", toStd(QStringLiteral("lesson of %1 scar #%2 \"%3\" (importance %4/10)")
                                        .arg(s.kind)
                                        .arg(s.id)
                                        .arg(s.title)
                                        .arg(s.importance))},
                {"score", s.importance / 10.0},
                {"source", {{"agent", "scars"}, {"scar", s.id}}}};
}

Result<std::vector<Json>> ScarSuggester::draft(const Scar& scar, int& redacted) const
{
    if (m_command.isEmpty())
        return std::vector<Json>{templateProposal(scar)};
    Redactor::Result found;
    Json scarJson = Json{{"id", scar.id},
                         {"kind", toStd(scar.kind)},
                         {"title", toStd(scar.title)},
                         {"context", toStd(scar.context)},
                         {"lesson", toStd(scar.lesson)},
                         {"importance", scar.importance},
                         {"scope", toStd(scar.scope)}};
    scarJson = Redactor::redactJson(scarJson, found);
    const QString summary =
        QStringLiteral("%1: %2\n%3\nLesson: %4")
            .arg(fromStd(scarJson["kind"].get<std::string>()), fromStd(scarJson["title"].get<std::string>()),
                 fromStd(scarJson["context"].get<std::string>()), fromStd(scarJson["lesson"].get<std::string>()));
    const Json request{{"summary", toStd(summary)}, {"scar", scarJson}};
    redacted += found.total();

    const ShellCommand proposer{QStringLiteral("proposer command"), m_command, m_workspace.root(), m_timeoutMs};
    auto ran =
        proposer.run(QByteArray::fromStdString(json::pythonDump(request)), QStringLiteral("scar %1").arg(scar.id));
    if (!ran)
        return fail(ran.error());
    auto proposals = parseProposals(*ran);
    if (!proposals)
        return fail(proposals.error());
    // Defence in depth: the model may echo or invent personal data.
    Redactor::Result back;
    for (Json& proposal : *proposals) {
        proposal = Redactor::redactJson(proposal, back);
        Json source =
            proposal.contains("source") && proposal["source"].is_object() ? proposal["source"] : Json::object();
        source["agent"] = "scars";
        source["scar"] = scar.id;
        proposal["source"] = source;
    }
    redacted += back.total();
    return proposals;
}

Result<ScarSuggester::Suggestion> ScarSuggester::suggestOne(const Scar& scar, int& redacted)
{
    Suggestion s;
    s.scarId = scar.id;
    if (scar.suggestionId)
        return fail(Error::refused(
            QStringLiteral("scar %1 already has a suggestion (inbox item %2)").arg(scar.id).arg(*scar.suggestionId)));
    auto proposals = draft(scar, redacted);
    if (!proposals)
        return fail(proposals.error());
    if (proposals->empty()) {
        s.status = QStringLiteral("nothing proposed");
        return s; // the scar stays eligible
    }
    auto result = ProposalSubmission(m_workspace, m_clock).submit(*proposals);
    if (!result)
        return fail(Error{result.error().kind, QStringLiteral("scar %1: %2").arg(scar.id).arg(result.error().message)});
    const std::pair<const std::vector<OutcomeItem>*, InboxStatus> lists[] = {
        {&result->pending, InboxStatus::Pending},
        {&result->applied, InboxStatus::Applied},
        {&result->failed, InboxStatus::Failed},
        {&result->rejected, InboxStatus::Rejected}};
    for (const auto& [items, status] : lists) {
        if (!s.inboxId && !items->empty() && items->front().inboxId > 0) {
            s.inboxId = items->front().inboxId;
            s.status = toString(status);
        }
    }
    if (!s.inboxId)
        return fail(Error::io(QStringLiteral("scar %1: the intake queued nothing").arg(scar.id)));
    Database& db = m_workspace.db();
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    if (auto r = ScarRepository(db).setSuggestion(scar.id, *s.inboxId); !r)
        return fail(r.error());
    AuditEntry e = AuditRow::of(m_actor, AuditAction::ScarSuggest, AuditSubject::Scar, QString::number(scar.id));
    e.after = QString::number(*s.inboxId);
    e.details = Json{{"inbox_id", *s.inboxId},
                     {"proposer", m_command.isEmpty() ? "template" : "command"},
                     {"status", toStd(s.status)}};
    if (auto a = AuditRepository(db, m_clock).append(e); !a)
        return fail(a.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return s;
}

Result<ScarSuggester::Outcome> ScarSuggester::suggest(int limit)
{
    if (limit < 1)
        return fail(Error::invalid(QStringLiteral("--limit must be at least 1")));
    auto waiting = ScarRepository(m_workspace.db()).awaitingSuggestion(limit);
    if (!waiting)
        return fail(waiting.error());
    Outcome out;
    for (const Scar& scar : *waiting) {
        auto s = suggestOne(scar, out.redacted);
        if (!s)
            return fail(s.error());
        if (s->inboxId)
            out.suggestions.push_back(*s);
    }
    return out;
}

} // namespace sediment
