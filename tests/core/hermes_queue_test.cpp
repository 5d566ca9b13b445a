// Hermes' staged write-approval queue (docs/verbs.md#hermes) on a fixture Hermes home: import into the inbox,
// approval and refusal settling the staged files, the crash between applying and removing,
// refusal memory, vanished files, and the final bytes of MEMORY.md / USER.md.
#include "FileBytes.h"
#include "hermes/PendingQueue.h"
#include "inbox/InboxService.h"
#include "store/AuditRepository.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace sediment;

namespace {

const QString kActor = QStringLiteral("cli:tester");

void copyTree(const QString& from, const QString& to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = to + src.mid(from.size());
        QDir().mkpath(QFileInfo(dst).absolutePath());
        QFile::copy(src, dst);
    }
}

} // namespace

class HermesQueueTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 22), QTime(6, 0), QTimeZone::utc())};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    QByteArray readFile(const QString& rel) const { return test::fileBytes(path(rel)); }
    bool staged(const char* id) const
    {
        return QFile::exists(path(QStringLiteral("pending/memory/%1.json").arg(QLatin1String(id))));
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
    qint64 inboxIdOf(const char* hermesId)
    {
        auto r = HermesRepository(m_ws->db()).find(QLatin1String(hermesId));
        return r && *r ? (*r)->inboxId : -1;
    }
    InboxItem item(qint64 id)
    {
        auto r = InboxRepository(m_ws->db()).find(id);
        return r && *r ? **r : InboxItem{};
    }
    InboxItem approve(const char* hermesId)
    {
        auto r = InboxService(*m_ws, m_clock).approve(inboxIdOf(hermesId), QStringLiteral("founder"));
        if (!r)
            qFatal("approve failed: %s", qPrintable(r.error().message));
        return *r;
    }
    void refuse(const char* hermesId)
    {
        auto r = InboxService(*m_ws, m_clock)
                     .refuse(inboxIdOf(hermesId), QStringLiteral("wrong"), QStringLiteral("not true"),
                             QStringLiteral("founder"));
        if (!r)
            qFatal("refuse failed: %s", qPrintable(r.error().message));
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        copyTree(QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home"), m_dir->path());
        openHome();
    }

    void readsTheLimitsOfConfigYaml()
    {
        QCOMPARE(m_ws->charLimit(QStringLiteral("memory")), 1500);
        QCOMPARE(m_ws->charLimit(QStringLiteral("user")), 300);
        QVERIFY(m_ws->warnings().isEmpty());
    }

    void reportsAMalformedConfigYamlAndUsesTheDefaults()
    {
        QFile f(path(QStringLiteral("config.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("memory:\n  memory_char_limit: [1500\n  user_char_limit: 300\n");
        f.close();
        openHome();
        QCOMPARE(m_ws->charLimit(QStringLiteral("memory")), 2200);
        QCOMPARE(m_ws->charLimit(QStringLiteral("user")), 1375);
        QCOMPARE(m_ws->warnings().size(), 1);
        QVERIFY2(m_ws->warnings().first().contains(QLatin1String("malformed YAML")),
                 qPrintable(m_ws->warnings().first()));
    }

    void reportsALimitThatIsNotAnInteger()
    {
        QFile f(path(QStringLiteral("config.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("memory:\n  memory_char_limit: lots\n  user_char_limit: 700\n");
        f.close();
        openHome();
        // Hermes builds its store from both limits at once: one it cannot read resets both.
        QCOMPARE(m_ws->charLimit(QStringLiteral("memory")), 2200);
        QCOMPARE(m_ws->charLimit(QStringLiteral("user")), 1375);
        QVERIFY(m_ws->warnings().first().contains(QLatin1String("memory.memory_char_limit is not an integer")));
    }

    void sedimentJsonLimitsWinOverConfigYaml()
    {
        QFile f(path(QStringLiteral("sediment.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"memory_char_limit": 3000, "user_char_limit": 1000})");
        f.close();
        openHome();
        QCOMPARE(m_ws->charLimit(QStringLiteral("memory")), 3000);
        QCOMPARE(m_ws->charLimit(QStringLiteral("user")), 1000);
    }

    void importsEveryStagedFileAndLeavesTheMalformedOneInPlace()
    {
        const ImportReport r = importAll();
        QCOMPARE(int(r.imported.size()), 11);
        QCOMPARE(int(r.unparseable.size()), 1);
        QCOMPARE(r.unparseable.front().fileName, QStringLiteral("bad0bad0.json"));
        QVERIFY(r.unparseable.front().error.startsWith(QLatin1String("not valid JSON")));
        QVERIFY(staged("bad0bad0"));
        QVERIFY(staged("1a2b3c01"));
        // Oldest staged first, as Hermes lists them.
        QCOMPARE(r.imported.front().hermesId, QStringLiteral("1a2b3c01"));
        QCOMPARE(r.imported.back().hermesId, QStringLiteral("1a2b3c0b"));
        auto count = InboxRepository(m_ws->db()).count(QStringLiteral("pending"));
        QCOMPARE(*count, qint64(11));
    }

    void keepsTheHermesProvenanceAndUnknownFields()
    {
        importAll();
        const InboxItem it = item(inboxIdOf("1a2b3c07"));
        QCOMPARE(it.extId.value_or(QString()), QStringLiteral("hermes:1a2b3c07"));
        QCOMPARE(it.destination, QStringLiteral("memory"));
        QCOMPARE(it.agent.value_or(QString()), QStringLiteral("hermes"));
        QCOMPARE(it.source.value("agent", ""), std::string("hermes"));
        QCOMPARE(it.source.value("hermes_id", ""), std::string("1a2b3c07"));
        QCOMPARE(it.source.value("origin", ""), std::string("assistant_tool"));
        QVERIFY(it.source.value("summary", "").starts_with("add to memory: The nightly backup"));
        QCOMPARE(it.source.value("session_id", ""), std::string("20260912_081500_ab12cd"));
        QCOMPARE(it.source.value("tool_call_id", ""), std::string("call_77"));
        QCOMPARE(it.createdAt, QStringLiteral("2026-09-09T08:47:20.578Z"));
        QVERIFY(it.op
                == (Json{{"action", "add"},
                         {"content", "The nightly backup job writes to /srv/backups and keeps 14 days."}}));
    }

    void importsABatchAsOneItemWithEveryOperation()
    {
        importAll();
        const InboxItem it = item(inboxIdOf("1a2b3c05"));
        QCOMPARE(it.op.value("action", ""), std::string("batch"));
        QCOMPARE(it.op["operations"].size(), size_t(3));
        QCOMPARE(it.op["operations"][1].value("old_text", ""), std::string("bastion host"));
        QCOMPARE(it.source.value("origin", ""), std::string("background_review"));
    }

    void readsARecordWithAByteOrderMark()
    {
        importAll();
        QVERIFY(inboxIdOf("1a2b3c09") > 0);
    }

    void reimportAddsNothing()
    {
        importAll();
        const ImportReport again = importAll();
        QVERIFY(again.imported.empty());
        QCOMPARE(int(again.waiting.size()), 11);
        QVERIFY(!again.changedAnything());
        auto count = InboxRepository(m_ws->db()).count();
        QCOMPARE(*count, qint64(11));
        AuditRepository::Query q;
        q.action = QStringLiteral("hermes_import");
        auto imports = AuditRepository(m_ws->db(), m_clock).list(q);
        QCOMPARE(int(imports->size()), 11);
    }

    void approvalAppliesThenRemovesTheStagedFile()
    {
        importAll();
        const InboxItem decided = approve("1a2b3c01");
        QCOMPARE(decided.status, QStringLiteral("applied"));
        QVERIFY(!staged("1a2b3c01"));
        QVERIFY(readFile(QStringLiteral("memories/MEMORY.md")).endsWith("bump it after toolchain upgrades."));
        auto record = HermesRepository(m_ws->db()).find(QStringLiteral("1a2b3c01"));
        QCOMPARE((*record)->state, QStringLiteral("applied"));
        AuditRepository::Query q;
        q.subjectType = QStringLiteral("hermes_staged");
        q.subjectId = QStringLiteral("1a2b3c01");
        auto settles = AuditRepository(m_ws->db(), m_clock).list(q);
        QCOMPARE(int(settles->size()), 1);
    }

    void refusalRemovesTheFileAndRecordsTheRefusal()
    {
        importAll();
        const QByteArray before = readFile(QStringLiteral("memories/MEMORY.md"));
        refuse("1a2b3c0a");
        QVERIFY(!staged("1a2b3c0a"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), before);
        const InboxItem it = item(inboxIdOf("1a2b3c0a"));
        QCOMPARE(it.status, QStringLiteral("refused"));
        QCOMPARE(it.refusalCode.value_or(QString()), QStringLiteral("wrong"));
        auto record = HermesRepository(m_ws->db()).find(QStringLiteral("1a2b3c0a"));
        QCOMPARE((*record)->state, QStringLiteral("refused"));
    }

    void aCrashBetweenApplyingAndRemovingNeverAppliesTwice()
    {
        importAll();
        const QByteArray stagedBytes = readFile(QStringLiteral("pending/memory/1a2b3c03.json"));
        approve("1a2b3c03");
        const QByteArray applied = readFile(QStringLiteral("memories/MEMORY.md"));
        // The crash: the decision committed, the file was never removed.
        QFile f(path(QStringLiteral("pending/memory/1a2b3c03.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(stagedBytes);
        f.close();

        openHome(); // as after a restart
        const ImportReport r = importAll();
        QVERIFY(r.imported.empty());
        QCOMPARE(int(r.settled.size()), 1);
        QCOMPARE(r.settled.front().hermesId, QStringLiteral("1a2b3c03"));
        QVERIFY(r.settled.front().fileRemoved);
        QVERIFY(!staged("1a2b3c03"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), applied);
        QCOMPARE(*InboxRepository(m_ws->db()).count(), qint64(11));
    }

    void aDecisionMadeElsewhereIsSettledOnTheNextImport()
    {
        importAll();
        const qint64 id = inboxIdOf("1a2b3c02");
        // A decision through a path that does not settle (another Sediment process mid-way).
        InboxItem it = item(id);
        it.status = QStringLiteral("refused");
        it.refusalCode = QStringLiteral("low_value");
        QVERIFY(InboxRepository(m_ws->db()).saveDecision(it).has_value());
        QVERIFY(staged("1a2b3c02"));
        const ImportReport r = importAll();
        QCOMPARE(int(r.settled.size()), 1);
        QCOMPARE(r.settled.front().outcome, QStringLiteral("refused"));
        QVERIFY(!staged("1a2b3c02"));
    }

    void aFileThatVanishesWithdrawsItsPendingItem()
    {
        importAll();
        QVERIFY(QFile::remove(path(QStringLiteral("pending/memory/1a2b3c09.json"))));
        const ImportReport r = importAll();
        QCOMPARE(int(r.withdrawn.size()), 1);
        const InboxItem it = item(inboxIdOf("1a2b3c09"));
        QCOMPARE(it.status, QStringLiteral("rejected"));
        QVERIFY(it.reason->startsWith(QLatin1String("withdrawn:")));
        QVERIFY(!InboxService(*m_ws, m_clock).approve(it.id, QStringLiteral("founder")).has_value());
    }

    void aWriteRefusedBeforeIsRejectedAndSettledAtImport()
    {
        importAll();
        refuse("1a2b3c0a");
        // Hermes stages the same write again under a new id.
        QVERIFY(
            QFile::copy(QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home/pending/memory/1a2b3c0a.json"),
                        path(QStringLiteral("pending/memory/5e5e5e5e.json"))));
        QFile f(path(QStringLiteral("pending/memory/5e5e5e5e.json")));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll().replace("1a2b3c0a", "5e5e5e5e");
        f.resize(0);
        f.write(bytes);
        f.close();
        const ImportReport r = importAll();
        QCOMPARE(int(r.imported.size()), 1);
        const InboxItem it = item(inboxIdOf("5e5e5e5e"));
        QCOMPARE(it.status, QStringLiteral("rejected"));
        QVERIFY2(it.reason->startsWith(QLatin1String("refused before on 2026-11-22 by founder")),
                 qPrintable(*it.reason));
        QVERIFY(!staged("5e5e5e5e"));
    }

    void workingThroughTheQueueGivesTheExpectedStores()
    {
        importAll();
        for (const char* id : {"1a2b3c01", "1a2b3c02", "1a2b3c03", "1a2b3c04", "1a2b3c05", "1a2b3c06", "1a2b3c07",
                               "1a2b3c08", "1a2b3c09"})
            QCOMPARE(approve(id).status, QStringLiteral("applied"));
        refuse("1a2b3c0a");
        // USER.md is at 261 / 300 (config.yaml): one more entry does not fit.
        const InboxItem over = approve("1a2b3c0b");
        QCOMPARE(over.status, QStringLiteral("failed"));
        QVERIFY2(over.reason->startsWith(QLatin1String("Memory at 261/300 chars.")), qPrintable(*over.reason));
        QVERIFY(staged("1a2b3c0b")); // nothing written: the write stays staged, as in Hermes
        QVERIFY(staged("bad0bad0"));

        QCOMPARE(
            readFile(QStringLiteral("memories/MEMORY.md")),
            QByteArray("Project sediment builds with CMake + Ninja; run ctest from build/dev.\n§\n"
                       "The staging server is reached through the bastion host (bastion.internal), never directly.\n§\n"
                       "Deploys happen on Wednesdays after the 10:00 standup (moved in March).\n§\n"
                       "The CI cache key includes the compiler version; bump it after toolchain upgrades.\n§\n"
                       "Release notes live in docs/releases/, one file per minor version.\n§\n"
                       "Integration tests need the fake SMTP server from tools/smtp-sink.\n§\n"
                       "The nightly backup job writes to /srv/backups and keeps 14 days.\n§\n"
                       "Feature flags are read from config/flags.toml at start-up only."));
        QCOMPARE(readFile(QStringLiteral("memories/USER.md")),
                 QByteArray("Founder prefers terse answers with the command first, then one line of why.\n§\n"
                            "Works in Europe/Paris time; avoid pinging after 20:00.\n§\n"
                            "Founder reviews pull requests in the morning only.\n§\n"
                            "Founder reads French and English; answer in the language of the question."));
        const QStringList left = QDir(path(QStringLiteral("pending/memory"))).entryList(QDir::Files);
        QCOMPARE(left, (QStringList{QStringLiteral("1a2b3c0b.json"), QStringLiteral("bad0bad0.json")}));
        // A re-import after everything was decided changes nothing.
        const ImportReport r = importAll();
        QVERIFY(!r.changedAnything());
        QCOMPARE(int(r.waiting.size()), 1);
        QVERIFY(AuditRepository(m_ws->db(), m_clock).verify()->has_value() == false);
    }
};

QTEST_GUILESS_MAIN(HermesQueueTest)
#include "hermes_queue_test.moc"
