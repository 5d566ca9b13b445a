// The curator on a Hermes home follows Hermes' own rules (agent/curator.py,
// tools/skill_usage.py, cron/jobs.py): a real home in a temporary folder, dry and real passes.
#include "FileBytes.h"
#include "skills/Curator.h"
#include "skills/HermesCuratorScope.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillService.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace sediment;
using sediment::test::fileBytes;
using sediment::test::writeFileBytes;

namespace {

QDateTime t(const char* iso) { return *time::parseIso(QString::fromLatin1(iso)); }

// Written as Hermes writes it; "now" is 2026-06-01T12:00:00Z, the thresholds Hermes' defaults
// (stale after 14 days, archive after 30).
const QByteArray kUsage = R"({
  "back-agent": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-05-30T09:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "stale", "pinned": false, "archived_at": null},
  "bundled-old": {"created_by": null, "use_count": 1, "last_used_at": "2026-04-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "cron-kept": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "deploy-helper": {"created_by": "agent", "use_count": 5, "last_used_at": "2026-03-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "gone-agent": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "hand-made": {"created_by": null, "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "hub-tool": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "marked": {"agent_created": true, "use_count": 1, "last_used_at": "2026-05-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "mid-agent": {"created_by": "agent", "use_count": 2, "last_used_at": "2026-05-10T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "old-agent": {"created_by": "agent", "use_count": 3, "last_used_at": "2026-04-01T00:00:00.250000+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null, "my_note": {"keep": [1, "two"]}},
  "pinned-one": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": true, "archived_at": null}
})";

const QStringList kFolders{QStringLiteral("back-agent"), QStringLiteral("bundled-new"), QStringLiteral("bundled-old"),
                           QStringLiteral("cron-kept"),  QStringLiteral("hand-made"),   QStringLiteral("hub-tool"),
                           QStringLiteral("marked"),     QStringLiteral("mid-agent"),   QStringLiteral("old-agent"),
                           QStringLiteral("pinned-one"), QStringLiteral("plan")};

QStringList tree(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next()) + QLatin1Char(' ')
                   + QString::fromLatin1(fileBytes(it.filePath()).toHex());
    out.sort();
    return out;
}

} // namespace

class HermesCuratorTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{t("2026-06-01T12:00:00Z")};

    QString home(const QString& rel) const { return m_dir->filePath(rel); }

    void makeHome(const QByteArray& config = "model:\n  default: test\n")
    {
        writeFileBytes(home(QStringLiteral("config.yaml")), config);
        writeFileBytes(home(QStringLiteral("skills/.usage.json")), kUsage);
        for (const QString& name : kFolders)
            writeFileBytes(home(QStringLiteral("skills/%1/SKILL.md").arg(name)),
                           "---\nname: " + name.toUtf8() + "\ndescription: x\n---\nbody\n");
        // A category folder whose frontmatter names the skill.
        writeFileBytes(home(QStringLiteral("skills/devops/deploy-helper/SKILL.md")),
                       "---\nname: \"deploy-helper\"\n---\nsteps\n");
        writeFileBytes(home(QStringLiteral("skills/.bundled_manifest")),
                       "plan:0a1b\nbundled-new:2c3d\nbundled-old:4e5f\n");
        writeFileBytes(home(QStringLiteral("skills/.hub/lock.json")),
                       R"({"version": 1, "installed": {"hub-tool": {"source": "hub"}}})");
        writeFileBytes(home(QStringLiteral("cron/jobs.json")),
                       R"({"jobs": [{"id": "j1", "skills": ["cron-kept"], "enabled": false, "state": "paused"}]})");
        writeFileBytes(home(QStringLiteral("skills/.curator_ledger.jsonl")), "");
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
    }

    nlohmann::json usage() const
    {
        return nlohmann::json::parse(fileBytes(home(QStringLiteral("skills/.usage.json"))).toStdString());
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void aDryRunCountsAsHermesAndWritesNothing()
    {
        makeHome();
        const QStringList before = tree(home(QStringLiteral("skills")));
        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        QVERIFY(report->hermes);
        QCOMPARE(report->staleAfterDays, 14);
        QCOMPARE(report->archiveAfterDays, 30);
        // Eligible skills on disk: the agent's (created_by or agent_created), bundled ones.
        QCOMPARE(report->checked, 9);
        QCOMPARE(report->archived, 4);
        QCOMPARE(report->markedStale, 1);
        QCOMPARE(report->reactivated, 1);
        QCOMPARE(report->seeded, 1);
        QCOMPARE(report->skippedPinned, 1);
        QCOMPARE(report->skippedCron, 1);
        QCOMPARE(report->skippedNotAgent, 3); // hand-made, hub-tool, plan
        QCOMPARE(report->seededNames, QStringList{QStringLiteral("bundled-new")});
        QStringList archived;
        for (const auto& step : report->plan) {
            if (step.to == QLatin1String("archived"))
                archived << step.name + QLatin1Char('=') + *step.archivePath;
        }
        QCOMPARE(archived, (QStringList{QStringLiteral("bundled-old=.archive/bundled-old"),
                                        QStringLiteral("deploy-helper=.archive/deploy-helper"),
                                        QStringLiteral("marked=.archive/marked"),
                                        QStringLiteral("old-agent=.archive/old-agent")}));
        const Json counts = report->counts();
        std::vector<std::string> keys;
        for (const auto& [key, value] : counts.items())
            keys.push_back(key);
        QCOMPARE(keys, (std::vector<std::string>{"marked_stale", "archived", "reactivated", "checked", "seeded",
                                                 "skipped_pinned", "skipped_cron", "skipped_not_agent", "failed"}));
        QCOMPARE(tree(home(QStringLiteral("skills"))), before);
        QVERIFY(!SkillRepository(m_ws->db()).lastCuratorRun().value());
    }

    void aRealPassArchivesFlatWritesUsageAsHermesAndLedgersEachTransition()
    {
        makeHome();
        auto report = Curator(*m_ws, m_clock).run(false);
        QVERIFY(report);
        QVERIFY2(!report->writeBackError, qPrintable(report->writeBackError.value_or(QString())));
        QCOMPARE(report->archived, 4);
        QCOMPARE(report->failed, 0);
        for (const char* name : {"old-agent", "marked", "bundled-old", "deploy-helper"})
            QVERIFY(QFileInfo(home(QStringLiteral("skills/.archive/%1/SKILL.md").arg(QLatin1String(name)))).isFile());
        QVERIFY(!QFileInfo::exists(home(QStringLiteral("skills/devops/deploy-helper"))));
        QVERIFY(QFileInfo(home(QStringLiteral("skills/cron-kept/SKILL.md"))).isFile());
        QVERIFY(QFileInfo(home(QStringLiteral("skills/hub-tool/SKILL.md"))).isFile());
        // An archived built-in must stay archived when Hermes re-seeds its bundled skills.
        QCOMPARE(fileBytes(home(QStringLiteral("skills/.curator_suppressed"))), QByteArray("bundled-old\n"));

        const QByteArray text = fileBytes(home(QStringLiteral("skills/.usage.json")));
        const auto data = usage();
        QCOMPARE(text, QByteArray::fromStdString(HermesUsageFile::serialize(data)));
        QVERIFY(!text.endsWith('\n'));
        QVERIFY(QFileInfo::exists(home(QStringLiteral("skills/.usage.json.lock"))));
        QVERIFY(data["old-agent"]["state"] == "archived");
        QVERIFY(data["old-agent"]["archived_at"] == "2026-06-01T12:00:00+00:00");
        QVERIFY(data["old-agent"]["last_used_at"] == "2026-04-01T00:00:00.250000+00:00");
        QVERIFY(data["old-agent"]["my_note"]["keep"][1] == "two");
        QVERIFY(data["mid-agent"]["state"] == "stale");
        QVERIFY(data["back-agent"]["state"] == "active");
        QVERIFY(data["back-agent"]["archived_at"].is_null());
        QVERIFY(data["cron-kept"]["state"] == "active");
        QVERIFY(data["hub-tool"]["state"] == "active");
        // The seeded built-in gets Hermes' baseline record, its clock starting now.
        const auto& seed = data["bundled-new"];
        QVERIFY(seed["created_by"].is_null());
        QVERIFY(seed["created_at"] == "2026-06-01T12:00:00+00:00");
        QVERIFY(seed["use_count"] == 0);
        QVERIFY(seed["state"] == "active");
        QVERIFY(seed["pinned"] == false);
        QVERIFY(seed.contains("last_patched_at") && seed["archived_at"].is_null());

        const QList<QByteArray> lines = fileBytes(home(QStringLiteral("skills/.curator_ledger.jsonl"))).split('\n');
        QCOMPARE(lines.size(), 7); // six lines and the final newline
        QVERIFY(lines.last().isEmpty());
        QStringList actions;
        for (int i = 0; i < 6; ++i) {
            const QByteArray& line = lines[i];
            QVERIFY2(line.startsWith("{\"id\": \""), line.constData());
            QVERIFY(line.contains("\", \"ts\": \"2026-06-01T12:00:00+00:00\", \"actor\": \"curator\", \"action\": \""));
            QVERIFY(line.endsWith(", \"before\": [], \"after\": []}"));
            const auto entry = nlohmann::ordered_json::parse(line.toStdString());
            QCOMPARE(entry["id"].get<std::string>().size(), size_t(12));
            actions << QString::fromStdString(entry["action"].get<std::string>() + ' '
                                              + entry["skill"].get<std::string>());
        }
        actions.sort();
        QCOMPARE(actions,
                 (QStringList{QStringLiteral("archive bundled-old"), QStringLiteral("archive deploy-helper"),
                              QStringLiteral("archive marked"), QStringLiteral("archive old-agent"),
                              QStringLiteral("mark_stale mid-agent"), QStringLiteral("reactivate back-agent")}));

        // The database follows the file: transitions, and the records refreshed from it.
        auto old = SkillRepository(m_ws->db()).find(QStringLiteral("old-agent"));
        QCOMPARE((*old)->state, QStringLiteral("archived"));
        QCOMPARE(*(*old)->archivePath, QStringLiteral(".archive/old-agent"));
    }

    void everyPassReadsUsageJsonAfresh()
    {
        makeHome();
        QVERIFY(Curator(*m_ws, m_clock).run(false));
        // The agent uses the stale skill after the pass; the next pass must see it.
        auto data = usage();
        data["mid-agent"]["use_count"] = 3;
        data["mid-agent"]["last_used_at"] = "2026-06-01T08:00:00+00:00";
        writeFileBytes(home(QStringLiteral("skills/.usage.json")),
                       QByteArray::fromStdString(HermesUsageFile::serialize(data)));
        auto again = Curator(*m_ws, m_clock).run(true);
        QVERIFY(again);
        QCOMPARE(again->reactivated, 1);
        QCOMPARE(again->plan.front().name, QStringLiteral("mid-agent"));
        QCOMPARE(again->seeded, 0);  // the built-in has its record now
        QCOMPARE(again->checked, 5); // four went to the archive
    }

    // The agent unpins one skill and pins another after the import: the very next pass goes by
    // the file, as Hermes' does, not by the pins the database took at the import.
    void aPinOrUnpinTheAgentWroteSinceTheImportCountsAtTheNextPass()
    {
        makeHome();
        QVERIFY(SkillService(*m_ws, m_clock).importHermes({}, QStringLiteral("cli:t")));
        QVERIFY(SkillRepository(m_ws->db()).find(QStringLiteral("pinned-one")).value()->pinned);
        auto data = usage();
        data["pinned-one"]["pinned"] = false;
        data["old-agent"]["pinned"] = true;
        writeFileBytes(home(QStringLiteral("skills/.usage.json")),
                       QByteArray::fromStdString(HermesUsageFile::serialize(data)));

        auto report = Curator(*m_ws, m_clock).run(false);
        QVERIFY(report);
        QCOMPARE(report->skippedPinned, 1);
        QStringList archived;
        for (const auto& step : report->plan) {
            if (step.to == QLatin1String("archived"))
                archived << step.name;
        }
        QCOMPARE(archived, (QStringList{QStringLiteral("bundled-old"), QStringLiteral("deploy-helper"),
                                        QStringLiteral("marked"), QStringLiteral("pinned-one")}));
        QVERIFY(QFileInfo(home(QStringLiteral("skills/.archive/pinned-one/SKILL.md"))).isFile());
        QVERIFY(QFileInfo(home(QStringLiteral("skills/old-agent/SKILL.md"))).isFile());
        SkillRepository repo(m_ws->db());
        QVERIFY(!repo.find(QStringLiteral("pinned-one")).value()->pinned);
        QVERIFY(repo.find(QStringLiteral("old-agent")).value()->pinned);
    }

    // A damaged .usage.json is read as Hermes' curator reads it (docs/user-guide.md#hermes): the
    // value it cannot read is ignored with a warning naming the file and the record, and a file
    // that is not JSON is an empty one; the file itself is left as it is.
    void aDamagedUsageFileIsReadAsHermesReadsItWithWarnings()
    {
        makeHome();
        const QString usagePath = home(QStringLiteral("skills/.usage.json"));
        writeFileBytes(usagePath, R"({"mid-agent": {"use_count": "many"}})");
        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        QVERIFY2(report->warnings.contains(usagePath
                                           + QStringLiteral(": skill 'mid-agent': use_count \"many\" is no "
                                                            "count; ignored (0)")),
                 qPrintable(report->warnings.join(QLatin1Char('\n'))));
        writeFileBytes(usagePath, "{");
        report = Curator(*m_ws, m_clock).run(false);
        QVERIFY(report);
        QVERIFY(report->warnings.contains(
            usagePath + QStringLiteral(" is not a JSON object; read as empty, as Hermes' curator reads it")));
        QCOMPARE(fileBytes(usagePath), QByteArray("{"));
    }

    void pruneBuiltinsOffLeavesBundledSkillsAloneAndConfigThresholdsApply()
    {
        makeHome("curator:\n  prune_builtins: false\n  stale_after_days: 60\n  archive_after_days: 100\n");
        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        QCOMPARE(report->staleAfterDays, 60);
        QCOMPARE(report->archiveAfterDays, 100);
        QCOMPARE(report->seeded, 0);
        QCOMPARE(report->skippedNotAgent, 5); // and bundled-new, bundled-old
        QCOMPARE(report->checked, 7);
        QCOMPARE(report->archived, 0);
        QCOMPARE(report->markedStale, 2); // old-agent (61 days) and deploy-helper (92)
        QCOMPARE(report->reactivated, 1); // back-agent
    }

    void sedimentJsonOverridesConfigYaml()
    {
        writeFileBytes(home(QStringLiteral("sediment.json")), R"({"archive_after_days": 200})");
        makeHome("curator:\n  stale_after_days: 7\n");
        const CuratorSettings s = CuratorSettings::of(*m_ws);
        QVERIFY(s.hermesHome);
        QCOMPARE(s.thresholds.staleAfterDays, 7);
        QCOMPARE(s.thresholds.archiveAfterDays, 200);
        QCOMPARE(s.source, QStringLiteral("sediment.json"));
    }

    void protectionSaysWhyASkillIsLeftAlone()
    {
        makeHome();
        auto scope = HermesCuratorScope::load(m_ws->root(), home(QStringLiteral("skills/.usage.json")),
                                              CuratorSettings::of(*m_ws), m_clock.now());
        QVERIFY(scope);
        using P = HermesCuratorScope::Protection;
        QCOMPARE(scope->protection(QStringLiteral("pinned-one")), P::Pinned);
        QCOMPARE(scope->protection(QStringLiteral("cron-kept")), P::CronJob);
        QCOMPARE(scope->protection(QStringLiteral("hub-tool")), P::Hub);
        QCOMPARE(scope->protection(QStringLiteral("plan")), P::ProtectedBuiltin);
        QCOMPARE(scope->protection(QStringLiteral("hand-made")), P::NotAgent);
        QCOMPARE(scope->protection(QStringLiteral("old-agent")), P::None);
        QCOMPARE(scope->protection(QStringLiteral("bundled-old")), P::None);
    }

    // Hermes names hub skills by the lock's keys and by the SKILL.md in each entry's
    // install_path, when that folder stays inside skills/.
    void hubInstallPathsProtectTheSkillsTheyHold()
    {
        makeHome();
        auto data = usage();
        for (const char* name : {"renamed-hub", "abs-hub", "unnamed-hub"})
            data[name] = data["old-agent"];
        writeFileBytes(home(QStringLiteral("skills/.usage.json")),
                       QByteArray::fromStdString(HermesUsageFile::serialize(data)));
        writeFileBytes(home(QStringLiteral("skills/tools/vendor-thing/SKILL.md")), "---\nname: renamed-hub\n---\n");
        writeFileBytes(home(QStringLiteral("skills/abs/holder/SKILL.md")), "---\nname: 'abs-hub'\n---\n");
        writeFileBytes(home(QStringLiteral("skills/unnamed-hub/SKILL.md")), "no frontmatter\n");
        // Outside skills/: its name must protect nothing.
        writeFileBytes(home(QStringLiteral("outside/SKILL.md")), "---\nname: old-agent\n---\n");
        const nlohmann::json lock{
            {"version", 1},
            {"installed",
             {{"hub-tool", {{"source", "hub"}}},
              {"vendor/thing", {{"install_path", "tools/vendor-thing"}}},
              {"by-abs", {{"install_path", home(QStringLiteral("skills/abs/holder")).toStdString()}}},
              {"by-folder", {{"install_path", "./unnamed-hub/"}}},
              {"escape", {{"install_path", "../outside"}}},
              {"blank", {{"install_path", "  "}}},
              {"odd", "not an object"}}}};
        writeFileBytes(home(QStringLiteral("skills/.hub/lock.json")), QByteArray::fromStdString(lock.dump()));

        auto scope = HermesCuratorScope::load(m_ws->root(), home(QStringLiteral("skills/.usage.json")),
                                              CuratorSettings::of(*m_ws), m_clock.now());
        QVERIFY(scope);
        using P = HermesCuratorScope::Protection;
        QCOMPARE(scope->protection(QStringLiteral("renamed-hub")), P::Hub);
        QCOMPARE(scope->protection(QStringLiteral("abs-hub")), P::Hub);
        QCOMPARE(scope->protection(QStringLiteral("unnamed-hub")), P::Hub); // named after its folder
        QCOMPARE(scope->protection(QStringLiteral("vendor/thing")), P::Hub);
        QCOMPARE(scope->protection(QStringLiteral("old-agent")), P::None);

        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        QCOMPARE(report->archived, 4); // as without the hub entries: old-agent among them
        QCOMPARE(report->skippedNotAgent, 6);
        for (const auto& step : report->plan)
            QVERIFY2(!step.name.endsWith(QLatin1String("-hub")), qPrintable(step.name));
    }

    void pinsAndRestoresGoToUsageJsonAndTheLedgerAsTheUsers()
    {
        makeHome();
        QVERIFY(Curator(*m_ws, m_clock).run(false));
        const qsizetype before = fileBytes(home(QStringLiteral("skills/.curator_ledger.jsonl"))).count('\n');
        SkillService service(*m_ws, m_clock);
        auto pinned = service.setPinned(QStringLiteral("mid-agent"), true, QStringLiteral("cli:t"));
        QVERIFY(pinned && pinned->changed && !pinned->writeBackError);
        QVERIFY(usage()["mid-agent"]["pinned"] == true);
        auto restored = service.restore(QStringLiteral("old-agent"), QStringLiteral("cli:t"));
        QVERIFY(restored && !restored->writeBackError);
        QVERIFY(QFileInfo(home(QStringLiteral("skills/old-agent/SKILL.md"))).isFile());
        QVERIFY(usage()["old-agent"]["state"] == "active");
        const QList<QByteArray> lines = fileBytes(home(QStringLiteral("skills/.curator_ledger.jsonl"))).split('\n');
        QCOMPARE(lines.size() - 1, before + 2);
        const auto pin = nlohmann::json::parse(lines[before].toStdString());
        QVERIFY(pin["actor"] == "user");
        QVERIFY(pin["action"] == "pin");
        QVERIFY(pin["skill"] == "mid-agent");
        const auto restore = nlohmann::json::parse(lines[before + 1].toStdString());
        QVERIFY(restore["action"] == "restore");
        QVERIFY(restore["evidence"]["from"] == ".archive/old-agent");

        // Restoring the archived built-in lifts its suppression.
        QVERIFY(service.restore(QStringLiteral("bundled-old"), QStringLiteral("cli:t")));
        QCOMPARE(fileBytes(home(QStringLiteral("skills/.curator_suppressed"))), QByteArray());
    }

    void noLedgerFileMeansNoLedger()
    {
        makeHome();
        QVERIFY(QFile::remove(home(QStringLiteral("skills/.curator_ledger.jsonl"))));
        QVERIFY(Curator(*m_ws, m_clock).run(false));
        QVERIFY(!QFileInfo::exists(home(QStringLiteral("skills/.curator_ledger.jsonl"))));
    }

    void aHalfWrittenUsageFileCuratesNoAgentSkill()
    {
        makeHome();
        writeFileBytes(home(QStringLiteral("skills/.usage.json")), "{ half written");
        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        // With no record, only what Hermes' curator finds without one (bundled skills) may move.
        QVERIFY(std::none_of(report->plan.begin(), report->plan.end(), [](const auto& t) {
            return t.name == QLatin1String("old-agent") || t.name == QLatin1String("mid-agent");
        }));
    }

    void aBrokenCronStoreProtectsNothingAndSaysSo()
    {
        makeHome();
        writeFileBytes(home(QStringLiteral("cron/jobs.json")), "{ broken");
        auto report = Curator(*m_ws, m_clock).run(true);
        QVERIFY(report);
        QCOMPARE(report->skippedCron, 0);
        QCOMPARE(report->archived, 5);
        QCOMPARE(report->warnings.size(), 1);
    }
};

QTEST_GUILESS_MAIN(HermesCuratorTest)
#include "hermes_curator_test.moc"
