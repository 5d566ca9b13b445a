// `sediment skills curate` on a Hermes home, as a real process: Hermes' counts and thresholds.
#include "CliRun.h"
#include "FileBytes.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using sediment::test::fileBytes;
using sediment::test::writeFileBytes;

class HermesCurateCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString home(const QString& rel) const { return m_dir.filePath(rel); }

    void skill(const QString& name)
    {
        writeFileBytes(home(QStringLiteral("skills/%1/SKILL.md").arg(name)),
                       "---\nname: " + name.toUtf8() + "\n---\nbody\n");
    }

private Q_SLOTS:
    void initTestCase()
    {
        writeFileBytes(home(QStringLiteral("config.yaml")), "curator:\n  enabled: true\n");
        writeFileBytes(home(QStringLiteral("skills/.usage.json")), R"({
  "old": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-04-20T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "recent": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-05-10T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "scheduled": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null}
})");
        writeFileBytes(home(QStringLiteral("skills/.bundled_manifest")), "starter:abc\n");
        writeFileBytes(home(QStringLiteral("cron/jobs.json")),
                       R"({"jobs": [{"id": "x", "skill": "scheduled", "enabled": false}]})");
        for (const char* name : {"old", "recent", "scheduled", "starter"})
            skill(QString::fromLatin1(name));
    }

    void dryRunPrintsHermesKeysFirstAndChangesNothing()
    {
        const QByteArray usageBefore = fileBytes(home(QStringLiteral("skills/.usage.json")));
        const auto run = clitest::sediment(
            m_dir.path(), {QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--dry-run"),
                           QStringLiteral("--now"), QStringLiteral("2026-06-01T12:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(run.code, 0);
        const auto j = run.json();
        QVERIFY2(j.is_object(), run.out.constData());
        std::vector<std::string> keys;
        for (const auto& [key, value] : j.items())
            keys.push_back(key);
        QVERIFY(keys.size() > 5);
        QCOMPARE(std::vector<std::string>(keys.begin(), keys.begin() + 5),
                 (std::vector<std::string>{"marked_stale", "archived", "reactivated", "checked", "seeded"}));
        // 42 days since "old" was used: archived at Hermes' 30; "recent" (22 days) goes stale at 14.
        QCOMPARE(j["archived"].get<int>(), 1);
        QCOMPARE(j["marked_stale"].get<int>(), 1);
        QCOMPARE(j["reactivated"].get<int>(), 0);
        QCOMPARE(j["checked"].get<int>(), 4);
        QCOMPARE(j["seeded"].get<int>(), 1);
        QCOMPARE(j["skipped_cron"].get<int>(), 1);
        QCOMPARE(j["stale_after_days"].get<int>(), 14);
        QCOMPARE(j["archive_after_days"].get<int>(), 30);
        QCOMPARE(j["dry_run"].get<bool>(), true);
        QCOMPARE(fileBytes(home(QStringLiteral("skills/.usage.json"))), usageBefore);
        QVERIFY(QFileInfo(home(QStringLiteral("skills/old/SKILL.md"))).isFile());
    }

    // A home of 1,200 skills walks with the name cache in $XDG_CACHE_HOME: the second pass
    // takes unchanged names from it and still sees a SKILL.md renamed in place since.
    void aLargeHomeIsWalkedWithTheNameCacheAndSeesAnEditInPlace()
    {
        QTemporaryDir big;
        QByteArray usage = "{";
        const QByteArray record = "\": {\"created_by\": \"agent\", \"use_count\": 1, "
                                  "\"last_used_at\": \"2026-01-01T00:00:00+00:00\", "
                                  "\"created_at\": \"2026-01-01T00:00:00+00:00\", \"state\": \"active\"}";
        for (int i = 0; i < 1200; ++i) {
            const QByteArray name = QStringLiteral("s%1").arg(i, 4, 10, QLatin1Char('0')).toUtf8();
            writeFileBytes(big.filePath(QStringLiteral("skills/%1/SKILL.md").arg(QLatin1String(name))),
                           "---\nname: " + name + "\n---\nbody\n");
            usage += (i ? ",\n" : "\n") + QByteArray("\"") + name + record;
        }
        writeFileBytes(big.filePath(QStringLiteral("skills/.usage.json")), usage + "\n}\n");
        writeFileBytes(big.filePath(QStringLiteral("config.yaml")), "curator:\n  enabled: true\n");
        const QString cacheHome = big.filePath(QStringLiteral("xdg-cache"));
        const auto curate = [&] {
            teamtest::prepareWorkspace(big.path());
            return clitest::runAsIs(big.path(),
                                    {QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--dry-run"),
                                     QStringLiteral("--now"), QStringLiteral("2026-06-01T12:00:00Z"),
                                     QStringLiteral("--json")},
                                    {}, {QStringLiteral("XDG_CACHE_HOME=") + cacheHome});
        };
        QTest::qWait(3200); // a SKILL.md changed less than 3 s before the walk is not cached
        const auto first = curate();
        QCOMPARE(first.code, 0);
        QCOMPARE(first.json()["archived"].get<int>(), 1200);
        const QStringList caches = QDir(cacheHome + QStringLiteral("/sediment/skill-names"))
                                       .entryList({QStringLiteral("*.cache")}, QDir::Files);
        QCOMPARE(caches.size(), 1);

        writeFileBytes(big.filePath(QStringLiteral("skills/s0007/SKILL.md")), "---\nname: t0007\n---\nbody\n");
        const auto second = curate();
        QCOMPARE(second.code, 0);
        const auto j = second.json();
        QCOMPARE(j["archived"].get<int>(), 1199); // t0007 has no record: not the agent's
        QCOMPARE(j["checked"].get<int>(), 1199);
        QCOMPARE(j["skipped_not_agent"].get<int>(), 1);
    }

    // `skills pin` and `skills restore` on a Hermes home: the pin goes by what the agent wrote
    // since the import, and what Hermes would not pin or restore is refused, writing nothing.
    void pinAndRestoreFollowHermesEligibility()
    {
        QTemporaryDir other;
        const auto at = [&](const char* rel) { return other.filePath(QString::fromLatin1(rel)); };
        const auto sediment = [&](const QStringList& args) { return clitest::sediment(other.path(), args); };
        writeFileBytes(at("config.yaml"), "curator:\n  prune_builtins: false\n");
        writeFileBytes(at("skills/.usage.json"), R"({
  "builtin": {"use_count": 1},
  "hubbed": {"created_by": "agent", "state": "archived", "archived_at": "2026-05-01T00:00:00+00:00"},
  "mine": {"created_by": "agent", "pinned": true},
  "vendor": {"use_count": 1}
})");
        writeFileBytes(at("skills/.hub/lock.json"), R"({"installed": {"hubbed": {}, "vendor": {}}})");
        writeFileBytes(at("skills/.bundled_manifest"), "builtin:abc\n");
        for (const char* rel : {"skills/mine/SKILL.md", "skills/vendor/SKILL.md", "skills/builtin/SKILL.md",
                                "skills/.archive/hubbed/SKILL.md"})
            writeFileBytes(at(rel), "---\ndescription: d\n---\n");
        QCOMPARE(sediment({QStringLiteral("skills"), QStringLiteral("import-hermes")}).code, 0);

        // The agent unpins its skill after the import; pinning it again must reach the file.
        writeFileBytes(at("skills/.usage.json"), R"({
  "builtin": {"use_count": 1},
  "hubbed": {"created_by": "agent", "state": "archived", "archived_at": "2026-05-01T00:00:00+00:00"},
  "mine": {"created_by": "agent", "pinned": false},
  "vendor": {"use_count": 1}
})");
        auto run = sediment({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("mine")});
        QVERIFY2(run.code == 0, run.err.constData());
        QVERIFY(fileBytes(at("skills/.usage.json")).contains("\"created_by\": \"agent\",\n    \"pinned\": true"));

        const QByteArray before = fileBytes(at("skills/.usage.json"));
        run = sediment({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("vendor")});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("skill 'vendor' is installed from the skills hub"), run.err.constData());
        run = sediment({QStringLiteral("skills"), QStringLiteral("unpin"), QStringLiteral("builtin")});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("skill 'builtin' is bundled (curator.prune_builtins is off)"), run.err.constData());
        run = sediment({QStringLiteral("skills"), QStringLiteral("restore"), QStringLiteral("hubbed")});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.contains("skill 'hubbed' is now hub-installed; restore would shadow the upstream version"),
                 run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QCOMPARE(fileBytes(at("skills/.usage.json")), before);
        QVERIFY(QFileInfo(at("skills/.archive/hubbed/SKILL.md")).isFile());
        QVERIFY(!QFileInfo::exists(at("skills/hubbed")));
    }

    void aConfigYamlThatDoesNotParseGivesHermesDefaultsAndOneWarning()
    {
        // Hermes keeps its whole default configuration: 14 and 30 days, not the curator's 30/90.
        const QString config = home(QStringLiteral("config.yaml"));
        const QByteArray before = fileBytes(config);
        writeFileBytes(config, "curator:\n  stale_after_days: [5\n");
        const auto run = clitest::sediment(m_dir.path(), {QStringLiteral("skills"), QStringLiteral("curate"),
                                                          QStringLiteral("--dry-run"), QStringLiteral("--now"),
                                                          QStringLiteral("2026-06-01T12:00:00Z")});
        writeFileBytes(config, before);
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.contains("Hermes' rules: stale after 14 days, archive after 30 days"), run.out.constData());
        QVERIFY2(run.err.startsWith("sediment: warning: ") && run.err.contains("malformed YAML"), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    void aUsageFileThatIsNoObjectIsReadAsEmptyWithAWarning()
    {
        QTemporaryDir other;
        writeFileBytes(other.filePath(QStringLiteral("skills/.usage.json")), "[1, 2]");
        const auto run = clitest::sediment(
            other.path(), {QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--dry-run")});
        QCOMPARE(run.code, 0);
        QVERIFY2(run.out.contains(".usage.json is not a JSON object; read as empty"), run.out.constData());
        QCOMPARE(fileBytes(other.filePath(QStringLiteral("skills/.usage.json"))), QByteArray("[1, 2]"));
    }
};

QTEST_GUILESS_MAIN(HermesCurateCliTest)
#include "hermes_curate_cli_test.moc"
