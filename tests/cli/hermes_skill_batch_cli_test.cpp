// A staged Hermes skill batch through the real `sediment` process, in a temporary Hermes home:
// one record, one inbox item with Hermes' gist and every file it writes; approving applies all of
// it, or none of it with Hermes' message naming the operation that failed (the record kept);
// patching the item checks the edited batch again.
#include "CliRun.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

std::string skillText(const char* name)
{
    return toStd(QStringLiteral("---\nname: %1\ndescription: How to %1\n---\n\nStep one.\n").arg(QLatin1String(name)));
}

Json create(const char* name) { return Json{{"action", "create"}, {"name", name}, {"content", skillText(name)}}; }

Json patch(const char* name, const char* from, const char* to)
{
    return Json{{"action", "patch"}, {"name", name}, {"old_string", from}, {"new_string", to}};
}

} // namespace

class HermesSkillBatchCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_dir.path(), args, input);
    }
    void write(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    QByteArray read(const QString& rel) const
    {
        QFile f(path(rel));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    // Stages the batch as Hermes does: no top-level name, Hermes' gist as the summary.
    void stage(const char* id, const Json& operations, const char* summary)
    {
        const Json r = {{"id", id},
                        {"subsystem", "skills"},
                        {"action", "batch"},
                        {"summary", summary},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.25},
                        {"payload", {{"action", "batch"}, {"operations", operations}}}};
        write(QStringLiteral("pending/skills/%1.json").arg(QLatin1String(id)), QByteArray::fromStdString(r.dump(2)));
    }
    bool staged(const char* id) const
    {
        return QFile::exists(path(QStringLiteral("pending/skills/%1.json").arg(QLatin1String(id))));
    }
    // Imports the queue; the one item's id.
    qint64 importOne()
    {
        Run r = run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")});
        if (r.code != 0 || r.json()["imported"].size() != 1)
            return -1;
        const Json list = Json::parse(
            run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        return list.size() == 1 ? list[0]["id"].get<qint64>() : -1;
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        write(QStringLiteral("config.yaml"), "skills:\n  write_approval: true\n");
        write(QStringLiteral("skills/deploy/SKILL.md"), QByteArray::fromStdString(skillText("deploy")));
    }

    void aBatchIsOneItemAndApprovingAppliesAllOfIt()
    {
        stage("bb000001",
              {create("fresh"),
               {{"action", "write_file"}, {"name", "fresh"}, {"file_path", "references/a.md"}, {"file_content", "A\n"}},
               patch("deploy", "Step one.", "Step one.\nStep two.")},
              "batch(3 ops: create, write_file, patch) on deploy, fresh");
        const qint64 id = importOne();
        QVERIFY(id > 0);
        Run r = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id)});
        QCOMPARE(r.code, 0);
        QVERIFY2(!r.out.contains("Unknown action"), r.out.constData());
        QVERIFY2(r.out.contains("\nApproval: batch(3 ops: create, write_file, patch) on deploy, fresh "
                                "(skills/fresh/SKILL.md, skills/fresh/references/a.md, skills/deploy/SKILL.md)\n"),
                 r.out.constData());
        r = run({QStringLiteral("hermes"), QStringLiteral("list")});
        QVERIFY2(r.out.contains("bb000001 [pending] skill foreground \xe2\x80\x94 batch(3 ops: create, write_file, "
                                "patch) on deploy, fresh\n"),
                 r.out.constData());

        r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(read(QStringLiteral("skills/fresh/references/a.md")), QByteArray("A\n"));
        QCOMPARE(read(QStringLiteral("skills/fresh/SKILL.md")), QByteArray::fromStdString(skillText("fresh")));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).endsWith("Step one.\nStep two.\n"));
        QVERIFY(!staged("bb000001"));
        r = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QVERIFY(r.json()["status"] == "applied");
        // Nothing of the batch's undo copies is left behind.
        QVERIFY(QDir(path(QStringLiteral(".sediment-batches"))).isEmpty());
    }

    void aFailingOperationLeavesNothingAndNamesItself()
    {
        stage("bb000002", {create("fresh"), patch("deploy", "Step one.", "Step 1."), patch("deploy", "absent", "x")},
              "batch(3 ops: create, patch, patch) on deploy, fresh");
        const qint64 id = importOne();
        QVERIFY(id > 0);
        const QByteArray before = read(QStringLiteral("skills/deploy/SKILL.md"));
        const Run shown = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id)});
        QVERIFY2(shown.out.contains("\nApproval would fail: operations[2] (patch on 'deploy') failed: "),
                 shown.out.constData());
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        const QByteArray said = r.out + r.err;
        QVERIFY2(said.contains("operations[2] (patch on 'deploy') failed: "), said.constData());
        QVERIFY2(said.contains(" \xe2\x80\x94 batch aborted, all touched skills rolled back."), said.constData());
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
        QCOMPARE(read(QStringLiteral("skills/deploy/SKILL.md")), before);
        QVERIFY(staged("bb000002"));
        const Run shownAfter =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QVERIFY(shownAfter.json()["status"] == "failed");
    }

    void aBatchHermesWouldRefuseIsRefusedWithItsMessage()
    {
        stage("bb000003", {create("fresh"), {{"action", "delete"}, {"name", "deploy"}}}, "batch");
        const qint64 id = importOne();
        QVERIFY(id > 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        QVERIFY2(QByteArray(r.out + r.err)
                     .contains("delete must be the SOLE op in its call \xe2\x80\x94 it doesn't compose with "
                               "other ops' rollback."),
                 r.err.constData());
        QVERIFY(QFile::exists(path(QStringLiteral("skills/deploy/SKILL.md"))));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
    }

    void aSoleDeleteIsApplied()
    {
        stage("bb000004", {{{"action", "delete"}, {"name", "deploy"}}}, "batch(1 ops: delete) on deploy");
        const qint64 id = importOne();
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/deploy"))));
    }

    void aBatchKilledMidwayIsRolledBackByTheNextCommand()
    {
        stage("bb000006",
              {create("fresh"), patch("deploy", "Step one.", "Step 1."), create("other"),
               patch("deploy", "Step 1.", "Go.")},
              "batch(4 ops: create, patch, create, patch) on deploy, fresh, other");
        const qint64 id = importOne();
        QVERIFY(id > 0);
        const QByteArray before = read(QStringLiteral("skills/deploy/SKILL.md"));
        const Run killed =
            clitest::runAsIs(m_dir.path(), {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)},
                             {}, {QStringLiteral("SEDIMENT_CRASH_AT=mid-batch")});
        QCOMPARE(killed.code, -1);
        // Half of it is on disk, as a kill -9 leaves it.
        QVERIFY(QFile::exists(path(QStringLiteral("skills/fresh/SKILL.md"))));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).contains("Step 1."));
        // Any command settles first: none of the batch stands, the item waits again.
        const Run shown =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QVERIFY(shown.json()["status"] == "pending");
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
        QCOMPARE(read(QStringLiteral("skills/deploy/SKILL.md")), before);
        QVERIFY(staged("bb000006"));
        // And approving it again applies the whole of it.
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(path(QStringLiteral("skills/other/SKILL.md"))));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).contains("Go."));
        QVERIFY(QDir(path(QStringLiteral(".sediment-batches"))).isEmpty());
    }

    void patchingABatchChecksItAgain()
    {
        stage("bb000005", {create("fresh"), patch("deploy", "absent", "x")},
              "batch(2 ops: create, patch) on deploy, fresh");
        const qint64 id = importOne();
        QVERIFY(id > 0);
        Json ops = Json::array();
        for (int i = 0; i < 21; ++i)
            ops.push_back(create("fresh"));
        Run r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id), QStringLiteral("--file"),
                     QStringLiteral("-")},
                    QByteArray::fromStdString(Json({{"action", "batch"}, {"operations", ops}}).dump()));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("patch: operations is capped at 20 ops per call."), r.err.constData());
        r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id), QStringLiteral("--file"),
                 QStringLiteral("-")},
                QByteArray::fromStdString(
                    Json({{"action", "batch"}, {"operations", {patch("deploy", "Step one.", "x"), create("deploy")}}})
                        .dump()));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("patch: operations[1]: create for 'deploy' must precede that skill's other ops."),
                 r.err.constData());
        QVERIFY(QFile::exists(path(QStringLiteral("pending/skills/bb000005.json"))));
        r = run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        QVERIFY(r.json()["status"] == "pending");

        r = run({QStringLiteral("inbox"), QStringLiteral("patch"), QString::number(id), QStringLiteral("--file"),
                 QStringLiteral("-")},
                QByteArray::fromStdString(
                    Json({{"action", "batch"}, {"operations", {create("fresh"), patch("deploy", "Step one.", "Go.")}}})
                        .dump()));
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(path(QStringLiteral("skills/fresh/SKILL.md"))));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).endsWith("Go.\n"));
        QVERIFY(!staged("bb000005"));
    }
};

QTEST_GUILESS_MAIN(HermesSkillBatchCliTest)
#include "hermes_skill_batch_cli_test.moc"
