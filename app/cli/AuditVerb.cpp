#include "audit/AuditAction.h"
#include "audit/AuditSubject.h"
#include "cli/Context.h"
#include "cli/Verb.h"

#include "store/AuditReadModel.h"
#include "store/AuditRepository.h"
#include "store/Database.h"

#include <QRegularExpression>

#include <algorithm>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment audit [--subject S] [--json]\n"
                   "       sediment audit --verify [--json]\n\n"
                   "Lists the append-only audit log, oldest first; S is a subject type (inbox_item,\n"
                   "skill, scar, decision, memory, ...) or type:id. --json prints an array of rows with seq,\n"
                   "at, actor, action, subject_type, subject_id, reason, before, after, details and hash.\n"
                   "See docs/user-guide.md#audit.\n\n"
                   "--verify recomputes the hash chain and names the first broken row.\n\n"
                   "Exit codes: 0 done (chain intact), 1 the chain is broken, 2 bad usage, 3 I/O.\n");

Json rowJson(const AuditEntry& e)
{
    Json j = e.toJson();
    j.erase("prev_hash");
    return j;
}

// The subject types an audit row can name: those Sediment writes, and any other the log holds
// (a newer version's), so a mistyped type is refused instead of listing nothing.
Result<QStringList> subjectTypes(Database& db)
{
    auto logged = AuditReadModel(db).subjectTypes();
    if (!logged)
        return fail(logged.error());
    QStringList types = wordTexts<AuditSubject>();
    types += *logged;
    types.removeDuplicates();
    types.sort();
    return types;
}

// Whether `ranges` (a pass row's [[first, last], ...]) holds `id`.
bool holds(const Json& ranges, qint64 id)
{
    if (!ranges.is_array())
        return false;
    return std::ranges::any_of(ranges, [id](const Json& r) {
        return r.is_array() && r.size() == 2 && r[0].is_number_integer() && r[1].is_number_integer()
               && r[0].get<qint64>() <= id && id <= r[1].get<qint64>();
    });
}

// The rows `q` names. An inbox item's own history also holds the pass that queued or reinforced
// it: a gate pass writes one row for all it queued, named by the range of their ids.
Result<std::vector<AuditEntry>> itemHistory(AuditRepository& audit, const AuditRepository::Query& q)
{
    auto rows = audit.list(q);
    bool isNumber = false;
    const qint64 id = q.subjectId.toLongLong(&isNumber);
    if (!rows || q.subjectType != toString(AuditSubject::InboxItem) || !isNumber)
        return rows;
    for (const auto& [action, key] : {std::pair{AuditAction::ProposalQueued, "queued_ids"},
                                      std::pair{AuditAction::ProposalReinforced, "reinforced_ids"}}) {
        AuditRepository::Query passes = q;
        passes.subjectId.clear();
        passes.action = toString(action);
        auto found = audit.list(passes);
        if (!found)
            return fail(found.error());
        for (AuditEntry& e : *found)
            if (e.subjectId != q.subjectId && e.details.is_object() && holds(e.details.value(key, Json()), id))
                rows->push_back(std::move(e));
    }
    std::ranges::sort(*rows, {}, &AuditEntry::seq);
    const auto [first, last] = std::ranges::unique(*rows, {}, &AuditEntry::seq);
    rows->erase(first, last);
    return rows;
}

int verify(Context& ctx, AuditRepository& audit, bool json)
{
    auto rows = audit.count();
    if (!rows)
        return ctx.error(rows.error());
    auto broken = audit.verify();
    if (!broken)
        return ctx.error(broken.error());
    if (!*broken) {
        if (json)
            ctx.printJson(Json{{"intact", true}, {"rows", *rows}});
        else
            ctx.out(QStringLiteral("audit chain intact (%1 rows)").arg(*rows));
        return 0;
    }
    const QString message = QStringLiteral("audit chain broken at row %1: %2").arg((*broken)->seq).arg((*broken)->why);
    if (json)
        ctx.printJson(Json{{"intact", false},
                           {"rows", *rows},
                           {"first_broken_row", (*broken)->seq},
                           {"reason", toStd((*broken)->why)}});
    else
        ctx.out(message);
    return ctx.error(Error::refused(message));
}

int runAudit(Context& ctx)
{
    auto args = ctx.parseAtMost(0, {QStringLiteral("--subject")}, {QStringLiteral("--verify")});
    if (!args)
        return ctx.error(args.error());
    if (args->flag(QStringLiteral("--verify")) && args->has(QStringLiteral("--subject")))
        return ctx.usageError(QStringLiteral("audit: --verify checks the whole chain; it takes no --subject"));
    const bool json = args->flag(QStringLiteral("--json"));
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    SystemClock clock; // listing and verifying read no time; append() is never called here
    AuditRepository audit((*ws)->db(), clock);
    if (args->flag(QStringLiteral("--verify")))
        return verify(ctx, audit, json);
    AuditRepository::Query q;
    if (args->has(QStringLiteral("--subject"))) {
        const QString subject = args->value(QStringLiteral("--subject"));
        const qsizetype colon = subject.indexOf(QLatin1Char(':'));
        q.subjectType = colon < 0 ? subject : subject.left(colon);
        q.subjectId = colon < 0 ? QString() : subject.mid(colon + 1);
        if (q.subjectType.isEmpty() || (colon >= 0 && q.subjectId.isEmpty()))
            return ctx.usageError(QStringLiteral("audit: --subject must be TYPE or TYPE:ID (got '%1')").arg(subject));
        auto types = subjectTypes((*ws)->db());
        if (!types)
            return ctx.error(types.error());
        if (!types->contains(q.subjectType))
            return ctx.usageError(QStringLiteral("audit: unknown subject type '%1' (accepted: %2)")
                                      .arg(q.subjectType, types->join(QStringLiteral(", "))));
        // Items, scars and decisions are named by their number: a word there is a mistake, not
        // a subject with no rows.
        static const QStringList numbered{toString(AuditSubject::InboxItem), toString(AuditSubject::Scar),
                                          toString(AuditSubject::Decision)};
        static const QRegularExpression number(QStringLiteral("^[0-9]+(-[0-9]+)?$"));
        if (numbered.contains(q.subjectType) && !q.subjectId.isEmpty() && !number.match(q.subjectId).hasMatch())
            return ctx.usageError(
                QStringLiteral("audit: %1 ids are numbers (got '%2')").arg(q.subjectType, q.subjectId));
    }
    auto rows = itemHistory(audit, q);
    if (!rows)
        return ctx.error(rows.error());
    if (json) {
        Json array = Json::array();
        for (const AuditEntry& e : *rows)
            array.push_back(rowJson(e));
        ctx.printJson(array);
        return 0;
    }
    if (rows->empty())
        ctx.out(QStringLiteral("No audit rows."));
    for (const AuditEntry& e : *rows) {
        QString reason = e.reason.value_or(QString());
        reason.replace(QLatin1Char('\n'), QLatin1Char(' '));
        ctx.out(QStringLiteral("%1  %2  %3  %4  %5:%6%7")
                    .arg(e.seq)
                    .arg(e.at, e.actor, e.action, e.subjectType, e.subjectId,
                         reason.isEmpty() ? QString() : QStringLiteral("  ") + reason));
    }
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("audit"),
    QStringLiteral("list the audit log, or verify its hash chain"),
    kUsage,
    &runAudit,
});

} // namespace

} // namespace sediment::cli
