// Staged Hermes skill writes through the real `sediment` process, in a temporary Hermes home:
// `hermes import-pending`, `inbox list --json` carrying the record's Hermes identity, `inbox
// approve` applying as skill_manage would (or failing with Hermes' message, the record kept),
// and `inbox patch` editing the staged payload.
#include "CliRun.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

const std::string kSkill = "---\nname: deploy\ndescription: Ship the app\n---\n\n1. Build.\n2. Upload.\n";

} // namespace

class HermesSkillsCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir.path(), args); }
    void write(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    void stage(const std::string& id, const Json& payload)
    {
        const Json r = {{"id", id},
                        {"subsystem", "skills"},
                        {"action", payload["action"]},
                        {"summary", "a gist"},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.25},
                        {"payload", payload},
                        {"future_field", {1, 2}}};
        write(QStringLiteral("pending/skills/%1.json").arg(fromStd(id)), QByteArray::fromStdString(r.dump(2)));
    }
    bool staged(const char* id) const
    {
        return QFile::exists(path(QStringLiteral("pending/skills/%1.json").arg(QLatin1String(id))));
    }
    qint64 idOf(const Json& list, const std::string& hermesId)
    {
        for (const Json& it : list)
            if (it.contains("hermes") && it["hermes"]["id"] == hermesId)
                return it["id"].get<qint64>();
        return -1;
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(path(QStringLiteral("skills/deploy")));
        write(QStringLiteral("config.yaml"), "skills:\n  write_approval: true\n");
        write(QStringLiteral("skills/deploy/SKILL.md"), QByteArray::fromStdString(kSkill));
    }

    void anUnusableSkillRecordIsNamedInItsOwnFolder()
    {
        write(QStringLiteral("pending/skills/dd000001.json"), "{\"id\": \"dd000001\"");
        write(QStringLiteral("profiles/work/pending/skills/dd000002.json"), "[]");
        const Run r = run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("cannot use pending/skills/dd000001.json: "), r.out.constData());
        QVERIFY2(r.out.contains("cannot use profiles/work/pending/skills/dd000002.json: "), r.out.constData());
        QVERIFY(!r.out.contains("pending/memory/"));
    }

    void importsListsAndApprovesAStagedPatch()
    {
        stage("cc000001", {{"action", "patch"},
                           {"name", "deploy"},
                           {"old_string", "2. Upload."},
                           {"new_string", "2. Upload.\n3. Verify."},
                           {"replace_all", false}});
        write(QStringLiteral("pending/skills/README"), "ignored");
        Run r = run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const auto report = r.json();
        QCOMPARE(report["imported"].size(), std::size_t(1));
        QCOMPARE(report["unparseable"].size(), std::size_t(0));

        r = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json list = Json::parse(r.out.toStdString());
        const qint64 id = idOf(list, "cc000001");
        QVERIFY(id > 0);
        const Json& item = list[0];
        QVERIFY(item["destination"] == "skill");
        QCOMPARE(item["hermes"].dump(), Json({{"id", "cc000001"},
                                              {"subsystem", "skills"},
                                              {"profile", "default"},
                                              {"origin", "foreground"},
                                              {"summary", "a gist"}})
                                            .dump());
        QVERIFY(item["source"]["future_field"] == Json({1, 2}));
        r = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id)});
        QVERIFY2(r.out.contains("\nApproval: patch 'deploy' SKILL.md (+2/-1 lines) (skills/deploy/SKILL.md)\n"),
                 r.out.constData());
        // Read by a person, the item says what the write does: Hermes' gist of the payload.
        r = run({QStringLiteral("hermes"), QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QByteArray("cc000001 [pending] skill foreground \xe2\x80\x94 patch 'deploy' SKILL.md "
                                           "(+2/-1 lines)\n")),
                 r.out.constData());

        r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 0);
        QVERIFY(!staged("cc000001"));
        QFile f(path(QStringLiteral("skills/deploy/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().endsWith("2. Upload.\n3. Verify.\n"));
        QVERIFY(QFile::exists(path(QStringLiteral("skills/.usage.json"))));
    }

    void aFailingApprovalExitsOneWithHermesMessageAndKeepsTheRecord()
    {
        stage("cc000002", {{"action", "create"}, {"name", "Bad Name"}, {"content", kSkill}});
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        const qint64 id = idOf(list, "cc000002");
        // `inbox show` tells it before anyone approves.
        const Run shown = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id)});
        QCOMPARE(shown.code, 0);
        QVERIFY2(shown.out.contains("\nApproval would fail: Invalid skill name 'Bad Name'."), shown.out.constData());
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        const QByteArray said = r.out + r.err;
        QVERIFY2(said.contains("Invalid skill name 'Bad Name'. Use lowercase letters, numbers, hyphens, "
                               "dots, and underscores. Must start with a letter or digit."),
                 said.constData());
        QVERIFY(staged("cc000002"));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/Bad Name"))));
    }

    void aFailedApprovalCanBeTriedAgainOrRefusedAsHermesKeepsTheRecordOpen()
    {
        // Hermes keeps a record whose approval failed until it is approved or rejected.
        stage("cc000004", {{"action", "patch"},
                           {"name", "notes"},
                           {"old_string", "1. Build."},
                           {"new_string", "1. Build twice."},
                           {"replace_all", false}});
        stage("cc000005", {{"action", "delete"}, {"name", "ghost"}});
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        const qint64 patchId = idOf(list, "cc000004");
        const qint64 deleteId = idOf(list, "cc000005");
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(patchId)}).code, 1);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(deleteId)}).code, 1);
        QVERIFY(staged("cc000004"));
        QVERIFY(staged("cc000005"));
        // Both still wait for a reviewer, as a status bar should say.
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json")})
                     .json()["profiles"][0]["subsystems"]["skills"]
                     .value("pending", 0),
                 2);

        // The skill exists now: approving again applies the write and settles the record.
        write(QStringLiteral("skills/notes/SKILL.md"),
              "---\nname: notes\ndescription: Notes\n---\n\n1. Build.\n2. Upload.\n");
        Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(patchId)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!staged("cc000004"));
        QFile f(path(QStringLiteral("skills/notes/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().endsWith("\n1. Build twice.\n2. Upload.\n"));

        // Refusing a failed write removes its record, as rejecting it in Hermes does.
        r = run({QStringLiteral("inbox"), QStringLiteral("refuse"), QString::number(deleteId),
                 QStringLiteral("--reason"), QStringLiteral("wrong")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!staged("cc000005"));
        r = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(deleteId), QStringLiteral("--json")});
        QVERIFY(r.json()["status"] == "refused");
        r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(deleteId)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("is refused") && r.err.contains("only pending or failed items can be approved"),
                 r.err.constData());
    }

    void aWriteThroughASymlinkOutOfTheSkillFailsWithHermesRelativeToWords()
    {
        // The home's own path holds a quote, so repr() prints both paths in double quotes; the
        // link is dangling, and Python's resolve() follows it all the same.
        const QString home = path(QStringLiteral("it's home"));
        QDir().mkpath(home + QStringLiteral("/skills/deploy"));
        QDir().mkpath(home + QStringLiteral("/pending/skills"));
        write(QStringLiteral("it's home/config.yaml"), "skills:\n  write_approval: true\n");
        write(QStringLiteral("it's home/skills/deploy/SKILL.md"), QByteArray::fromStdString(kSkill));
        QVERIFY(QFile::link(QStringLiteral("../../gone/deeper"), home + QStringLiteral("/skills/deploy/references")));
        const Json r = {{"id", "cc000009"},
                        {"subsystem", "skills"},
                        {"action", "write_file"},
                        {"summary", "a gist"},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.25},
                        {"payload",
                         {{"action", "write_file"},
                          {"name", "deploy"},
                          {"file_path", "references/x.md"},
                          {"file_content", "hello\n"}}}};
        write(QStringLiteral("it's home/pending/skills/cc000009.json"), QByteArray::fromStdString(r.dump(2)));
        QCOMPARE(clitest::sediment(home, {QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            clitest::sediment(home, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")})
                .out.toStdString());
        const Run approved = clitest::sediment(
            home, {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(idOf(list, "cc000009"))});
        QCOMPARE(approved.code, 1);
        const QString real = QFileInfo(home).canonicalFilePath();
        const QString expected = QStringLiteral("Path escapes allowed directory: \"%1/gone/deeper/x.md\" is not in the "
                                                "subpath of \"%1/skills/deploy\"")
                                     .arg(real);
        QVERIFY2(QString::fromUtf8(approved.err).contains(expected), approved.err.constData());
        QVERIFY(QFile::exists(home + QStringLiteral("/pending/skills/cc000009.json")));
        QVERIFY(!QFileInfo::exists(home + QStringLiteral("/gone")));
    }

    void patchingEditsTheStagedPayload()
    {
        stage("cc000003",
              {{"action", "write_file"}, {"name", "deploy"}, {"file_path", "notes/x.md"}, {"file_content", "hello\n"}});
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        const qint64 id = idOf(list, "cc000003");
        write(QStringLiteral("edited.json"), QByteArray::fromStdString(Json({{"action", "write_file"},
                                                                             {"name", "deploy"},
                                                                             {"file_path", "references/x.md"},
                                                                             {"file_content", "hello\n"}})
                                                                           .dump()));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id),
                           QStringLiteral("--file"), path(QStringLiteral("edited.json"))});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(path(QStringLiteral("skills/deploy/references/x.md"))));
        QVERIFY(!staged("cc000003"));
    }

    // Hermes' checks that need no file run on the edited payload: an edit Hermes would refuse is
    // bad input (exit 2), and the item, its record, the skill and the audit log stay as they were.
    void anEditHermesWouldRefuseChangesNothing()
    {
        stage("cc000006",
              {{"action", "patch"}, {"name", "deploy"}, {"old_string", "1. Build."}, {"new_string", "1. Compile."}});
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const auto item = [&] {
            const Json list = Json::parse(
                run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
            for (const Json& it : list)
                if (it.contains("hermes") && it["hermes"]["id"] == "cc000006")
                    return it;
            return Json();
        };
        const Json before = item();
        const qint64 id = before["id"].get<qint64>();
        const QByteArray audit = run({QStringLiteral("audit"), QStringLiteral("--json")}).out;
        const QByteArray record = [&] {
            QFile f(path(QStringLiteral("pending/skills/cc000006.json")));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        const auto refused = [&](const Json& edited, const QByteArray& message) {
            write(QStringLiteral("edited.json"), QByteArray::fromStdString(edited.dump()));
            const Run r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id),
                               QStringLiteral("--file"), path(QStringLiteral("edited.json"))});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(message), r.err.constData());
            QVERIFY(item() == before);
            QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--json")}).out, audit);
            QFile f(path(QStringLiteral("pending/skills/cc000006.json")));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), record);
        };
        refused({{"action", "patch"}, {"name", "deploy"}, {"old_string", ""}, {"new_string", "x"}},
                "old_string is required for 'patch'. Provide the text to find.");
        refused({{"action", "create"}, {"name", "Bad Name"}, {"content", kSkill}},
                "Invalid skill name 'Bad Name'. Use lowercase letters, numbers, hyphens, dots, and underscores.");
        refused({{"action", "write_file"}, {"name", "deploy"}, {"file_path", "notes/x.md"}, {"file_content", "x"}},
                "File must be under one of: assets, references, scripts, templates. Got: 'notes/x.md'");
        refused({{"action", "batch"},
                 {"operations",
                  {{{"action", "patch"}, {"name", "deploy"}, {"old_string", "1. Build."}, {"new_string", "a"}},
                   {{"action", "write_file"}, {"name", "deploy"}, {"file_path", "references/x.md"}}}}},
                "operations[1] (write_file on 'deploy') failed: file_content is required for 'write_file'. "
                "\u2014 batch aborted, all touched skills rolled back.");
        QVERIFY(QFile(path(QStringLiteral("skills/deploy/SKILL.md"))).size() == qint64(kSkill.size()));

        // An edit Hermes takes still goes through, as before.
        write(QStringLiteral("edited.json"), QByteArray::fromStdString(Json({{"action", "patch"},
                                                                             {"name", "deploy"},
                                                                             {"old_string", "2. Upload."},
                                                                             {"new_string", "2. Ship."}})
                                                                           .dump()));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id),
                           QStringLiteral("--file"), path(QStringLiteral("edited.json"))});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(path(QStringLiteral("skills/deploy/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("2. Ship."));
    }
};

QTEST_GUILESS_MAIN(HermesSkillsCliTest)
#include "hermes_skills_cli_test.moc"
