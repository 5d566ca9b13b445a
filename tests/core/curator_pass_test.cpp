// A whole curator pass over a real workspace: folders, database, audit and the Hermes file.
#include "skills/Curator.h"
#include "skills/SkillService.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Time.h"
#include "workspace/Workspace.h"
#include "WorkspaceDump.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

using sediment::test::dumpDatabase;
using sediment::test::dumpTree;

namespace {

QDateTime t(const char* iso) { return *time::parseIso(QString::fromLatin1(iso)); }

} // namespace

class CuratorPassTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{t("2026-06-01T12:00:00Z")};

    void addSkill(const QString& name, const QString& createdBy, const char* lastUsed,
                  const QString& state = QStringLiteral("active"), bool pinned = false, bool folder = true)
    {
        Skill s;
        s.name = name;
        s.createdBy = createdBy;
        s.state = state;
        s.pinned = pinned;
        s.useCount = 1;
        s.lastUsedAt = t(lastUsed);
        s.createdAt = t("2025-01-01T00:00:00Z");
        QVERIFY(SkillRepository(m_ws->db()).save(s));
        if (folder) {
            QVERIFY(QDir().mkpath(m_ws->path(QStringLiteral("skills/") + name)));
            QFile f(m_ws->path(QStringLiteral("skills/%1/SKILL.md").arg(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("---\nname: " + name.toUtf8() + "\n---\nbody\n");
        }
    }

    Skill skill(const QString& name)
    {
        auto s = SkillRepository(m_ws->db()).find(name);
        if (!s || !*s)
            qFatal("missing skill");
        return **s;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        addSkill(QStringLiteral("old-agent"), QStringLiteral("agent"), "2026-01-01T00:00:00Z");
        addSkill(QStringLiteral("quiet-agent"), QStringLiteral("agent"), "2026-04-15T00:00:00Z");
        addSkill(QStringLiteral("back-again"), QStringLiteral("agent"), "2026-05-30T00:00:00Z",
                 QStringLiteral("stale"));
        addSkill(QStringLiteral("fresh-agent"), QStringLiteral("agent"), "2026-05-31T00:00:00Z");
        addSkill(QStringLiteral("pinned-agent"), QStringLiteral("agent"), "2025-06-01T00:00:00Z",
                 QStringLiteral("active"), true);
        addSkill(QStringLiteral("done-agent"), QStringLiteral("agent"), "2025-06-01T00:00:00Z",
                 QStringLiteral("archived"), false, false);
        addSkill(QStringLiteral("user-skill"), QStringLiteral("user"), "2025-06-01T00:00:00Z");
        addSkill(QStringLiteral("hub-skill"), QStringLiteral("hub"), "2025-06-01T00:00:00Z");
    }

    void dryRunWritesNothingAndReturnsTheSamePlanAsTheRealRun()
    {
        const QString dbBefore = dumpDatabase(m_ws->db());
        const QString treeBefore = dumpTree(m_ws->root());
        auto dry = Curator(*m_ws, m_clock).run(true);
        QVERIFY(dry);
        QCOMPARE(dumpDatabase(m_ws->db()), dbBefore);
        QCOMPARE(dumpTree(m_ws->root()), treeBefore);

        auto real = Curator(*m_ws, m_clock).run(false);
        QVERIFY(real);
        Json dryJson = dry->toJson();
        Json realJson = real->toJson();
        QCOMPARE(dryJson["dry_run"].get<bool>(), true);
        dryJson.erase("dry_run");
        realJson.erase("dry_run");
        QCOMPARE(fromStd(json::pythonDump(dryJson)), fromStd(json::pythonDump(realJson)));
        QVERIFY(dumpDatabase(m_ws->db()) != dbBefore);
    }

    void countsFollowHermes()
    {
        auto r = Curator(*m_ws, m_clock).run(false);
        QVERIFY(r);
        QCOMPARE(fromStd(json::pythonDump(r->counts())),
                 QStringLiteral(R"({"checked": 6, "marked_stale": 1, "archived": 1, "reactivated": 1, )"
                                R"("skipped_pinned": 1, "skipped_not_agent": 2, "failed": 0})"));
        QCOMPARE(r->plan.size(), size_t(3));
        QCOMPARE(skill(QStringLiteral("quiet-agent")).state, QStringLiteral("stale"));
        QCOMPARE(skill(QStringLiteral("back-again")).state, QStringLiteral("active"));
        QCOMPARE(skill(QStringLiteral("pinned-agent")).state, QStringLiteral("active"));
        QCOMPARE(skill(QStringLiteral("user-skill")).state, QStringLiteral("active"));
        QCOMPARE(skill(QStringLiteral("fresh-agent")).state, QStringLiteral("active"));
    }

    void archiveMovesTheFolderAndAuditsEachTransitionInOrder()
    {
        auto r = Curator(*m_ws, m_clock).run(false);
        QVERIFY(r);
        QVERIFY(!QFileInfo::exists(m_ws->path(QStringLiteral("skills/old-agent"))));
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/.archive/old-agent/SKILL.md"))));
        const Skill archived = skill(QStringLiteral("old-agent"));
        QCOMPARE(archived.state, QStringLiteral("archived"));
        QCOMPARE(*archived.archivedAt, m_clock.now());
        QCOMPARE(*archived.archivePath, QStringLiteral(".archive/old-agent"));

        AuditRepository audit(m_ws->db(), m_clock);
        AuditRepository::Query q;
        q.actor = QStringLiteral("curator");
        auto rows = audit.list(q);
        QVERIFY(rows);
        QCOMPARE(rows->size(), size_t(3));
        QStringList actions;
        for (const AuditEntry& e : *rows) {
            actions << e.subjectId + QLatin1Char(':') + e.action;
            QCOMPARE(e.subjectType, QStringLiteral("skill"));
            QCOMPARE(e.at, QStringLiteral("2026-06-01T12:00:00.000Z"));
        }
        actions.sort();
        QCOMPARE(actions,
                 (QStringList{QStringLiteral("back-again:skill.reactivated"),
                              QStringLiteral("old-agent:skill.archived"), QStringLiteral("quiet-agent:skill.stale")}));
        auto verify = audit.verify();
        QVERIFY(verify && !*verify);
        auto run = SkillRepository(m_ws->db()).lastCuratorRun();
        QVERIFY(run && *run);
        QCOMPARE((*run)->result["archived"].get<int>(), 1);
    }

    void aSecondPassChangesNothing()
    {
        QVERIFY(Curator(*m_ws, m_clock).run(false));
        auto again = Curator(*m_ws, m_clock).run(false);
        QVERIFY(again);
        QVERIFY(again->plan.empty());
        QCOMPARE(again->checked, 6);
    }

    void archiveNameCollisionAddsTheClockSuffix()
    {
        QVERIFY(QDir().mkpath(m_ws->path(QStringLiteral("skills/.archive/old-agent"))));
        auto r = Curator(*m_ws, m_clock).run(false);
        QVERIFY(r);
        QCOMPARE(*skill(QStringLiteral("old-agent")).archivePath, QStringLiteral(".archive/old-agent-20260601120000"));
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/.archive/old-agent-20260601120000/SKILL.md"))));
    }

    void aMoveFailureCountsAsFailedAndLeavesTheRecord()
    {
        QVERIFY(QDir().mkpath(m_ws->path(QStringLiteral("skills/.archive/old-agent"))));
        QVERIFY(QDir().mkpath(m_ws->path(QStringLiteral("skills/.archive/old-agent-20260601120000"))));
        auto r = Curator(*m_ws, m_clock).run(false);
        QVERIFY(r);
        QCOMPARE(r->failed, 1);
        QCOMPARE(r->archived, 0);
        QCOMPARE(r->markedStale, 1);
        const Skill s = skill(QStringLiteral("old-agent"));
        QCOMPARE(s.state, QStringLiteral("active"));
        QVERIFY(!s.archivedAt);
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/old-agent/SKILL.md"))));
        AuditRepository::Query q;
        q.subjectId = QStringLiteral("old-agent");
        QVERIFY(AuditRepository(m_ws->db(), m_clock).list(q)->empty());
    }

    void aMissingFolderIsArchivedInTheDatabaseOnly()
    {
        QVERIFY(QDir(m_ws->path(QStringLiteral("skills/old-agent"))).removeRecursively());
        auto r = Curator(*m_ws, m_clock).run(false);
        QVERIFY(r);
        QCOMPARE(r->archived, 1);
        QCOMPARE(r->failed, 0);
        const auto step = std::find_if(r->plan.begin(), r->plan.end(),
                                       [](const auto& s) { return s.name == QLatin1String("old-agent"); });
        QVERIFY(step != r->plan.end());
        QVERIFY2(step->why.contains(QStringLiteral("database only")), qPrintable(step->why));
        QVERIFY(!step->archivePath);
        const Skill s = skill(QStringLiteral("old-agent"));
        QCOMPARE(s.state, QStringLiteral("archived"));
        QVERIFY(!s.archivePath);
    }

    void restoreBringsTheFolderBackAndNothingIsEverDeleted()
    {
        QVERIFY(Curator(*m_ws, m_clock).run(false));
        SkillService service(*m_ws, m_clock);
        auto restored = service.restore(QStringLiteral("old-agent"), QStringLiteral("cli:tester"));
        QVERIFY(restored);
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/old-agent/SKILL.md"))));
        QVERIFY(!QFileInfo::exists(m_ws->path(QStringLiteral("skills/.archive/old-agent"))));
        QCOMPARE(skill(QStringLiteral("old-agent")).state, QStringLiteral("active"));
        // Eight skills went in, eight records remain.
        auto all = SkillRepository(m_ws->db()).all();
        QCOMPARE(all->size(), size_t(8));
    }
};

QTEST_GUILESS_MAIN(CuratorPassTest)
#include "curator_pass_test.moc"
