// `sediment skills ...` run as a real process in a temporary workspace.
#include "store/Database.h"
#include "TeamConfig.h"
#include "TeamStore.h"
#include "WorkspaceDump.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using sediment::test::dumpDatabase;
using sediment::test::dumpTree;

namespace {

struct Run {
    int exit = -1;
    QString out;
    QString err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out.toUtf8()); }
};

} // namespace

class SkillsCliTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    QString ws() const { return m_dir->filePath(QStringLiteral("ws")); }

    Run sediment(const QStringList& args)
    {
        QProcess p;
        teamtest::prepareWorkspace(ws()); // against the team server, the folder names it
        p.setProgram(QStringLiteral(SEDIMENT_BINARY));
        p.setArguments(QStringList{QStringLiteral("--workspace"), ws()} + args);
        p.start();
        p.waitForFinished(60000);
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    void makeFolder(const QString& name)
    {
        QVERIFY(QDir().mkpath(ws() + QStringLiteral("/skills/") + name));
        QFile f(ws() + QStringLiteral("/skills/%1/SKILL.md").arg(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("---\nname: x\n---\n");
    }

    void expectOneErrorLine(const Run& r, int exitCode)
    {
        QCOMPARE(r.exit, exitCode);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("sediment: ")), qPrintable(r.err));
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void telemetryCreatesTheRecordAndListJsonUsesTheSpecFieldNames()
    {
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("deploy"),
                           QStringLiteral("--now"), QStringLiteral("2026-01-01T10:00:00")})
                     .exit,
                 0);
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("view"), QStringLiteral("deploy"),
                           QStringLiteral("--now"), QStringLiteral("2026-01-02T10:00:00.250+01:00")})
                     .exit,
                 0);
        const Run list = sediment({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.exit, 0);
        const QJsonArray rows = list.json().array();
        QCOMPARE(rows.size(), 1);
        const QJsonObject s = rows[0].toObject();
        QCOMPARE(s.keys().size(), 13);
        QCOMPARE(s[QStringLiteral("name")].toString(), QStringLiteral("deploy"));
        QCOMPARE(s[QStringLiteral("created_by")].toString(), QStringLiteral("agent"));
        QCOMPARE(s[QStringLiteral("pinned")].toBool(), false);
        QCOMPARE(s[QStringLiteral("state")].toString(), QStringLiteral("active"));
        QCOMPARE(s[QStringLiteral("use_count")].toInt(), 1);
        QCOMPARE(s[QStringLiteral("view_count")].toInt(), 1);
        QCOMPARE(s[QStringLiteral("patch_count")].toInt(), 0);
        QCOMPARE(s[QStringLiteral("last_used_at")].toString(), QStringLiteral("2026-01-01T10:00:00.000Z"));
        QCOMPARE(s[QStringLiteral("last_viewed_at")].toString(), QStringLiteral("2026-01-02T09:00:00.250Z"));
        QVERIFY(s[QStringLiteral("last_patched_at")].isNull());
        QCOMPARE(s[QStringLiteral("created_at")].toString(), QStringLiteral("2026-01-01T10:00:00.000Z"));
        QVERIFY(s[QStringLiteral("archived_at")].isNull());
        // Python-style separators, as every JSON output of the CLI.
        QVERIFY(list.out.startsWith(QStringLiteral("[{\"name\": \"deploy\", \"created_by\": \"agent\"")));
    }

    void badInputIsOneErrorLineAndChangesNothing()
    {
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("deploy")}).exit, 0);
        const QString before = dumpDatabase(ws() + QStringLiteral("/sediment.db"));
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("../etc")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("deploy\n")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("view"), QStringLiteral("deploy\t")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("nope")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("pin")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("frobnicate")}), 2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--now"),
                                     QStringLiteral("last tuesday")}),
                           2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--state"),
                                     QStringLiteral("dusty")}),
                           2);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("restore"), QStringLiteral("deploy")}),
                           1);
        expectOneErrorLine(sediment({QStringLiteral("skills"), QStringLiteral("import-hermes"),
                                     m_dir->filePath(QStringLiteral("missing.json"))}),
                           3);
        QCOMPARE(dumpDatabase(ws() + QStringLiteral("/sediment.db")), before);
    }

    void pinAndUnpinAreAuditedAndIdempotent()
    {
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("deploy")}).exit, 0);
        const Run pin = sediment(
            {QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("deploy"), QStringLiteral("--json")});
        QCOMPARE(pin.exit, 0);
        QCOMPARE(pin.json().object()[QStringLiteral("changed")].toBool(), true);
        QCOMPARE(pin.json().object()[QStringLiteral("skill")].toObject()[QStringLiteral("pinned")].toBool(), true);
        const Run again = sediment(
            {QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("deploy"), QStringLiteral("--json")});
        QCOMPARE(again.exit, 0);
        QCOMPARE(again.json().object()[QStringLiteral("changed")].toBool(), false);
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("unpin"), QStringLiteral("deploy")}).exit, 0);
        const QString db = dumpDatabase(ws() + QStringLiteral("/sediment.db"));
        QCOMPARE(db.count(QStringLiteral("skill.pinned")), 1);
        QCOMPARE(db.count(QStringLiteral("skill.unpinned")), 1);
        QVERIFY(db.contains(QStringLiteral("|cli:")));
    }

    void curateDryRunWritesNothingAndShowsTheSamePlan()
    {
        for (const char* name : {"old-one", "mid-one", "new-one"})
            makeFolder(QString::fromLatin1(name));
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("old-one"),
                           QStringLiteral("--now"), QStringLiteral("2026-01-01T00:00:00Z")})
                     .exit,
                 0);
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("mid-one"),
                           QStringLiteral("--now"), QStringLiteral("2026-04-20T00:00:00Z")})
                     .exit,
                 0);
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("new-one"),
                           QStringLiteral("--now"), QStringLiteral("2026-05-30T00:00:00Z")})
                     .exit,
                 0);
        const QString dbBefore = dumpDatabase(ws() + QStringLiteral("/sediment.db"));
        const QString treeBefore = dumpTree(ws());
        const QStringList curate{QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--now"),
                                 QStringLiteral("2026-06-01T12:00:00Z"), QStringLiteral("--json")};
        const Run dry = sediment(curate + QStringList{QStringLiteral("--dry-run")});
        QCOMPARE(dry.exit, 0);
        QCOMPARE(dumpDatabase(ws() + QStringLiteral("/sediment.db")), dbBefore);
        QCOMPARE(dumpTree(ws()), treeBefore);
        QJsonObject d = dry.json().object();
        QCOMPARE(d[QStringLiteral("checked")].toInt(), 3);
        QCOMPARE(d[QStringLiteral("archived")].toInt(), 1);
        QCOMPARE(d[QStringLiteral("marked_stale")].toInt(), 1);
        QCOMPARE(d[QStringLiteral("reactivated")].toInt(), 0);
        QCOMPARE(d[QStringLiteral("skipped_pinned")].toInt(), 0);
        QCOMPARE(d[QStringLiteral("skipped_not_agent")].toInt(), 0);
        QCOMPARE(d[QStringLiteral("failed")].toInt(), 0);
        QVERIFY(dry.out.startsWith(QStringLiteral("{\"checked\": 3, \"marked_stale\": 1, \"archived\": 1, ")));

        const Run real = sediment(curate);
        QCOMPARE(real.exit, 0);
        QJsonObject r = real.json().object();
        QCOMPARE(r[QStringLiteral("dry_run")].toBool(), false);
        d.remove(QStringLiteral("dry_run"));
        r.remove(QStringLiteral("dry_run"));
        QCOMPARE(r, d);
        QVERIFY(QFileInfo::exists(ws() + QStringLiteral("/skills/.archive/old-one/SKILL.md")));
        const Run stale = sediment({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--state"),
                                    QStringLiteral("stale"), QStringLiteral("--json")});
        QCOMPARE(stale.json().array().size(), 1);
        QCOMPARE(stale.json().array()[0].toObject()[QStringLiteral("name")].toString(), QStringLiteral("mid-one"));

        const Run restore = sediment({QStringLiteral("skills"), QStringLiteral("restore"), QStringLiteral("old-one")});
        QCOMPARE(restore.exit, 0);
        QVERIFY(QFileInfo::exists(ws() + QStringLiteral("/skills/old-one/SKILL.md")));
    }

    // The text plan, one line a step, and a move that failed said on its line and in the exit
    // code (here .archive is a file, so no folder can go into it).
    void aFailedArchiveIsSaidOnItsPlanLine()
    {
        makeFolder(QStringLiteral("old-one"));
        makeFolder(QStringLiteral("mid-one"));
        for (const auto& [name, when] :
             {std::pair{"old-one", "2026-01-01T00:00:00Z"}, {"mid-one", "2026-04-20T00:00:00Z"}})
            QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QLatin1String(name),
                               QStringLiteral("--now"), QLatin1String(when)})
                         .exit,
                     0);
        QFile blocker(ws() + QStringLiteral("/skills/.archive"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const Run r = sediment({QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--now"),
                                QStringLiteral("2026-06-01T12:00:00Z")});
        QCOMPARE(r.exit, 1);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith(QStringLiteral("curator at 2026-06-01T12:00:00.000Z: checked 2, marked stale 1, "
                                                    "archived 0, reactivated 0, skipped pinned 0, skipped not "
                                                    "agent-created 0, failed 1")),
                 qPrintable(lines[0]));
        QCOMPARE(lines[1], QStringLiteral("  mid-one: active -> stale (last activity 2026-04-20T00:00:00.000Z is 30 "
                                          "days or more ago (stale after 30 days))"));
        QCOMPARE(lines[2], QStringLiteral("  old-one: active -> archived (last activity 2026-01-01T00:00:00.000Z is 90 "
                                          "days or more ago (archive after 90 days)) FAILED: cannot create ")
                               + ws() + QStringLiteral("/skills/.archive"));
    }

    void importHermesLinksTheFileAndWritesPinsBackKeepingUnknownKeys()
    {
        const QString home = m_dir->filePath(QStringLiteral("hermes"));
        QVERIFY(QDir().mkpath(home + QStringLiteral("/skills")));
        const QString usage = home + QStringLiteral("/skills/.usage.json");
        {
            QFile f(usage);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"deploy": {"use_count": 2, "view_count": 0, "patch_count": 0,
                "last_used_at": "2026-05-01T10:00:00.123456", "created_at": "2026-04-01T00:00:00+00:00",
                "state": "active", "pinned": false, "archived_at": null, "my_note": {"keep": [1, "two"]}}})");
        }
        const Run imported =
            sediment({QStringLiteral("skills"), QStringLiteral("import-hermes"), usage, QStringLiteral("--json")});
        QCOMPARE(imported.exit, 0);
        QCOMPARE(imported.json().object()[QStringLiteral("imported")].toInt(), 1);
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("deploy")}).exit, 0);
        QFile f(usage);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY2(text.startsWith("{\n  \"deploy\": {\n    \"archived_at\": null,\n"), text.constData());
        const QJsonObject rec = QJsonDocument::fromJson(text).object()[QStringLiteral("deploy")].toObject();
        QCOMPARE(rec[QStringLiteral("pinned")].toBool(), true);
        QCOMPARE(rec[QStringLiteral("my_note")].toObject()[QStringLiteral("keep")].toArray().size(), 2);
        QCOMPARE(rec[QStringLiteral("last_used_at")].toString(), QStringLiteral("2026-05-01T10:00:00.123456"));
    }

    void aLinkToAnyOtherFileIsNeverWrittenTo()
    {
        // A victim beside the workspace: a settings file another writer of the store would like
        // this host to overwrite.
        const QString victim = m_dir->filePath(QStringLiteral("victim/settings.json"));
        QVERIFY(QDir().mkpath(QFileInfo(victim).path()));
        const QByteArray secret = "{\"api_key\": \"keep-me\"}\n";
        {
            QFile f(victim);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(secret);
        }
        // Import refuses to link it.
        Run r = sediment({QStringLiteral("skills"), QStringLiteral("import-hermes"), victim});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(QStringLiteral("is not a Hermes skills/.usage.json")), qPrintable(r.err));
        // A link rewritten in the store itself (as a role of a team's server might) is not used.
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("use"), QStringLiteral("deploy")}).exit, 0);
        const QString dbPath = ws() + QStringLiteral("/sediment.db");
        QVERIFY(sediment::test::execIn(dbPath, "DELETE FROM skills_usage_link"));
        QVERIFY(sediment::test::execIn(
            dbPath, sediment::Sql(qPrintable(QStringLiteral("INSERT INTO skills_usage_link(id, path, imported_at) "
                                                            "VALUES (1, '%1', '2026-01-01T00:00:00.000Z')")
                                                 .arg(victim)))));
        r = sediment({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("deploy")});
        QVERIFY2(r.err.contains(QStringLiteral("is not a Hermes skills/.usage.json: nothing is written to it")),
                 qPrintable(r.err));
        QFile f(victim);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), secret);
        QVERIFY(!QFileInfo::exists(victim + QStringLiteral(".lock")));
    }
};

QTEST_GUILESS_MAIN(SkillsCliTest)
#include "skills_cli_test.moc"
