#include "demo/DemoWorkspace.h"

#include "audit/Actor.h"
#include "decisions/DecisionBook.h"
#include "demo/DemoProposals.h"
#include "demo/DemoText.h"
#include "inbox/InboxService.h"
#include "memory/MemoryStore.h"
#include "model/Decision.h"
#include "model/DecisionOutcome.h"
#include "model/Destination.h"
#include "model/RefusalCode.h"
#include "model/Skill.h"
#include "model/SkillState.h"
#include "review/ProposalSubmission.h"
#include "scars/ScarBook.h"
#include "store/AuditReadModel.h"
#include "store/InboxRepository.h"
#include "store/InboxStaging.h"
#include "store/SkillRepository.h"
#include "util/AtomicFile.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

using demo::DemoRandom;
using demo::DemoText;

Status seedFiles(Workspace& ws)
{
    if (auto s = AtomicFile::write(ws.path(ws.config().claudeMd), DemoText::claudeMd().toUtf8()); !s)
        return s;
    return AtomicFile::write(ws.path(ws.config().settingsJson), DemoText::settingsJson().toUtf8());
}

// Fills MEMORY.md close to its budget and USER.md to about two thirds, through the store itself.
Result<int> seedMemory(Workspace& ws)
{
    int added = 0;
    const QString memoryTarget = toString(Destination::Memory);
    const MemoryStore memory(memoryTarget, ws.memoryFile(memoryTarget), ws.charLimit(memoryTarget));
    const QStringList& projects = DemoText::projects();
    const QStringList& facts = DemoText::memoryFacts();
    for (int i = 0; i < 40; ++i) {
        const QString entry = facts[i % facts.size()].arg(projects[(i * 7) % projects.size()]);
        auto current = memory.entries();
        if (!current)
            return fail(current.error());
        if (MemoryStore::usage(*current) + entry.size() + 3 > memory.charLimit() * 85 / 100)
            break;
        auto r = memory.apply(MemoryOp{QStringLiteral("add"), entry, std::nullopt, {}, std::nullopt, false});
        if (!r)
            return fail(r.error());
        added += r->changed ? 1 : 0;
    }
    const QString userTarget = toString(Destination::User);
    const MemoryStore user(userTarget, ws.memoryFile(userTarget), ws.charLimit(userTarget));
    for (int i = 0; i < 7; ++i) {
        auto r = user.apply(
            MemoryOp{QStringLiteral("add"), DemoText::userFacts()[i], std::nullopt, {}, std::nullopt, false});
        if (!r)
            return fail(r.error());
        added += r->changed ? 1 : 0;
    }
    return added;
}

// Skills in every state and from every creator, with folders where Sediment expects them.
Result<int> seedSkills(Workspace& ws, const QDateTime& now)
{
    SkillRepository repo(ws.db());
    const QStringList& names = DemoText::skillNames();
    const QStringList creators{QStringLiteral("agent"), QStringLiteral("agent"), QStringLiteral("user"),
                               QStringLiteral("hub"), QStringLiteral("bundled")};
    int made = 0;
    for (int i = 0; i < names.size(); ++i) {
        Skill s;
        s.name = names[i];
        s.createdBy = creators[i % creators.size()];
        s.createdAt = now.addDays(-200 + i * 3);
        const int idleDays = (i * 23) % 150; // spread over active, stale and archive ages
        s.useCount = (i % 4 == 0) ? 0 : 3 + i * 2;
        s.viewCount = 2 + i;
        s.lastUsedAt = s.useCount ? std::optional<QDateTime>(now.addDays(-idleDays)) : std::nullopt;
        s.lastViewedAt = now.addDays(-idleDays - 1);
        // Agent-made skills get patched as the agent learns: one in three, a few times.
        if (s.createdBy == QLatin1String("agent") && i % 3 != 0) {
            s.patchCount = 1 + i % 4;
            s.lastPatchedAt = now.addDays(-idleDays - 2);
        }
        s.pinned = (i % 6 == 2);
        if (s.createdBy == QLatin1String("agent") && !s.pinned && idleDays >= 90)
            s.state = toString(SkillState::Archived);
        else if (s.createdBy == QLatin1String("agent") && !s.pinned && idleDays >= 30)
            s.state = toString(SkillState::Stale);
        const QString folder = isWord(s.state, SkillState::Archived) ? QStringLiteral("skills/.archive/") + s.name
                                                                     : QStringLiteral("skills/") + s.name;
        if (isWord(s.state, SkillState::Archived)) {
            s.archivedAt = now.addDays(-idleDays + 90);
            s.archivePath = QStringLiteral(".archive/") + s.name;
        }
        const QString body = QStringLiteral("---\nname: %1\ndescription: How to handle %2.\n---\n\n"
                                            "# %1\n\n1. Reproduce the problem.\n2. Narrow it down.\n"
                                            "3. Fix it and add a check so it cannot come back.\n")
                                 .arg(s.name, QString(s.name).replace(QLatin1Char('-'), QLatin1Char(' ')));
        if (auto w = AtomicFile::write(ws.path(folder + QStringLiteral("/SKILL.md")), body.toUtf8()); !w)
            return fail(w.error());
        if (auto st = repo.save(s); !st)
            return fail(st.error());
        ++made;
    }
    return made;
}

Result<int> seedScars(Workspace& ws, FixedClock& clock, const QDateTime& now)
{
    ScarBook book(ws.db(), clock, Actor::agent(QStringLiteral("demo")));
    const QStringList& titles = DemoText::scarTitles();
    const QStringList& lessons = DemoText::scarLessons();
    const QStringList scopes{QStringLiteral("deploy"), QStringLiteral("testing"), QStringLiteral("ops"),
                             QStringLiteral("security")};
    DemoRandom rnd(7);
    int made = 0;
    for (int i = 0; i < 36; ++i) {
        const int k = i % titles.size();
        clock.set(now.addDays(-(i * 11) % 400).addSecs(-3600 * (i % 9)));
        Scar s;
        s.kind = toString((k == 4 || k == 9 || k == 11) ? ScarKind::Victory : ScarKind::Failure);
        s.title = i < titles.size() ? titles[k] : titles[k] + QStringLiteral(" (again)");
        s.context = QStringLiteral("Seen in %1 during %2.")
                        .arg(DemoText::projects()[i % DemoText::projects().size()],
                             i % 2 ? QStringLiteral("a release") : QStringLiteral("an incident"));
        s.lesson = lessons[k];
        s.importance = 2 + rnd.below(9);
        s.learnable = i % 5 != 4;
        s.scope = scopes[i % scopes.size()];
        s.source = QStringLiteral("session-%1").arg(1000 + i);
        auto r = book.add(s);
        if (!r)
            return fail(r.error());
        ++made;
    }
    return made;
}

Result<qint64> seedDecisions(Workspace& ws, const Clock& clock, const QDateTime& now)
{
    const QStringList& cats = Decision::categories();
    const QStringList& stakes = Decision::stakesLevels();
    DemoRandom rnd(11);
    QByteArray lines;
    for (int i = 0; i < 90; ++i) {
        const double confidence = 0.3 + 0.65 * rnd.unit();
        Json d = Json::object();
        d["id"] = "demo-" + std::to_string(i + 1);
        d["description"] = toStd(DemoText::decisionTexts()[i % DemoText::decisionTexts().size()]);
        d["context"] = toStd(QStringLiteral("Raised in the %1 planning session.")
                                 .arg(DemoText::projects()[i % DemoText::projects().size()]));
        d["confidence"] = double(qRound(confidence * 100)) / 100.0;
        d["category"] = toStd(cats[i % cats.size()]);
        // The unreviewed ones (every fourth) take every level in turn, so that the high and
        // critical ones left unreviewed for weeks fill the escalation list.
        d["stakes"] = toStd(i % 4 == 3 ? stakes[(i / 4) % stakes.size()] : stakes[(i * 3) % stakes.size()]);
        d["created_at"] = toStd(time::toIso(now.addDays(-(i * 2) - 3)));
        d["session"] = "session-" + std::to_string(2000 + i / 4);
        if (i % 4 != 3) { // three in four reviewed, outcomes loosely following confidence
            const double roll = rnd.unit();
            const DecisionOutcome outcome = roll < confidence - 0.1    ? DecisionOutcome::Success
                                            : roll < confidence + 0.05 ? DecisionOutcome::Partial
                                            : roll < 0.97              ? DecisionOutcome::Failure
                                                                       : DecisionOutcome::Noise;
            d["outcome"] = toStd(toString(outcome));
            d["outcome_text"] = "Reviewed in the weekly retro.";
            d["reviewer"] = i % 3 ? "emerson" : "founder";
            d["reviewed_at"] = toStd(time::toIso(now.addDays(-(i * 2) + 4)));
        }
        lines += QByteArray::fromStdString(d.dump()) + '\n';
    }
    DecisionBook importer(ws.db(), clock, Actor::agent(QStringLiteral("demo")));
    auto r = importer.importLines(lines);
    if (!r)
        return fail(r.error());
    return r->imported;
}

// Decides some of the queued items as a reviewer would, spread over the last weeks.
Result<Json> decideSome(Workspace& ws, FixedClock& clock, const QDateTime& now, const std::vector<qint64>& ids)
{
    InboxService inbox(ws, clock);
    const QString reviewer = ws.reviewer();
    const QStringList codes{toString(RefusalCode::Duplicate), toString(RefusalCode::TooSpecific),
                            toString(RefusalCode::LowValue), toString(RefusalCode::Wrong)};
    int approved = 0, refused = 0, failed = 0, reverted = 0;
    std::optional<qint64> firstApproved;
    for (size_t i = 0; i < ids.size(); ++i) {
        clock.set(now.addDays(-20 + int(i % 19)).addSecs(qint64(i) * 97));
        if (i % 5 == 0) {
            auto r = inbox.approve(ids[i], reviewer);
            if (!r)
                continue; // stale or not approvable: it stays pending for the reviewer
            if (r->hasStatus(InboxStatus::Failed))
                ++failed;
            else {
                ++approved;
                if (!firstApproved && r->goesTo(Destination::ClaudeMd))
                    firstApproved = r->id;
            }
        } else if (i % 7 == 1) {
            if (inbox.refuse(ids[i], codes[int(i) % codes.size()], QString(), reviewer))
                ++refused;
        }
    }
    if (firstApproved && inbox.revert(*firstApproved, reviewer))
        ++reverted;
    return Json{{"approved", approved}, {"refused", refused}, {"failed", failed}, {"reverted", reverted}};
}

QString counted(qint64 n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

} // namespace

Result<QStringList> DemoWorkspace::held(Workspace& ws)
{
    QStringList held;
    for (const QString& file : {ws.config().claudeMd, ws.config().settingsJson, QStringLiteral("config.yaml")})
        if (QFileInfo::exists(ws.path(file)))
            held << file;
    for (const Destination d : {Destination::Memory, Destination::User}) {
        const QString target = toString(d);
        auto entries = MemoryStore(target, ws.memoryFile(target), ws.charLimit(target)).entries();
        if (!entries)
            return fail(entries.error());
        if (!entries->isEmpty())
            held << counted(entries->size(), target + QStringLiteral(" entry"), target + QStringLiteral(" entries"));
    }
    if (!QDir(ws.path(QStringLiteral("skills"))).isEmpty())
        held << QStringLiteral("skills/");
    auto proposals = InboxRepository(ws.db()).count();
    if (!proposals)
        return fail(proposals.error());
    if (*proposals)
        held << counted(*proposals, QStringLiteral("proposal"), QStringLiteral("proposals"));
    auto rows = AuditReadModel(ws.db()).count({});
    if (!rows)
        return fail(rows.error());
    if (*rows)
        held << counted(*rows, QStringLiteral("audit row"), QStringLiteral("audit rows"));
    return held;
}

Result<Json> DemoWorkspace::fill(Workspace& ws, const Clock& realClock)
{
    // A workspace filled before shows the demo's own actor in its log.
    AuditReadModel::Filter byDemo;
    byDemo.actor = Actor::agent(QStringLiteral("demo"));
    auto demoRows = AuditReadModel(ws.db()).count(byDemo);
    if (!demoRows)
        return fail(demoRows.error());
    if (*demoRows)
        return Json{{"already_there", true}};
    auto already = held(ws);
    if (!already)
        return fail(already.error());
    if (!already->isEmpty())
        return fail(Error::refused(QStringLiteral("%1 already holds %2; --demo fills only a new, empty workspace, "
                                                  "so nothing was changed")
                                       .arg(ws.root(), already->join(QStringLiteral(", ")))));
    const QDateTime now = realClock.now();
    FixedClock clock(now);
    if (auto s = seedFiles(ws); !s)
        return fail(s.error());
    auto memory = seedMemory(ws);
    if (!memory)
        return fail(memory.error());
    auto skills = seedSkills(ws, now);
    if (!skills)
        return fail(skills.error());

    // Proposals arrive in batches over the last month, as an agent's sessions would send them.
    const std::vector<std::vector<Json>> batches = demo::DemoProposals::batches(ws);
    ProposalSubmission submission(ws, clock);
    std::vector<qint64> ids;
    int proposals = 0;
    for (size_t b = 0; b < batches.size(); ++b) {
        clock.set(now.addDays(-30 + int(b) * 30 / int(batches.size())).addSecs(qint64(b) * 1234));
        auto outcome = submission.submit(batches[b]);
        if (!outcome)
            return fail(outcome.error());
        proposals += int(batches[b].size());
        for (const auto& item : outcome->pending)
            ids.push_back(item.inboxId);
    }
    // The demo opens on a filed inbox, as the app leaves it.
    if (auto f = InboxStaging(ws.db()).foldAll(); !f)
        return fail(f.error());
    // Decide some of the older ones, leaving the newest for the reviewer.
    std::vector<qint64> older(ids.begin(), ids.begin() + qsizetype(ids.size() * 2 / 5));
    auto decided = decideSome(ws, clock, now, older);
    if (!decided)
        return fail(decided.error());
    InboxService(ws, clock).refreshStale();

    auto scars = seedScars(ws, clock, now);
    if (!scars)
        return fail(scars.error());
    clock.set(now);
    auto decisions = seedDecisions(ws, clock, now);
    if (!decisions)
        return fail(decisions.error());
    return Json{{"memory_entries", *memory}, {"skills", *skills}, {"proposals", proposals},
                {"decided", *decided},       {"scars", *scars},   {"decisions", *decisions}};
}

} // namespace sediment
