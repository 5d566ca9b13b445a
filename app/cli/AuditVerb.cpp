#include "cli/Context.h"
#include "cli/Verb.h"

#include "store/AuditRepository.h"

namespace sediment::cli {

namespace {

const QString kUsage = QStringLiteral(
    "Usage: sediment audit [--subject S] [--json]\n"
    "       sediment audit --verify [--json]\n\n"
    "Lists the append-only audit log (§7), oldest first; S is a subject type (inbox_item,\n"
    "skill, scar, decision, memory, ...) or type:id. --json prints an array of rows with seq,\n"
    "at, actor, action, subject_type, subject_id, reason, before, after, details and hash.\n\n"
    "--verify recomputes the hash chain and names the first broken row.\n\n"
    "Exit codes: 0 done (chain intact), 1 the chain is broken, 2 bad usage, 3 I/O.\n");

Json rowJson(const AuditEntry& e)
{
    Json j = e.toJson();
    j.erase("prev_hash");
    return j;
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
                           {"reason", us((*broken)->why)}});
    else
        ctx.out(message);
    return ctx.error(Error::refused(message));
}

int runAudit(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--subject")}, {QStringLiteral("--verify")});
    if (!args)
        return ctx.error(args.error());
    if (!args->positional().isEmpty())
        return ctx.usageError(QStringLiteral("audit takes no positional argument (see 'sediment help audit')"));
    const bool json = args->flag(QStringLiteral("--json"));
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    SystemClock clock; // listing and verifying read no time; append() is never called here
    AuditRepository audit((*ws)->db(), clock);
    if (args->flag(QStringLiteral("--verify"))) {
        if (args->has(QStringLiteral("--subject")))
            return ctx.usageError(QStringLiteral("--verify checks the whole chain; it takes no --subject"));
        return verify(ctx, audit, json);
    }
    AuditRepository::Query q;
    if (args->has(QStringLiteral("--subject"))) {
        const QString subject = args->value(QStringLiteral("--subject"));
        const qsizetype colon = subject.indexOf(QLatin1Char(':'));
        q.subjectType = colon < 0 ? subject : subject.left(colon);
        q.subjectId = colon < 0 ? QString() : subject.mid(colon + 1);
        if (q.subjectType.isEmpty() || (colon >= 0 && q.subjectId.isEmpty()))
            return ctx.usageError(QStringLiteral("--subject must be TYPE or TYPE:ID (got '%1')").arg(subject));
    }
    auto rows = audit.list(q);
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
