// Every skill on a Hermes home's disk through the real `sediment` process: `skills list` shows
// what Hermes' walk finds (not .archive/), with its .usage.json record where there is one and its
// provenance otherwise, and `skills pin` on a skill without a record writes the record as
// Hermes' set_pinned creates it.
#include "TempHome.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sediment;
using clitest::Run;

class HermesDiskSkillsCliTest : public QObject {
    Q_OBJECT

private:
    clitest::TempHome m_home;

    void skill(const QString& folder, const QByteArray& name)
    {
        m_home.write(folder + QStringLiteral("/SKILL.md"), "---\nname: " + name + "\ndescription: x\n---\n\nbody\n");
    }

private Q_SLOTS:
    void init()
    {
        m_home.clear();
        m_home.write(QStringLiteral("config.yaml"), "curator:\n  stale_after_days: 14\n");
        skill(QStringLiteral("skills/deploy"), "deploy");
        skill(QStringLiteral("skills/devops/notes"), "notes");
        skill(QStringLiteral("skills/bund"), "bund");
        skill(QStringLiteral("skills/.archive/old"), "old");
        m_home.write(QStringLiteral("skills/.bundled_manifest"), "bund:abc\n");
    }

    void everySkillOnDiskIsListedWithItsRecordOrItsProvenance()
    {
        m_home.write(
            QStringLiteral("skills/.usage.json"),
            R"({"notes": {"created_by": "agent", "use_count": 3, "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false}})");
        const Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json list = r.json();
        QCOMPARE(list.size(), std::size_t(3)); // .archive/ is not walked
        QVERIFY(list[0]["name"] == Json("bund") && list[0]["created_by"] == Json("bundled"));
        QVERIFY(list[1]["name"] == Json("deploy") && list[1]["created_by"] == Json("user"));
        QVERIFY(list[2]["name"] == Json("notes") && list[2]["created_by"] == Json("agent"));
        QVERIFY(list[2]["use_count"] == Json(3));
    }

    void aSkillWithoutARecordCanBePinnedAndTheRecordIsCreated()
    {
        // No .usage.json at all: a home before its first curator run.
        Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("deploy")});
        QVERIFY2(r.code == 0, r.err.constData());
        const Json usage = Json::parse(m_home.bytesOf(QStringLiteral("skills/.usage.json")).toStdString());
        QVERIFY(usage.size() == 1);
        const Json& rec = usage["deploy"];
        QVERIFY(rec["pinned"] == Json(true));
        QVERIFY(rec["created_by"].is_null());
        QVERIFY(rec["state"] == Json("active"));
        QVERIFY(rec["use_count"] == Json(0));
        r = m_home.run({QStringLiteral("skills"), QStringLiteral("unpin"), QStringLiteral("deploy")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(Json::parse(m_home.bytesOf(QStringLiteral("skills/.usage.json")).toStdString())["deploy"]["pinned"]
                == Json(false));
        // A name on no disk is still refused, nothing written.
        r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("ghost")});
        QCOMPARE(r.code, 2);
        QVERIFY(!Json::parse(m_home.bytesOf(QStringLiteral("skills/.usage.json")).toStdString()).contains("ghost"));
    }

    // Hermes' provenance(): the hub lock, then the bundled manifest, whatever the record says.
    // The curator's eligibility is its own rule and is unchanged: neither is curated here
    // (hub never; the bundled one is seeded on first sight only when it has no record).
    void hubAndBundledProvenanceWinOverTheRecord()
    {
        skill(QStringLiteral("skills/hubbed"), "hubbed");
        m_home.write(QStringLiteral("skills/.hub/lock.json"),
                     R"({"installed": {"hubbed": {"install_path": "hubbed"}}})");
        m_home.write(
            QStringLiteral("skills/.usage.json"),
            R"({"hubbed": {"created_by": "agent", "use_count": 1}, "bund": {"created_by": "user", "use_count": 1}})");
        const Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json list = r.json();
        QVERIFY(list[0]["name"] == Json("bund") && list[0]["created_by"] == Json("bundled"));
        QVERIFY(list[2]["name"] == Json("hubbed") && list[2]["created_by"] == Json("hub"));
        const Run hub = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--created-by"),
                                    QStringLiteral("hub"), QStringLiteral("--json")});
        QCOMPARE(hub.json().size(), std::size_t(1));
    }

    // A name skill_manage would not give (capitals, a space) is still a skill Hermes' walk finds:
    // imported, listed, pinned and curated as Hermes' curator would. A name that would leave
    // skills/ as a path is not.
    void aSkillNamedOutsideSkillManagesRuleIsListedPinnedAndCurated()
    {
        skill(QStringLiteral("skills/agA"), "agA");
        skill(QStringLiteral("skills/spaced"), "Deploy notes");
        const QByteArray usage = R"({
  "agA": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active"},
  "Deploy notes": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active"},
  "../escape": {"created_by": "agent", "use_count": 1}
})";
        m_home.write(QStringLiteral("skills/.usage.json"), usage);
        Run r = m_home.run({QStringLiteral("skills"), QStringLiteral("import-hermes"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["skipped"].size() == 1 && r.json()["skipped"][0]["name"] == Json("../escape"));

        r = m_home.run({QStringLiteral("skills"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QStringList names;
        for (const Json& s : r.json())
            names << fromStd(s["name"].get<std::string>());
        QVERIFY2(names.contains(QStringLiteral("agA")) && names.contains(QStringLiteral("Deploy notes")),
                 qPrintable(names.join(u',')));

        r = m_home.run({QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--dry-run"),
                        QStringLiteral("--now"), QStringLiteral("2026-07-01T00:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.json()["archived"] == Json(2), r.out.constData());

        r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QStringLiteral("agA")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(Json::parse(m_home.bytesOf(QStringLiteral("skills/.usage.json")).toStdString())["agA"]["pinned"]
                == Json(true));
        r = m_home.run({QStringLiteral("skills"), QStringLiteral("curate"), QStringLiteral("--now"),
                        QStringLiteral("2026-07-01T00:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(QFile::exists(m_home.path(QStringLiteral("skills/.archive/spaced/SKILL.md"))));
        QVERIFY(QFile::exists(m_home.path(QStringLiteral("skills/agA/SKILL.md"))));

        for (const char* bad : {"../escape", ".hidden", "a/b"}) {
            r = m_home.run({QStringLiteral("skills"), QStringLiteral("pin"), QLatin1String(bad)});
            QCOMPARE(r.code, 2);
        }
    }
};

QTEST_GUILESS_MAIN(HermesDiskSkillsCliTest)
#include "hermes_disk_skills_cli_test.moc"
