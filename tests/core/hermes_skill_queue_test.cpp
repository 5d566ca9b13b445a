// Hermes' staged skill writes (pending/skills/) in a temporary Hermes home: imported once like
// the memory records, approved as skill_manage would replay them, failed with Hermes' message
// while the record stays, refused and remembered, patched and re-validated.
#include "FileBytes.h"
#include "hermes/PendingQueue.h"
#include "hermes/PendingWatcher.h"
#include "inbox/InboxService.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace sediment;

namespace {

const QString kActor = QStringLiteral("cli:tester");
const std::string kSkill = "---\nname: deploy\ndescription: Ship the app\n---\n\n1. Build.\n2. Upload.\n";

QByteArray record(const std::string& id, const Json& payload, const Json& extra = Json::object())
{
    Json r = {{"id", id},          {"subsystem", "skills"},         {"action", payload.value("action", "")},
              {"summary", "gist"}, {"origin", "background_review"}, {"created_at", 1795400000.5},
              {"payload", payload}};
    for (const auto& [k, v] : extra.items())
        r[k] = v;
    return QByteArray::fromStdString(r.dump(2));
}

} // namespace

class HermesSkillQueueTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 23), QTime(8, 0), QTimeZone::utc())};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    void write(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    void stage(const std::string& id, const Json& payload, const Json& extra = Json::object())
    {
        write(QStringLiteral("pending/skills/%1.json").arg(fromStd(id)), record(id, payload, extra));
    }
    bool staged(const char* id) const
    {
        return QFile::exists(path(QStringLiteral("pending/skills/%1.json").arg(QLatin1String(id))));
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
    Result<InboxItem> approve(const char* hermesId)
    {
        return InboxService(*m_ws, m_clock).approve(inboxIdOf(hermesId), QStringLiteral("founder"));
    }

private Q_SLOTS:
    void init()
    {
        m_ws.reset();
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        write(QStringLiteral("config.yaml"), "skills:\n  write_approval: true\n");
        QDir().mkpath(path(QStringLiteral("skills")));
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY2(ws.has_value(), ws ? "" : qPrintable(ws.error().message));
        m_ws = std::move(*ws);
    }

    void importsEachRecordOnceKeepingUnknownFields()
    {
        stage("aa000001", {{"action", "create"}, {"name", "deploy"}, {"content", kSkill}}, {{"session", "s-42"}});
        write(QStringLiteral("pending/skills/notes.txt"), "not a record");
        auto report = importAll();
        QCOMPARE(report.imported.size(), std::size_t(1));
        QCOMPARE(report.imported[0].target, QStringLiteral("skill"));
        QCOMPARE(report.imported[0].action, QStringLiteral("create"));
        QVERIFY(report.unparseable.empty()); // the .txt file is not a record
        const InboxItem it = item(inboxIdOf("aa000001"));
        QCOMPARE(it.destination, QStringLiteral("skill"));
        QCOMPARE(it.status, QStringLiteral("pending"));
        QCOMPARE(it.rationale, QStringLiteral("gist"));
        QCOMPARE(it.op.value("content", std::string()), kSkill);
        QCOMPARE(it.source.value("session", std::string()), std::string("s-42"));
        QCOMPARE(it.source.value("staged_file", std::string()), std::string("pending/skills/aa000001.json"));
        const Json j = it.toJson();
        QCOMPARE(j["hermes"].dump(), Json({{"id", "aa000001"},
                                           {"subsystem", "skills"},
                                           {"profile", "default"},
                                           {"origin", "background_review"},
                                           {"summary", "gist"}})
                                         .dump());
        report = importAll();
        QVERIFY(report.imported.empty());
        QCOMPARE(report.waiting.size(), std::size_t(1));
    }

    void keepsAndListsRecordsItCannotParse()
    {
        write(QStringLiteral("pending/skills/bad00001.json"), "{ not json");
        stage("bad00002", {{"action", "create"}, {"name", "x"}, {"content", 5}});
        const auto report = importAll();
        QCOMPARE(report.unparseable.size(), std::size_t(2));
        QCOMPARE(report.unparseable[1].error, QStringLiteral("payload.content must be a string"));
        QCOMPARE(report.unparseable[1].subsystem, QStringLiteral("skills"));
        QVERIFY(staged("bad00001"));
        QVERIFY(staged("bad00002"));
    }

    void approvingAppliesAsSkillManageAndSettlesTheRecord()
    {
        stage("aa000002", {{"action", "create"}, {"name", "deploy"}, {"content", kSkill}});
        importAll();
        auto done = approve("aa000002");
        QVERIFY2(done.has_value(), done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->status, QStringLiteral("applied"));
        QCOMPARE(done->reason.value_or(QString()), QStringLiteral("Skill 'deploy' created."));
        QCOMPARE(test::fileBytes(path(QStringLiteral("skills/deploy/SKILL.md"))), QByteArray::fromStdString(kSkill));
        QVERIFY(!staged("aa000002"));
    }

    void aFailedApprovalKeepsTheRecordWithHermesMessage()
    {
        stage("aa000003", {{"action", "patch"}, {"name", "ghost"}, {"old_string", "a"}, {"new_string", "b"}});
        importAll();
        auto done = approve("aa000003");
        QVERIFY(done.has_value());
        QCOMPARE(done->status, QStringLiteral("failed"));
        QCOMPARE(done->reason.value_or(QString()),
                 QStringLiteral("Skill 'ghost' not found in active profile 'default'. Use skills_list() "
                                "to see available skills."));
        QVERIFY(staged("aa000003"));
        importAll(); // a failed item is not settled by later imports either
        QVERIFY(staged("aa000003"));
    }

    void badInputChangesNothing()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), QByteArray::fromStdString(kSkill));
        stage("aa000004",
              {{"action", "write_file"}, {"name", "deploy"}, {"file_path", "../../x.md"}, {"file_content", "x"}});
        importAll();
        auto done = approve("aa000004");
        QCOMPARE(done->status, QStringLiteral("failed"));
        QCOMPARE(done->reason.value_or(QString()), QStringLiteral("Path traversal ('..') is not allowed."));
        QCOMPARE(QDir(path(QStringLiteral("skills/deploy"))).entryList(QDir::Files),
                 QStringList{QStringLiteral("SKILL.md")});
        QVERIFY(!QFile::exists(path(QStringLiteral("x.md"))));
    }

    void aRefusalRemovesTheRecordAndIsRemembered()
    {
        const Json payload = {{"action", "create"}, {"name", "deploy"}, {"content", kSkill}};
        stage("aa000005", payload);
        importAll();
        auto refused = InboxService(*m_ws, m_clock)
                           .refuse(inboxIdOf("aa000005"), QStringLiteral("low_value"), {}, QStringLiteral("founder"));
        QVERIFY(refused.has_value());
        QVERIFY(!staged("aa000005"));
        stage("aa000006", payload); // the agent stages the same write again
        importAll();
        const InboxItem again = item(inboxIdOf("aa000006"));
        QCOMPARE(again.status, QStringLiteral("rejected"));
        QVERIFY(again.reason.value_or(QString()).startsWith(QStringLiteral("refused before on")));
        QVERIFY(!staged("aa000006"));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/deploy"))));
    }

    void aPatchEditsThePayloadAndRevalidatesIt()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), QByteArray::fromStdString(kSkill));
        stage("aa000007",
              {{"action", "patch"}, {"name", "deploy"}, {"old_string", "1. Buld."}, {"new_string", "1. Build twice."}});
        importAll();
        const qint64 id = inboxIdOf("aa000007");
        InboxService service(*m_ws, m_clock);
        auto bad =
            service.patch(id, {{"action", "patch"}, {"name", "deploy"}, {"old_string", 3}}, QStringLiteral("founder"));
        QVERIFY(!bad.has_value());
        QCOMPARE(bad.error().message, QStringLiteral("patch: payload.old_string must be a string"));
        QCOMPARE(item(id).status, QStringLiteral("pending"));
        auto done = service.patch(
            id,
            {{"action", "patch"}, {"name", "deploy"}, {"old_string", "1. Build."}, {"new_string", "1. Build twice."}},
            QStringLiteral("founder"));
        QVERIFY2(done.has_value(), done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->status, QStringLiteral("modified"));
        QVERIFY(QString::fromUtf8(test::fileBytes(path(QStringLiteral("skills/deploy/SKILL.md"))))
                    .contains(QStringLiteral("1. Build twice.")));
        QVERIFY(!staged("aa000007"));
        QVERIFY(QFile::exists(path(QStringLiteral("skills/.usage.json"))));
    }

    void aRecordStagedWhileOpenIsImportedLive()
    {
        PendingWatcher watcher(*m_ws, m_clock, kActor);
        watcher.start();
        QSignalSpy spy(&watcher, &PendingWatcher::imported);
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/skills")))); // created by the agent later
        stage("aa000009", {{"action", "delete"}, {"name", "deploy"}});
        QVERIFY(spy.wait(1500));
        QVERIFY(inboxIdOf("aa000009") > 0);
        QCOMPARE(item(inboxIdOf("aa000009")).destination, QStringLiteral("skill"));
    }

    void aVanishedRecordIsWithdrawn()
    {
        stage("aa000008", {{"action", "delete"}, {"name", "deploy"}});
        importAll();
        QFile::remove(path(QStringLiteral("pending/skills/aa000008.json")));
        const auto report = importAll();
        QCOMPARE(report.withdrawn.size(), std::size_t(1));
        QCOMPARE(item(inboxIdOf("aa000008")).status, QStringLiteral("rejected"));
    }

    // A failed item is still open to a retry: its record settled outside Sediment must not be
    // applied a second time.
    void aVanishedRecordOfAFailedApprovalIsWithdrawnToo()
    {
        stage("aa00000a", {{"action", "delete"}, {"name", "ghost"}});
        importAll();
        auto done = approve("aa00000a");
        QVERIFY(done.has_value());
        QCOMPARE(done->status, QStringLiteral("failed"));
        QFile::remove(path(QStringLiteral("pending/skills/aa00000a.json")));
        const auto report = importAll();
        QCOMPARE(report.withdrawn.size(), std::size_t(1));
        QCOMPARE(item(inboxIdOf("aa00000a")).status, QStringLiteral("rejected"));
        QVERIFY(!approve("aa00000a").has_value());
    }
};

QTEST_GUILESS_MAIN(HermesSkillQueueTest)
#include "hermes_skill_queue_test.moc"
