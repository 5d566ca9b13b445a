// `skills curate` through the real `sediment` process on a Hermes home whose skills/.usage.json
// is damaged: Hermes' curator reads it record by record (or as {}) and acts; so does Sediment's,
// printing a warning for every value it ignored, instead of refusing the pass.
#include "TempHome.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sediment;
using clitest::Run;

class HermesDamagedUsageCliTest : public QObject {
    Q_OBJECT

private:
    clitest::TempHome m_home;

    Run curate(const QStringList& extra = {})
    {
        return m_home.run(QStringList{QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--now"),
                                      QStringLiteral("2026-11-28T00:00:00Z")}
                          + extra);
    }

private Q_SLOTS:
    void init()
    {
        m_home.clear();
        m_home.write(QStringLiteral("config.yaml"), "curator:\n  stale_after_days: 14\n");
        for (const char* s : {"counted", "untimed", "odd-state", "fresh"})
            m_home.write(QStringLiteral("skills/%1/SKILL.md").arg(QLatin1String(s)),
                         QByteArray("---\nname: ") + s + "\ndescription: x\n---\n\nbody\n");
    }

    void aDamagedRecordFallsBackAndTheRestIsCurated()
    {
        const QByteArray usage = R"({
  "counted": {"created_by": "agent", "use_count": "5", "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2025-12-01T00:00:00+00:00", "state": "active"},
  "untimed": {"created_by": "agent", "use_count": 2, "last_used_at": "yesterday-ish", "created_at": "2025-12-01T00:00:00+00:00", "state": "active"},
  "odd-state": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2025-12-01T00:00:00+00:00", "state": "dormant"},
  "fresh": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-11-27T00:00:00+00:00", "created_at": "2025-12-01T00:00:00+00:00", "state": "active"}
})";
        m_home.write(QStringLiteral("skills/.usage.json"), usage);
        Run r = curate({QStringLiteral("--dry-run")});
        QCOMPARE(r.code, 0);
        const QByteArray file = QFile::encodeName(m_home.path(QStringLiteral("skills/.usage.json")));
        const auto warned = [&](const QByteArray& tail) {
            return r.out.contains(QByteArray("  warning: " + file + tail));
        };
        QVERIFY2(warned(": skill 'counted': use_count \"5\" read as 5, as Hermes reads it\n"), r.out.constData());
        QVERIFY2(warned(": skill 'untimed': last_used_at \"yesterday-ish\" is not a "
                        "time; ignored\n"),
                 r.out.constData());
        QVERIFY2(warned(": skill 'odd-state': state \"dormant\" is not active, stale "
                        "or archived; the skill is left as it is\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains("  counted: active -> archived"), r.out.constData());
        QVERIFY2(r.out.contains("  untimed: active -> archived (no activity since creation"), r.out.constData());
        QVERIFY(!r.out.contains("odd-state: "));
        QCOMPARE(m_home.bytesOf(QStringLiteral("skills/.usage.json")), usage);

        r = curate({QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["archived"] == Json(2));
        QVERIFY(QFile::exists(m_home.path(QStringLiteral("skills/.archive/counted/SKILL.md"))));
        QVERIFY(QFile::exists(m_home.path(QStringLiteral("skills/odd-state/SKILL.md"))));
        // The write-back sets the state and keeps what it could not read as the file held it.
        const Json after = Json::parse(m_home.bytesOf(QStringLiteral("skills/.usage.json")).toStdString());
        QVERIFY(after["counted"]["state"] == Json("archived"));
        QVERIFY(after["counted"]["use_count"] == Json("5"));
        QVERIFY(after["odd-state"]["state"] == Json("dormant"));
    }

    void aFileThatIsNotJsonIsReadAsEmpty()
    {
        m_home.write(QStringLiteral("skills/.usage.json"), "not json {");
        const Run r = curate({QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["checked"] == Json(0));
        QVERIFY(r.json()["skipped_not_agent"] == Json(4));
        QCOMPARE(m_home.bytesOf(QStringLiteral("skills/.usage.json")), QByteArray("not json {"));
        const Run text = curate({QStringLiteral("--dry-run")});
        QVERIFY2(text.out.contains(" is not a JSON object; read as empty, as Hermes' curator reads it\n"),
                 text.out.constData());
    }

    // `skills list` and `skills pin` read the file as the curator does: a damaged record falls
    // back with a warning on stderr instead of refusing the command, and the pin's write-back
    // keeps every other record's bytes (unknown keys too) as the file held them.
    void listAndPinReadADamagedFileRecordByRecord()
    {
        const QByteArray usage = R"({
  "counted": {"created_by": "agent", "use_count": "2", "last_used_at": "not a time", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "mine": [1]}
})";
        m_home.write(QStringLiteral("skills/.usage.json"), usage);
        Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("sediment: warning: ") && r.err.contains("skill 'counted': use_count \"2\" read as 2"),
                 r.err.constData());
        QVERIFY2(r.err.contains("skill 'counted': last_used_at \"not a time\" is not a time; ignored"),
                 r.err.constData());
        const Json list = r.json();
        QCOMPARE(list.size(), std::size_t(4)); // every skill on disk, the damaged one too
        QVERIFY(list[0]["name"] == Json("counted") && list[0]["use_count"] == Json(2));
        QCOMPARE(m_home.bytesOf(QStringLiteral("skills/.usage.json")), usage);

        // "fresh" has no record: the pin creates it, and the damaged record is kept as it was.
        r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("fresh")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("use_count \"2\" read as 2"), r.err.constData());
        // Compared as sorted maps: the write-back sorts the keys, as Hermes' json.dump does.
        const auto read = [](const QByteArray& bytes) { return nlohmann::json::parse(bytes.toStdString()); };
        nlohmann::json after = read(m_home.bytesOf(QStringLiteral("skills/.usage.json")));
        QVERIFY(after["fresh"]["pinned"] == true);
        QVERIFY(after["counted"] == read(usage)["counted"]);

        r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("counted")});
        QVERIFY2(r.code == 0, r.err.constData());
        after = read(m_home.bytesOf(QStringLiteral("skills/.usage.json")));
        nlohmann::json expected = read(usage)["counted"];
        expected["pinned"] = true;
        QVERIFY(after["counted"] == expected);
    }

    // A file that is not JSON lists every skill on disk; a pin does not overwrite the file
    // (Hermes' would replace it with the one record), it says so and keeps the pin in Sediment.
    void aFileThatIsNotJsonIsListedAndNeverOverwrittenByAPin()
    {
        m_home.write(QStringLiteral("skills/.usage.json"), "not json {");
        Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().size(), std::size_t(4));
        QVERIFY2(r.err.contains("is not a JSON object; read as empty"), r.err.constData());
        r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("fresh")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains(".usage.json was not updated"), r.err.constData());
        QCOMPARE(m_home.bytesOf(QStringLiteral("skills/.usage.json")), QByteArray("not json {"));
    }

    void aMissingFileIsAnEmptyOne()
    {
        const Run r = curate({QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["checked"] == Json(0));
    }
};

QTEST_GUILESS_MAIN(HermesDamagedUsageCliTest)
#include "hermes_damaged_usage_cli_test.moc"
