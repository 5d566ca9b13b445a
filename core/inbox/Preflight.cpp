#include "inbox/Preflight.h"

#include "agent/AgentHomes.h"
#include "apply/Applier.h"
#include "apply/DryRunHook.h"
#include "inbox/BudgetPreview.h"
#include "inbox/InboxGroup.h"
#include "inbox/NearDuplicates.h"
#include "inbox/SameText.h"
#include "inbox/SecretScanner.h"
#include "memory/ThreatScanner.h"
#include "store/InboxRepository.h"
#include "workspace/Workspace.h"

#include <algorithm>
#include <set>
#include <string>

namespace sediment {

namespace {

PreflightVerdict verdict(PreflightKind kind, QString message = {})
{
    PreflightVerdict v;
    v.kind = kind;
    v.message = std::move(message);
    return v;
}

} // namespace

Preflight::Preflight(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<PreflightVerdict> Preflight::checkAgentPreview(const AgentPreview& pv) const
{
    if (!pv.refusal.isEmpty())
        return verdict(PreflightKind::Fails, pv.refusal);
    if (!pv.removes && !pv.newFile && pv.before == pv.after)
        return verdict(PreflightKind::Present, QStringLiteral("%1 already holds it").arg(pv.label));
    return verdict(PreflightKind::Applies);
}

Result<PreflightVerdict> Preflight::heldAlready(const InboxItem& item) const
{
    // The store's own duplicate check is exact; the same text written differently (case, spaces,
    // punctuation) is held already too, and a second copy would only cost budget.
    auto in = BudgetPreview::inputFor(m_workspace, item);
    if (!in)
        return fail(in.error());
    if (!*in || (*in)->op.action != QLatin1String("add") || !(*in)->op.content)
        return verdict(PreflightKind::Applies);
    const QString text = SameText::normalise(*(*in)->op.content);
    for (const QString& entry : (*in)->entries)
        if (SameText::normalise(entry) == text)
            return verdict(PreflightKind::Present,
                           QStringLiteral("%1 already holds the same text: '%2'").arg(item.destination, entry));
    return verdict(PreflightKind::Applies);
}

Result<PreflightVerdict> Preflight::check(const InboxItem& item) const
{
    // An agent with a preview of its own (Hermes' skill_manage) says what the write would do.
    if (const AgentHome* agent = m_workspace.agents().speaking(item.destination, item.effectiveOp()))
        if (const auto pv = agent->preview(m_workspace, item.hermesProfile(), item.effectiveOp()))
            return checkAgentPreview(*pv);
    DryRunHook hook;
    auto r = Applier(m_workspace, m_clock, &hook, item.hermesProfile())
                 .apply(item.destination, item.effectiveOp(), item.source);
    if (hook.reached()) {
        if (!hook.wouldChange())
            return verdict(PreflightKind::Present, QStringLiteral("the store already holds it"));
        return heldAlready(item);
    }
    if (!r) {
        // An op the store cannot read is a refusal it would give too; trouble reading the files
        // is the caller's.
        if (r.error().kind == ErrorKind::Io)
            return fail(r.error());
        return verdict(PreflightKind::Fails, r.error().message);
    }
    if (!r->applied)
        return verdict(r->stale ? PreflightKind::Stale : PreflightKind::Fails, r->message);
    // Approved without a write: the store holds it already (an entry Hermes would not add twice).
    return verdict(PreflightKind::Present, r->message);
}

Result<std::map<qint64, PreflightVerdict>> Preflight::run(const std::vector<InboxItem>& pending) const
{
    std::map<qint64, PreflightVerdict> out;
    // The first pending item of each normalised text, and the texts near duplicates are looked for in.
    std::map<QString, qint64> firstOf;
    std::vector<NearDuplicates::Text> texts;
    // Every item by its target, dead or not: a group is whatever aims at one target.
    std::map<QString, std::vector<const InboxItem*>> targets;
    for (const InboxItem& item : pending) {
        targets[InboxGroup::keyOf(m_workspace.agents(), item)].push_back(&item);
        auto v = check(item);
        if (!v)
            return fail(v.error());
        v->unsafe = unsafeIn(item.effectiveOp());
        const QString bucket = item.destination + QLatin1Char('\x1f') + item.hermesProfile();
        const QString text = SameText::of(m_workspace.agents().identity(item.destination, item.effectiveOp()));
        // Only what would write competes: a dead item repeats nothing, and the store already
        // holding a text is said as `present`.
        if (v->kind == PreflightKind::Applies) {
            const auto [first, isFirst] = firstOf.try_emplace(bucket + QLatin1Char('\x1e') + text, item.id);
            if (!isFirst) {
                v->kind = PreflightKind::Duplicate;
                v->of = first->second;
                v->message = QStringLiteral("the same as inbox item %1").arg(first->second);
            } else {
                texts.push_back({item.id, bucket, text});
            }
        }
        out.emplace(item.id, std::move(*v));
    }
    for (const auto& [key, members] : targets) {
        if (members.size() < 2)
            continue;
        std::vector<qint64> ids;
        for (const InboxItem* m : members)
            ids.push_back(m->id);
        const QString label = InboxGroup::labelOf(m_workspace.agents(), *members.front());
        for (const qint64 id : ids) {
            PreflightVerdict& v = out[id];
            v.group = ids;
            v.groupTarget = label;
        }
    }
    for (const auto& [id, match] : NearDuplicates::find(texts)) {
        PreflightVerdict& v = out[id];
        v.similarTo = match.other;
        v.similarity = match.similarity;
    }
    return out;
}

namespace {

void newTexts(const Json& value, const std::string& key, QStringList& into)
{
    static const std::set<std::string> oldSide{"old_text", "old_string", "before", "matched_entry"};
    if (oldSide.contains(key))
        return;
    if (value.is_string())
        into << fromStd(value.get<std::string>());
    else if (value.is_object())
        for (const auto& [k, v] : value.items())
            newTexts(v, k, into);
    else if (value.is_array())
        for (const Json& v : value)
            newTexts(v, key, into);
}

} // namespace

QString Preflight::unsafeIn(const Json& op)
{
    QStringList texts;
    newTexts(op, std::string(), texts);
    for (const QString& text : texts) {
        if (const auto threat = ThreatScanner::scan(text))
            return QStringLiteral("%1: %2").arg(threat->id, threat->message);
        if (const auto secret = SecretScanner::scan(text))
            return QStringLiteral("%1 (%2)").arg(secret->kind, secret->excerpt);
    }
    return {};
}

bool Preflight::passes(const InboxFilter::Values& terms, const PreflightVerdict* v)
{
    const auto is = [v](const QString& word) {
        if (!v)
            return false;
        if (word == QLatin1String("unsafe"))
            return v->isUnsafe();
        if (word == QLatin1String("grouped"))
            return !v->group.empty();
        return word == QLatin1String("dead") ? v->isDead() : word == QLatin1String("dup") ? v->isDup() : v->isOk();
    };
    // The verdict groups exclude one another, so naming several asks for either; the unsafe flag
    // stands beside the verdict and must hold as well: "is:ok is:unsafe" is an item of both.
    bool verdictNamed = false;
    bool verdictHeld = false;
    for (const QString& word : terms.include) {
        if (word == QLatin1String("unsafe")) {
            if (!is(word))
                return false;
        } else {
            verdictNamed = true;
            verdictHeld = verdictHeld || is(word);
        }
    }
    if (verdictNamed && !verdictHeld)
        return false;
    return std::ranges::none_of(terms.exclude, is);
}

Result<std::vector<InboxItem>> Preflight::pendingOldestFirst(Workspace& workspace)
{
    InboxRepository repo(workspace.db());
    std::vector<InboxItem> pending;
    constexpr int kPage = 1000;
    for (qint64 offset = 0;; offset += kPage) {
        auto page = repo.list({toString(InboxStatus::Pending), {}, kPage, offset, false});
        if (!page)
            return fail(page.error());
        for (InboxItem& it : *page)
            pending.push_back(std::move(it));
        if (qsizetype(page->size()) < kPage)
            break;
    }
    // Oldest first: the older of two duplicates is the one that stands, and a group applies in
    // the order it was staged.
    std::ranges::stable_sort(pending, &Preflight::stagedBefore);
    return pending;
}

Result<std::map<qint64, PreflightVerdict>> Preflight::runAll() const
{
    auto pending = pendingOldestFirst(m_workspace);
    if (!pending)
        return fail(pending.error());
    return run(*pending);
}

} // namespace sediment
