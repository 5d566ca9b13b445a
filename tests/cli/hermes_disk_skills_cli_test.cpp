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
};

QTEST_GUILESS_MAIN(HermesDiskSkillsCliTest)
#include "hermes_disk_skills_cli_test.moc"
