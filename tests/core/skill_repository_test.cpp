// The skills table: registration, telemetry, listing in SQL.
#include "store/Database.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Time.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

QDateTime t(const char* iso) { return *time::parseIso(QString::fromLatin1(iso)); }

} // namespace

class SkillRepositoryTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        auto db = sediment::test::openStore(
            m_dir.filePath(QStringLiteral("t%1.db").arg(QDateTime::currentMSecsSinceEpoch())));
        QVERIFY(db);
        m_db = std::move(*db);
    }

    void registerCreatedInsertsOnceAndKeepsTheExistingRecord()
    {
        SkillRepository repo(*m_db);
        auto first = repo.registerCreated(QStringLiteral("deploy"), QStringLiteral("agent"), t("2026-01-01T00:00:00Z"));
        QVERIFY(first && *first);
        QVERIFY(repo.recordUse(QStringLiteral("deploy"), t("2026-01-02T00:00:00Z")));
        auto again = repo.registerCreated(QStringLiteral("deploy"), QStringLiteral("user"), t("2026-02-01T00:00:00Z"));
        QVERIFY(again && !*again);
        auto found = repo.find(QStringLiteral("deploy"));
        QVERIFY(found && *found);
        QCOMPARE((*found)->createdBy, QStringLiteral("agent"));
        QCOMPARE((*found)->useCount, 1);
        QCOMPARE((*found)->createdAt, t("2026-01-01T00:00:00Z"));
    }

    void telemetryCreatesOnFirstSightAndBumpsEachCounter()
    {
        SkillRepository repo(*m_db);
        auto used = repo.recordUse(QStringLiteral("grep-logs"), t("2026-03-01T10:00:00.250Z"));
        QVERIFY(used);
        QCOMPARE(used->createdBy, QStringLiteral("agent"));
        QCOMPARE(used->createdAt, t("2026-03-01T10:00:00.250Z"));
        QCOMPARE(used->useCount, 1);
        QVERIFY(repo.recordView(QStringLiteral("grep-logs"), t("2026-03-02T10:00:00Z")));
        QVERIFY(repo.recordView(QStringLiteral("grep-logs"), t("2026-03-03T10:00:00Z")));
        auto patched = repo.recordPatch(QStringLiteral("grep-logs"), t("2026-03-04T10:00:00Z"));
        QVERIFY(patched);
        QCOMPARE(patched->useCount, 1);
        QCOMPARE(patched->viewCount, 2);
        QCOMPARE(patched->patchCount, 1);
        QCOMPARE(*patched->lastUsedAt, t("2026-03-01T10:00:00.250Z"));
        QCOMPARE(*patched->lastViewedAt, t("2026-03-03T10:00:00Z"));
        QCOMPARE(*patched->lastActivity(), t("2026-03-04T10:00:00Z"));
    }

    void saveRoundTripsEveryColumn()
    {
        SkillRepository repo(*m_db);
        Skill s;
        s.name = QStringLiteral("x.y_z-1");
        s.createdBy = QStringLiteral("hub");
        s.pinned = true;
        s.state = QStringLiteral("archived");
        s.useCount = 7;
        s.viewCount = 8;
        s.patchCount = 9;
        s.lastUsedAt = t("2026-01-01T01:02:03.004Z");
        s.createdAt = t("2025-01-01T00:00:00Z");
        s.archivedAt = t("2026-02-01T00:00:00Z");
        s.archivePath = QStringLiteral(".archive/x.y_z-1");
        s.extra = Json{{"negative_claims", Json::array({1, 2})}, {"z", nullptr}};
        QVERIFY(repo.save(s));
        auto back = repo.find(s.name);
        QVERIFY(back && *back);
        QCOMPARE(json::canonical((*back)->toJson()), json::canonical(s.toJson()));
        QCOMPARE((*back)->extra.dump(), s.extra.dump());
    }

    void listsNamesFilteredAndSortedInSql()
    {
        SkillRepository repo(*m_db);
        QVERIFY(repo.recordUse(QStringLiteral("b-skill"), t("2026-01-03T00:00:00Z")));
        QVERIFY(repo.recordUse(QStringLiteral("a-skill"), t("2026-01-01T00:00:00Z")));
        QVERIFY(repo.recordView(QStringLiteral("c-other"), t("2026-01-05T00:00:00Z")));
        QVERIFY(repo.registerCreated(QStringLiteral("d-user"), QStringLiteral("user"), t("2026-01-01T00:00:00Z")));
        auto byName = repo.names({});
        QVERIFY(byName);
        QCOMPARE(*byName, (QStringList{QStringLiteral("a-skill"), QStringLiteral("b-skill"), QStringLiteral("c-other"),
                                       QStringLiteral("d-user")}));
        SkillRepository::ListQuery q;
        q.sort = SkillRepository::SortKey::LastActivity;
        q.descending = true;
        auto recent = repo.names(q);
        QVERIFY(recent);
        QCOMPARE(recent->first(), QStringLiteral("c-other"));
        QCOMPARE(recent->last(), QStringLiteral("d-user")); // no activity sorts last
        q = {};
        q.createdBy = QStringLiteral("user");
        QCOMPARE(*repo.names(q), QStringList{QStringLiteral("d-user")});
        q = {};
        q.nameFilter = QStringLiteral("SKILL");
        QCOMPARE(repo.names(q)->size(), 2);
        auto counts = repo.countsByState();
        QVERIFY(counts);
        QCOMPARE(counts->at(QStringLiteral("active")), 4);
    }
};

QTEST_GUILESS_MAIN(SkillRepositoryTest)
#include "skill_repository_test.moc"
