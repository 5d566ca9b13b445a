// Hermes profiles (docs/verbs.md#hermes) on a root with named profiles: which folders are profiles, one import
// over every profile's queue, the profile recorded on each item and filtered on, and decisions
// that touch only their own profile's store, limits and queue.
#include "FileBytes.h"
#include "hermes/PendingQueue.h"
#include "inbox/InboxService.h"
#include "model/InboxQuery.h"
#include "store/HermesRepository.h"
#include "store/InboxReadModel.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace sediment;

namespace {

const QString kActor = QStringLiteral("cli:tester");

QByteArray record(const char* id, const char* target, const char* content, double createdAt)
{
    const Json j = {{"id", id},
                    {"subsystem", "memory"},
                    {"action", "add"},
                    {"summary", std::string("add to ") + target + ": " + content},
                    {"origin", "background_review"},
                    {"created_at", createdAt},
                    {"payload", {{"action", "add"}, {"target", target}, {"content", content}}}};
    return QByteArray::fromStdString(j.dump(2));
}

} // namespace

class HermesProfilesTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 22), QTime(6, 0), QTimeZone::utc())};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    QByteArray bytes(const QString& rel) const { return test::fileBytes(path(rel)); }
    void write(const QString& rel, const QByteArray& b) const { test::writeFileBytes(path(rel), b); }
    void stage(const QString& profileHome, const char* id, const char* target, const char* content,
               double createdAt = 1788943580.0)
    {
        write(profileHome + QStringLiteral("pending/memory/%1.json").arg(QLatin1String(id)),
              record(id, target, content, createdAt));
    }
    void openHome()
    {
        m_ws.reset();
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY2(ws.has_value(), ws ? "" : qPrintable(ws.error().message));
        m_ws = std::move(*ws);
    }
    ImportReport importAll()
    {
        auto report = PendingQueue(*m_ws, m_clock).importAll(kActor);
        if (!report)
            qFatal("import failed: %s", qPrintable(report.error().message));
        return *report;
    }
    qint64 inboxIdOf(const char* id, const char* profile)
    {
        auto r = HermesRepository(m_ws->db()).find(QLatin1String(id), QLatin1String(profile));
        return r && *r ? (*r)->inboxId : -1;
    }
    InboxItem item(qint64 id)
    {
        auto r = InboxRepository(m_ws->db()).find(id);
        return r && *r ? **r : InboxItem{};
    }
    qint64 countOf(const QString& query)
    {
        auto filter = InboxQuery::parse(query);
        if (!filter)
            qFatal("bad query: %s", qPrintable(filter.error().message));
        auto n = InboxReadModel(m_ws->db()).count(*filter);
        return n ? *n : -1;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        write(QStringLiteral("config.yaml"), "memory:\n  memory_char_limit: 1500\n");
        write(QStringLiteral("memories/MEMORY.md"), "Root entry.");
        write(QStringLiteral("profiles/work/config.yaml"),
              "memory:\n  memory_char_limit: 60\n  user_char_limit: 500\n");
        write(QStringLiteral("profiles/work/memories/MEMORY.md"), "Work entry.");
        write(QStringLiteral("profiles/home/config.yaml"), "model:\n  default: x\n");
        openHome();
    }

    void listsTheRootThenEveryNamedProfileInNameOrder()
    {
        write(QStringLiteral("profiles/Bad Name/config.yaml"), "");
        write(QStringLiteral("profiles/default/config.yaml"), "");
        write(QStringLiteral("profiles/gone/config.yaml"), "");
        write(QStringLiteral("profiles/.deleted/gone"), "deleted\n");
        const auto profiles = WorkspaceProfiles::list(m_ws->root());
        QStringList names;
        for (const auto& p : profiles)
            names << p.name;
        QCOMPARE(names, (QStringList{QStringLiteral("default"), QStringLiteral("home"), QStringLiteral("work")}));
        QCOMPARE(profiles.front().home, m_ws->root());
        QCOMPARE(profiles.back().home, m_ws->root() + QStringLiteral("/profiles/work"));
    }

    void importsEveryProfilesQueueAndRecordsTheProfile()
    {
        stage(QString(), "aaaa0001", "memory", "Root fact.", 1788943580.0);
        stage(QStringLiteral("profiles/work/"), "bbbb0001", "memory", "Work fact.", 1788943570.0);
        stage(QStringLiteral("profiles/home/"), "cccc0001", "user", "Likes tea.", 1788943590.0);
        const ImportReport r = importAll();
        QCOMPARE(int(r.imported.size()), 3);
        QCOMPARE(r.imported[0].profile, QStringLiteral("work")); // oldest staged first
        QCOMPARE(r.imported[1].profile, QStringLiteral("default"));
        QCOMPARE(r.imported[2].profile, QStringLiteral("home"));

        const InboxItem work = item(inboxIdOf("bbbb0001", "work"));
        QCOMPARE(work.extId.value_or(QString()), QStringLiteral("hermes:work/bbbb0001"));
        QCOMPARE(work.source.value("profile", ""), std::string("work"));
        QCOMPARE(work.source.value("staged_file", ""), std::string("profiles/work/pending/memory/bbbb0001.json"));
        const Json listed = work.toJson();
        QVERIFY(listed["hermes"]
                == (Json{{"id", "bbbb0001"},
                         {"subsystem", "memory"},
                         {"profile", "work"},
                         {"origin", "background_review"},
                         {"summary", "add to memory: Work fact."}}));
        const InboxItem root = item(inboxIdOf("aaaa0001", "default"));
        QCOMPARE(root.extId.value_or(QString()), QStringLiteral("hermes:aaaa0001"));
        QCOMPARE(root.toJson()["hermes"].value("profile", ""), std::string("default"));
        QVERIFY(importAll().imported.empty());
    }

    void theSameIdInTwoProfilesIsTwoItems()
    {
        stage(QString(), "dddd0001", "memory", "Root fact.");
        stage(QStringLiteral("profiles/work/"), "dddd0001", "memory", "Work fact.");
        const ImportReport r = importAll();
        QCOMPARE(int(r.imported.size()), 2);
        QVERIFY(r.unparseable.empty());
        QVERIFY(inboxIdOf("dddd0001", "default") != inboxIdOf("dddd0001", "work"));
    }

    void aProposalFromAnAgentNamedHermesHasNoProfile()
    {
        InboxItem it;
        it.agent = QStringLiteral("hermes");
        it.destination = QStringLiteral("memory");
        QVERIFY(it.hermesProfile().isEmpty());
        QVERIFY(!it.toJson().contains("hermes"));
    }

    void approvingWritesOnlyThatProfilesStoreAndQueue()
    {
        stage(QString(), "eeee0001", "memory", "Root fact.");
        stage(QStringLiteral("profiles/work/"), "eeee0001", "memory", "Work fact.");
        importAll();
        const QByteArray rootBefore = bytes(QStringLiteral("memories/MEMORY.md"));
        auto r = InboxService(*m_ws, m_clock).approve(inboxIdOf("eeee0001", "work"), QStringLiteral("founder"));
        QVERIFY2(r.has_value(), r ? "" : qPrintable(r.error().message));
        QCOMPARE(r->status, QStringLiteral("applied"));
        QCOMPARE(r->targetPath.value_or(QString()), QStringLiteral("profiles/work/memories/MEMORY.md"));
        QCOMPARE(bytes(QStringLiteral("profiles/work/memories/MEMORY.md")), QByteArray("Work entry.\n§\nWork fact."));
        QCOMPARE(bytes(QStringLiteral("memories/MEMORY.md")), rootBefore);
        QVERIFY(QFile::exists(path(QStringLiteral("profiles/work/memories/MEMORY.md.lock"))));
        QVERIFY(!QFile::exists(path(QStringLiteral("profiles/work/pending/memory/eeee0001.json"))));
        QVERIFY(QFile::exists(path(QStringLiteral("pending/memory/eeee0001.json"))));
    }

    void eachProfileHasTheLimitsOfItsOwnConfig()
    {
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("memory"), QStringLiteral("work")), 60);
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("user"), QStringLiteral("work")), 500);
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("memory"), QStringLiteral("home")), 2200);
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("memory"), QStringLiteral("default")), 1500);
        // 11 + 3 + 60 characters do not fit work's 60, though they fit the root's 1500.
        stage(QStringLiteral("profiles/work/"), "ffff0001", "memory",
              "A fact far too long to fit into the small work profile store.");
        importAll();
        auto r = InboxService(*m_ws, m_clock).approve(inboxIdOf("ffff0001", "work"), QStringLiteral("founder"));
        QVERIFY(r.has_value());
        QCOMPARE(r->status, QStringLiteral("failed"));
        QVERIFY2(r->reason.value_or(QString()).contains(QLatin1String("/60")),
                 qPrintable(r->reason.value_or(QString())));
        QCOMPARE(bytes(QStringLiteral("profiles/work/memories/MEMORY.md")), QByteArray("Work entry."));
        QVERIFY(QFile::exists(path(QStringLiteral("profiles/work/pending/memory/ffff0001.json"))));
    }

    void sedimentJsonLimitsWinInEveryProfile()
    {
        write(QStringLiteral("sediment.json"), R"({"memory_char_limit": 3000})");
        openHome();
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("memory"), QStringLiteral("work")), 3000);
        QCOMPARE(WorkspaceProfiles::charLimit(*m_ws, QStringLiteral("user"), QStringLiteral("work")), 500);
    }

    void refusingSettlesTheFileInItsProfile()
    {
        stage(QString(), "abab0001", "memory", "Root fact.");
        stage(QStringLiteral("profiles/home/"), "abab0001", "user", "Home fact.");
        importAll();
        auto r =
            InboxService(*m_ws, m_clock)
                .refuse(inboxIdOf("abab0001", "home"), QStringLiteral("wrong"), QString(), QStringLiteral("founder"));
        QVERIFY(r.has_value());
        QVERIFY(!QFile::exists(path(QStringLiteral("profiles/home/pending/memory/abab0001.json"))));
        QVERIFY(QFile::exists(path(QStringLiteral("pending/memory/abab0001.json"))));
        auto rec = HermesRepository(m_ws->db()).find(QStringLiteral("abab0001"), QStringLiteral("home"));
        QCOMPARE((*rec)->state, QStringLiteral("refused"));
        QCOMPARE((*rec)->profile, QStringLiteral("home"));
        auto rootRec = HermesRepository(m_ws->db()).find(QStringLiteral("abab0001"));
        QCOMPARE((*rootRec)->state, QStringLiteral("imported"));
    }

    void aFileGoneFromItsProfileWithdrawsOnlyThatItem()
    {
        stage(QString(), "cdcd0001", "memory", "Root fact.");
        stage(QStringLiteral("profiles/work/"), "cdcd0001", "memory", "Work fact.");
        importAll();
        QVERIFY(QFile::remove(path(QStringLiteral("profiles/work/pending/memory/cdcd0001.json"))));
        const ImportReport r = importAll();
        QCOMPARE(int(r.withdrawn.size()), 1);
        QCOMPARE(r.withdrawn.front().profile, QStringLiteral("work"));
        QCOMPARE(item(inboxIdOf("cdcd0001", "work")).status, QStringLiteral("rejected"));
        QCOMPARE(item(inboxIdOf("cdcd0001", "default")).status, QStringLiteral("pending"));
    }

    void unusableFilesAreListedWithTheirProfile()
    {
        write(QStringLiteral("profiles/work/pending/memory/bad00001.json"), "{not json");
        const ImportReport r = importAll();
        QCOMPARE(int(r.unparseable.size()), 1);
        QCOMPARE(r.unparseable.front().profile, QStringLiteral("work"));
        QVERIFY(QFile::exists(path(QStringLiteral("profiles/work/pending/memory/bad00001.json"))));
    }

    void theQueryLanguageFiltersOnTheProfile()
    {
        stage(QString(), "1e1e0001", "memory", "Root fact.");
        stage(QStringLiteral("profiles/work/"), "1e1e0002", "memory", "Work fact.");
        stage(QStringLiteral("profiles/work/"), "1e1e0003", "user", "Work user fact.");
        stage(QStringLiteral("profiles/home/"), "1e1e0004", "user", "Home fact.");
        importAll();
        QCOMPARE(countOf(QStringLiteral("profile:work")), qint64(2));
        QCOMPARE(countOf(QStringLiteral("profile:Work dest:user")), qint64(1));
        QCOMPARE(countOf(QStringLiteral("profile:default")), qint64(1));
        QCOMPARE(countOf(QStringLiteral("profile:home,default")), qint64(2));
        QCOMPARE(countOf(QStringLiteral("-profile:work status:pending")), qint64(2));
        QCOMPARE(countOf(QStringLiteral("profile:nobody")), qint64(0));
        InboxFilter f = *InboxQuery::parse(QStringLiteral("profile:home"));
        InboxReadModel model(m_ws->db());
        auto ids = model.pageIds(f, {}, 0, 10);
        QVERIFY(ids && ids->size() == 1);
        auto rows = model.rows(*ids);
        QCOMPARE(rows->front().profile, QStringLiteral("home"));
    }
};

QTEST_GUILESS_MAIN(HermesProfilesTest)
#include "hermes_profiles_test.moc"
