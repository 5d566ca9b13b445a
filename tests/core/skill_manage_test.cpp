// Hermes' skill_manage replayed on approval, in a temporary Hermes home: each action's checks
// and messages (names, frontmatter, supporting-file paths, sizes, pinned skills, missing
// skills), that a refusal changes nothing, and the .usage.json telemetry Hermes records.
#include "agent/AgentHomes.h"
#include "FileBytes.h"
#include "hermes/HermesHome.h"
#include "hermes/SkillManage.h"
#include "hermes/StagedSkillWrite.h"
#include "inbox/InboxSummary.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace sediment;

namespace {

const QString kSkill = QStringLiteral("---\nname: deploy\ndescription: Ship the app\n---\n\n"
                                      "1. Build.\n2. Upload.\n");

} // namespace

class SkillManageTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QDateTime m_now{QDate(2026, 11, 23), QTime(9, 30), QTimeZone::utc()};

    QString home() const { return m_dir.path() + QStringLiteral("/home"); }
    QString path(const QString& rel) const { return home() + QLatin1Char('/') + rel; }
    void write(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    QString read(const QString& rel) const { return QString::fromUtf8(test::fileBytes(path(rel))); }
    SkillManage::Outcome run(const Json& payload) const { return SkillManage(home()).apply(payload, m_now); }

private Q_SLOTS:
    void init()
    {
        QDir(home()).removeRecursively();
        QDir().mkpath(path(QStringLiteral("skills")));
    }

    void createsASkillWithHermesMessage()
    {
        const auto o =
            run({{"action", "create"}, {"name", "deploy"}, {"content", toStd(kSkill)}, {"category", "devops"}});
        QVERIFY2(o.success, qPrintable(o.message));
        QCOMPARE(o.message, QStringLiteral("Skill 'deploy' created."));
        QCOMPARE(read(QStringLiteral("skills/devops/deploy/SKILL.md")), kSkill);
        // A create approved by a human is not marked agent-created: no telemetry at all.
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/.usage.json"))));
    }

    // Hermes tolerates a BOM before the fence and writes the content as given, BOM and all.
    void aLeadingBomIsCheckedPastAndWritten()
    {
        const QByteArray content = "\xef\xbb\xbf---\nname: deploy\ndescription: Ship\n---\x1c\nbody\n";
        const auto o = run({{"action", "create"}, {"name", "deploy"}, {"content", content.toStdString()}});
        QVERIFY2(o.success, qPrintable(o.message));
        QFile f(path(QStringLiteral("skills/deploy/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), content);
    }

    void refusesBadNamesAndWritesNothing()
    {
        const auto o = run({{"action", "create"}, {"name", "Deploy Now"}, {"content", toStd(kSkill)}});
        QVERIFY(!o.success);
        QCOMPARE(o.message, QStringLiteral("Invalid skill name 'Deploy Now'. Use lowercase letters, "
                                           "numbers, hyphens, dots, and underscores. Must start with a "
                                           "letter or digit."));
        QCOMPARE(run({{"action", "create"}, {"name", std::string(65, 'a')}, {"content", toStd(kSkill)}}).message,
                 QStringLiteral("Skill name exceeds 64 characters."));
        QCOMPARE(run({{"action", "create"}, {"name", "x"}, {"content", toStd(kSkill)}, {"category", "a/b"}}).message,
                 QStringLiteral("Invalid category 'a/b'. Use lowercase letters, numbers, hyphens, dots, "
                                "and underscores. Categories must be a single directory name."));
        QCOMPARE(QDir(path(QStringLiteral("skills"))).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void refusesBrokenFrontmatter_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("no fence")
            << QStringLiteral("# Deploy\n")
            << QStringLiteral("SKILL.md must start with YAML frontmatter (---). See existing skills for format.");
        QTest::newRow("not closed") << QStringLiteral("---\nname: x\ndescription: y\n")
                                    << QStringLiteral(
                                           "SKILL.md frontmatter is not closed. Ensure you have a closing '---' line.");
        QTest::newRow("no name") << QStringLiteral("---\ndescription: y\n---\nbody\n")
                                 << QStringLiteral("Frontmatter must include 'name' field.");
        QTest::newRow("no description") << QStringLiteral("---\nname: x\n---\nbody\n")
                                        << QStringLiteral("Frontmatter must include 'description' field.");
        QTest::newRow("not a mapping") << QStringLiteral("---\n- a\n- b\n---\nbody\n")
                                       << QStringLiteral("Frontmatter must be a YAML mapping (key: value pairs).");
        QTest::newRow("no body") << QStringLiteral("---\nname: x\ndescription: y\n---\n  \n")
                                 << QStringLiteral("SKILL.md must have content after the frontmatter "
                                                   "(instructions, procedures, etc.).");
        QTest::newRow("yaml error") << QStringLiteral("---\nname: x\ndescription: a: b\n---\nbody\n")
                                    << QStringLiteral("YAML frontmatter parse error: mapping values are "
                                                      "not allowed here\n  in \"<unicode string>\", line "
                                                      "3, column 15:\n    description: a: b\n"
                                                      "                  ^");
        // Python's white space, which strip() and `\s` use, includes U+001C..U+001F.
        QTest::newRow("only separators") << QStringLiteral("\x1c\x1d") << QStringLiteral("Content cannot be empty.");
        QTest::newRow("a separator body") << QStringLiteral("---\nname: x\ndescription: y\n---\n\x1f\x1e\n")
                                          << QStringLiteral("SKILL.md must have content after the frontmatter "
                                                            "(instructions, procedures, etc.).");
        QTest::newRow("only a BOM")
            << QString(QChar(0xFEFF))
            << QStringLiteral("SKILL.md must start with YAML frontmatter (---). See existing skills for format.");
        QTest::newRow("long description")
            << QStringLiteral("---\nname: x\ndescription: %1\n---\nbody\n").arg(QString(1025, QLatin1Char('d')))
            << QStringLiteral("Description exceeds 1024 characters.");
    }

    void refusesBrokenFrontmatter()
    {
        QFETCH(QString, content);
        QFETCH(QString, message);
        const auto o = run({{"action", "create"}, {"name", "x"}, {"content", toStd(content)}});
        QVERIFY(!o.success);
        QCOMPARE(o.message, message);
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/x"))));
    }

    void refusesContentOverTheLimit()
    {
        const QString big = kSkill + QString(100001 - kSkill.size(), QLatin1Char('x'));
        QCOMPARE(run({{"action", "create"}, {"name", "deploy"}, {"content", toStd(big)}}).message,
                 QStringLiteral("SKILL.md content is 100,001 characters (limit: 100,000). Consider "
                                "splitting into a smaller SKILL.md with supporting files in "
                                "references/ or templates/."));
    }

    void refusesACreateOverAnExistingSkill()
    {
        write(QStringLiteral("skills/ops/deploy/SKILL.md"), kSkill.toUtf8());
        QCOMPARE(run({{"action", "create"}, {"name", "deploy"}, {"content", toStd(kSkill)}}).message,
                 QStringLiteral("A skill named 'deploy' already exists at %1.")
                     .arg(path(QStringLiteral("skills/ops/deploy"))));
    }

    void aMissingSkillIsHermesNotFound()
    {
        QCOMPARE(run({{"action", "edit"}, {"name", "ghost"}, {"content", toStd(kSkill)}}).message,
                 QStringLiteral("Skill 'ghost' not found in active profile 'default'. Use "
                                "skills_list() to see available skills."));
        QCOMPARE(
            run({{"action", "write_file"}, {"name", "ghost"}, {"file_path", "references/a.md"}, {"file_content", "x"}})
                .message,
            QStringLiteral("Skill 'ghost' not found in active profile 'default'. Use "
                           "skills_list() to see available skills. Create it first with "
                           "action='create'."));
    }

    void notFoundNamesAnotherProfileHoldingTheSkill()
    {
        write(QStringLiteral("profiles/work/skills/ghost/SKILL.md"), kSkill.toUtf8());
        QCOMPARE(run({{"action", "delete"}, {"name", "ghost"}}).message,
                 QStringLiteral("Skill 'ghost' not found in active profile 'default'. A skill by that "
                                "name exists in profile 'work' (%1). To edit a skill in another "
                                "profile, switch profiles (`hermes -p work`) or operate via explicit "
                                "file tools with ``cross_profile=True``.")
                     .arg(path(QStringLiteral("profiles/work/skills/ghost"))));
    }

    void patchesWithTheFuzzyMatcherAndRecordsTelemetry()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const auto o = run({{"action", "patch"},
                            {"name", "deploy"},
                            {"old_string", "2.  Upload."},
                            {"new_string", "2. Upload.\n3. Verify."},
                            {"replace_all", false}});
        QVERIFY2(o.success, qPrintable(o.message));
        QCOMPARE(o.message, QStringLiteral("Patched SKILL.md in skill 'deploy' (1 replacement)."));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).endsWith(QStringLiteral("2. Upload.\n3. Verify.\n")));
        QCOMPARE(read(QStringLiteral("skills/.usage.json")),
                 QStringLiteral("{\n  \"deploy\": {\n    \"archived_at\": null,\n    \"created_at\": "
                                "\"2026-11-23T09:30:00+00:00\",\n    \"created_by\": null,\n    "
                                "\"last_patched_at\": \"2026-11-23T09:30:00+00:00\",\n    "
                                "\"last_used_at\": null,\n    \"last_viewed_at\": null,\n    "
                                "\"patch_count\": 1,\n    \"pinned\": false,\n    \"state\": "
                                "\"active\",\n    \"use_count\": 0,\n    \"view_count\": 0\n  }\n}"));
    }

    // Hermes bumps with int(value or 0) + 1, and records nothing when int() raises.
    void aPatchCountIsReadAsPythonIntReadsIt_data()
    {
        QTest::addColumn<QByteArray>("stored");
        QTest::addColumn<int>("after"); // -1: the file is left as it was
        QTest::newRow("a number") << QByteArray("2") << 3;
        QTest::newRow("a float truncates") << QByteArray("2.7") << 3;
        QTest::newRow("a numeric text") << QByteArray("\"3\"") << 4;
        QTest::newRow("blanks and underscores") << QByteArray("\" 1_000 \"") << 1001;
        QTest::newRow("true") << QByteArray("true") << 2;
        QTest::newRow("null") << QByteArray("null") << 1;
        QTest::newRow("an empty text") << QByteArray("\"\"") << 1;
        QTest::newRow("words") << QByteArray("\"abc\"") << -1;
        QTest::newRow("a decimal text") << QByteArray("\"3.5\"") << -1;
        QTest::newRow("a list") << QByteArray("[1]") << -1;
    }

    void aPatchCountIsReadAsPythonIntReadsIt()
    {
        QFETCH(QByteArray, stored);
        QFETCH(int, after);
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const QByteArray usage = "{\n  \"deploy\": {\n    \"patch_count\": " + stored + "\n  }\n}";
        write(QStringLiteral("skills/.usage.json"), usage);
        const auto o =
            run({{"action", "patch"}, {"name", "deploy"}, {"old_string", "2. Upload."}, {"new_string", "2. Ship."}});
        QVERIFY2(o.success, qPrintable(o.message));
        QFile f(path(QStringLiteral("skills/.usage.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray now = f.readAll();
        if (after < 0) {
            QCOMPARE(now, usage);
            return;
        }
        const Json j = Json::parse(now.toStdString());
        QCOMPARE(j["deploy"]["patch_count"].get<int>(), after);
        QVERIFY(j["deploy"]["last_patched_at"].is_string());
    }

    void aPatchThatBreaksTheFrontmatterIsRefused()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const auto o = run({{"action", "patch"},
                            {"name", "deploy"},
                            {"old_string", "description: Ship the app\n"},
                            {"new_string", ""}});
        QCOMPARE(o.message, QStringLiteral("Patch would break SKILL.md structure: Frontmatter must "
                                           "include 'description' field."));
        QCOMPARE(read(QStringLiteral("skills/deploy/SKILL.md")), kSkill);
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/.usage.json"))));
    }

    void supportingFilePathsFollowHermesRules_data()
    {
        QTest::addColumn<QString>("filePath");
        QTest::addColumn<QString>("message");
        QTest::newRow("traversal") << QStringLiteral("references/../../x.md")
                                   << QStringLiteral("Path traversal ('..') is not allowed.");
        QTest::newRow("outside subdirs")
            << QStringLiteral("notes/x.md")
            << QStringLiteral("File must be under one of: assets, references, scripts, templates. Got: 'notes/x.md'");
        QTest::newRow("directory only")
            << QStringLiteral("references")
            << QStringLiteral("Provide a file path, not just a directory. Example: 'references/myfile.md'");
        QTest::newRow("absolute")
            << QStringLiteral("/etc/passwd")
            << QStringLiteral("File must be under one of: assets, references, scripts, templates. Got: '/etc/passwd'");
    }

    void supportingFilePathsFollowHermesRules()
    {
        QFETCH(QString, filePath);
        QFETCH(QString, message);
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const auto o =
            run({{"action", "write_file"}, {"name", "deploy"}, {"file_path", toStd(filePath)}, {"file_content", "x"}});
        QCOMPARE(o.message, message);
        QCOMPARE(QDir(path(QStringLiteral("skills/deploy"))).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("SKILL.md")});
    }

    void aSymlinkOutOfTheSkillIsRefused()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        QDir().mkpath(m_dir.path() + QStringLiteral("/outside"));
        QVERIFY(
            QFile::link(m_dir.path() + QStringLiteral("/outside"), path(QStringLiteral("skills/deploy/references"))));
        const auto o = run(
            {{"action", "write_file"}, {"name", "deploy"}, {"file_path", "references/x.md"}, {"file_content", "x"}});
        QCOMPARE(o.message, QStringLiteral("Path escapes allowed directory: '%1/outside/x.md' is not in "
                                           "the subpath of '%2'")
                                .arg(QFileInfo(m_dir.path()).canonicalFilePath(),
                                     QFileInfo(path(QStringLiteral("skills/deploy"))).canonicalFilePath()));
        QVERIFY(!QFile::exists(m_dir.path() + QStringLiteral("/outside/x.md")));
    }

    void aDanglingSymlinkIsFollowedAsPythonsResolveFollowsIt()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        // A relative link to a chain of links, the last one dangling outside the skill.
        QVERIFY(QFile::link(QStringLiteral("hop"), path(QStringLiteral("skills/deploy/templates"))));
        QVERIFY(QFile::link(QStringLiteral("../../nowhere/else"), path(QStringLiteral("skills/deploy/hop"))));
        const auto o =
            run({{"action", "write_file"}, {"name", "deploy"}, {"file_path", "templates/t.md"}, {"file_content", "x"}});
        const QString home = QFileInfo(path(QStringLiteral("skills"))).canonicalPath();
        QCOMPARE(o.message, QStringLiteral("Path escapes allowed directory: '%1/nowhere/else/t.md' is not in "
                                           "the subpath of '%1/skills/deploy'")
                                .arg(home));
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("nowhere"))));
    }

    void aNulInTheFilePathIsRefusedAsPythonRefusesIt()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        for (const char* action : {"write_file", "remove_file"}) {
            const auto o = run({{"action", action},
                                {"name", "deploy"},
                                {"file_path", std::string("references/x\0.md", 16)},
                                {"file_content", "x"}});
            QVERIFY(!o.success);
            QCOMPARE(o.message, QStringLiteral("Path escapes allowed directory: embedded null byte"));
        }
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/deploy/references"))));
    }

    void writesAndRemovesSupportingFiles()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        auto o = run({{"action", "write_file"},
                      {"name", "deploy"},
                      {"file_path", "scripts/run.sh"},
                      {"file_content", "#!/bin/sh\necho ok\n"}});
        QCOMPARE(o.message, QStringLiteral("File 'scripts/run.sh' written to skill 'deploy'."));
        QCOMPARE(read(QStringLiteral("skills/deploy/scripts/run.sh")), QStringLiteral("#!/bin/sh\necho ok\n"));
        o = run({{"action", "remove_file"}, {"name", "deploy"}, {"file_path", "scripts/gone.sh"}});
        QCOMPARE(o.message, QStringLiteral("File 'scripts/gone.sh' not found in skill 'deploy'."));
        o = run({{"action", "remove_file"}, {"name", "deploy"}, {"file_path", "scripts/run.sh"}});
        QCOMPARE(o.message, QStringLiteral("File 'scripts/run.sh' removed from skill 'deploy'."));
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("skills/deploy/scripts")))); // emptied: removed
    }

    void refusesASupportingFileOverOneMebibyte()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const auto o = run({{"action", "write_file"},
                            {"name", "deploy"},
                            {"file_path", "assets/big.bin"},
                            {"file_content", std::string(1048577, 'x')}});
        QCOMPARE(o.message, QStringLiteral("File content is 1,048,577 bytes (limit: 1,048,576 bytes / 1 "
                                           "MiB). Consider splitting into smaller files."));
    }

    void aPinnedSkillIsNotDeletable()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        write(QStringLiteral("skills/.usage.json"), "{\"deploy\": {\"pinned\": true}}");
        const auto o = run({{"action", "delete"}, {"name", "deploy"}});
        QCOMPARE(o.message, QStringLiteral("Skill 'deploy' is pinned and cannot be deleted by "
                                           "skill_manage. Ask the user to run `hermes curator unpin "
                                           "deploy` if they want to delete it. Patches and edits are "
                                           "allowed on pinned skills; only deletion is blocked."));
        QVERIFY(QFile::exists(path(QStringLiteral("skills/deploy/SKILL.md"))));
    }

    void deletesASkillAndForgetsItsRecord()
    {
        write(QStringLiteral("skills/ops/deploy/SKILL.md"), kSkill.toUtf8());
        write(QStringLiteral("skills/.usage.json"), "{\"deploy\": {\"use_count\": 3}, \"other\": {}}");
        QCOMPARE(run({{"action", "delete"}, {"name", "deploy"}, {"absorbed_into", "umbrella"}}).message,
                 QStringLiteral("absorbed_into='umbrella' does not exist. Create or patch the umbrella "
                                "skill first, then retry the delete."));
        const auto o = run({{"action", "delete"}, {"name", "deploy"}});
        QCOMPARE(o.message, QStringLiteral("Skill 'deploy' deleted."));
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("skills/ops")))); // empty category removed
        QCOMPARE(read(QStringLiteral("skills/.usage.json")), QStringLiteral("{\n  \"other\": {}\n}"));
    }

    void requiredArgumentsAndUnknownActions()
    {
        QCOMPARE(run({{"action", "create"}, {"name", "x"}}).message,
                 QStringLiteral("content is required for 'create'. Provide the full SKILL.md text "
                                "(frontmatter + body)."));
        QCOMPARE(run({{"action", "patch"}, {"name", "x"}, {"old_string", "a"}}).message,
                 QStringLiteral("new_string is required for 'patch'. Use empty string to delete "
                                "matched text."));
        QCOMPARE(run({{"action", "rename"}, {"name", "x"}}).message,
                 QStringLiteral("Unknown action 'rename'. Use: create, edit, patch, delete, "
                                "write_file, remove_file"));
    }

    void previewShowsThePatchedFileWithoutWriting()
    {
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill.toUtf8());
        const auto pv = SkillManage(home()).preview(
            {{"action", "patch"}, {"name", "deploy"}, {"old_string", "1. Build."}, {"new_string", "1. Test."}});
        QCOMPARE(pv.label, QStringLiteral("skills/deploy/SKILL.md"));
        QCOMPARE(pv.before, kSkill);
        QCOMPARE(pv.after, QString(kSkill).replace(QStringLiteral("1. Build."), QStringLiteral("1. Test.")));
        QCOMPARE(read(QStringLiteral("skills/deploy/SKILL.md")), kSkill);
        QVERIFY(!pv.newFile);
        // A supporting file not there yet: previewed as a new file, still not written.
        const Json add = {
            {"action", "write_file"}, {"name", "deploy"}, {"file_path", "scripts/a.sh"}, {"file_content", "x"}};
        const auto fresh = SkillManage(home()).preview(add);
        QVERIFY(fresh.newFile);
        QCOMPARE(fresh.label, QStringLiteral("skills/deploy/scripts/a.sh"));
        QCOMPARE(fresh.after, QStringLiteral("x"));
        QVERIFY(!QFile::exists(home() + QStringLiteral("/skills/deploy/scripts/a.sh")));
    }

    void gistIsHermesOneLiner()
    {
        QCOMPARE(StagedSkillWrite::gist({{"action", "create"}, {"name", "deploy"}, {"content", toStd(kSkill)}}),
                 QStringLiteral("create 'deploy' \u2014 Ship the app (%1 chars)").arg(kSkill.size()));
        QCOMPARE(StagedSkillWrite::gist(
                     {{"action", "patch"}, {"name", "deploy"}, {"old_string", "a\nb"}, {"new_string", "c"}}),
                 QStringLiteral("patch 'deploy' SKILL.md (+1/-2 lines)"));
        QCOMPARE(StagedSkillWrite::gist({{"action", "remove_file"}, {"name", "deploy"}, {"file_path", "assets/x"}}),
                 QStringLiteral("remove assets/x from 'deploy'"));
    }

    // The inbox's Proposal column tells a staged write by Hermes' gist of its payload (as edited),
    // not as Sediment's own {name, mode} skill op, which it would show as "deploy ():".
    void theInboxSummarisesAStagedWriteByItsGist()
    {
        AgentHomes hermes;
        hermes.add(std::make_unique<HermesHome>());
        const Json patch = {{"action", "patch"}, {"name", "deploy"}, {"old_string", "a"}, {"new_string", "b\nc"}};
        QCOMPARE(InboxSummary::of(hermes, QStringLiteral("skill"), fromStd(patch.dump())),
                 QStringLiteral("patch 'deploy' SKILL.md (+2/-1 lines)"));
        QCOMPARE(
            InboxSummary::of(hermes, QStringLiteral("skill"), QStringLiteral(R"({"action":"delete","name":"old"})")),
            QStringLiteral("delete skill 'old'"));
        QCOMPARE(InboxSummary::of(hermes, QStringLiteral("skill"),
                                  QStringLiteral(R"({"name":"deploy","mode":"create","text":"Ship it"})")),
                 QStringLiteral("deploy (create): Ship it"));
    }
};

QTEST_GUILESS_MAIN(SkillManageTest)
#include "skill_manage_test.moc"
