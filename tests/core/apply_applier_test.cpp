// Application of ops to the file destinations (docs/verbs.md#propose table): the exact bytes written, staleness,
// confinement, the size limit and revert.
#include "apply/Applier.h"
#include "apply/Slug.h"
#include "FileBytes.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

namespace {

const QDateTime kNow = QDateTime(QDate(2026, 11, 22), QTime(5, 39, 45, 123), Qt::UTC);

} // namespace

class ApplierTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_outside;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{kNow};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }

    void writeFile(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }

    static QByteArray readAbs(const QString& abs) { return test::fileBytes(abs); }
    QByteArray readFile(const QString& rel) const { return readAbs(path(rel)); }

    Applier applier() { return Applier(*m_ws, m_clock); }

    ApplyResult applyOk(const char* destination, const Json& op, const Json& source = Json::object())
    {
        auto r = applier().apply(QString::fromLatin1(destination), op, source);
        if (!r)
            qWarning("apply error: %s", qPrintable(r.error().message));
        return r ? *r : ApplyResult::refusal(QStringLiteral("error"), r.error().message);
    }

    void openWorkspace()
    {
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY2(ws.has_value(), ws ? "" : qPrintable(ws.error().message));
        m_ws = std::move(*ws);
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_outside = std::make_unique<QTemporaryDir>();
        openWorkspace();
    }
    void cleanup() { m_ws.reset(); }

    void claudeMdReplacesTheOneOccurrence()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "# Rules\n\nUse tabs.\nKeep it short.\n");
        const auto r = applyOk("claude_md", Json{{"before", "Use tabs."}, {"after", "Use spaces."}});
        QVERIFY(r.applied);
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("# Rules\n\nUse spaces.\nKeep it short.\n"));
        QCOMPARE(r.targetPath.value_or(QString()), QStringLiteral("CLAUDE.md"));
        QCOMPARE(r.before.value_or(QString()), QStringLiteral("# Rules\n\nUse tabs.\nKeep it short.\n"));
        QCOMPARE(r.after.value_or(QString()), QStringLiteral("# Rules\n\nUse spaces.\nKeep it short.\n"));
    }

    void claudeMdWithoutTheBeforeTextIsStaleAndUntouched()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "# Rules\n");
        const Json op{{"before", "Use tabs."}, {"after", "Use spaces."}};
        QCOMPARE(applier().isStale(QStringLiteral("claude_md"), op).value(), true);
        const auto r = applyOk("claude_md", op);
        QVERIFY(!r.applied);
        QVERIFY(r.stale);
        QVERIFY(r.message.contains(QLatin1String("no longer in CLAUDE.md")));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("# Rules\n"));
    }

    void claudeMdWithSeveralOccurrencesIsStale()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "Use tabs.\nUse tabs.\n");
        const Json op{{"before", "Use tabs."}, {"after", "Use spaces."}};
        QCOMPARE(applier().isStale(QStringLiteral("claude_md"), op).value(), true);
        const auto r = applyOk("claude_md", op);
        QVERIFY(!r.applied);
        QVERIFY(r.stale);
        QVERIFY(r.message.contains(QLatin1String("occurs 2 times")));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Use tabs.\nUse tabs.\n"));
    }

    void claudeMdEmptyBeforeAppendsOneParagraph()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "# Rules\n- one\n\n\n");
        QVERIFY(applyOk("claude_md", Json{{"before", ""}, {"after", "- two"}}).applied);
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("# Rules\n- one\n\n- two\n"));
        // Re-applying the same paragraph succeeds without growing the file.
        const auto again = applyOk("claude_md", Json{{"before", ""}, {"after", "- two"}});
        QVERIFY(again.applied);
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("# Rules\n- one\n\n- two\n"));
    }

    void claudeMdAppendCreatesAMissingFileAndRevertRemovesIt()
    {
        const auto r = applyOk("claude_md", Json{{"before", ""}, {"after", "Be terse."}});
        QVERIFY(r.applied);
        QVERIFY(!r.before.has_value());
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Be terse.\n"));
        QVERIFY(applier().revert(QStringLiteral("claude_md"), r).has_value());
        QVERIFY(!QFile::exists(path(QStringLiteral("CLAUDE.md"))));
    }

    void claudeMdPathComesFromTheConfiguration()
    {
        writeFile(QStringLiteral("sediment.json"), R"({"claude_md":"docs/AGENTS.md"})");
        openWorkspace();
        QVERIFY(applyOk("claude_md", Json{{"before", ""}, {"after", "Rule."}}).applied);
        QCOMPARE(readFile(QStringLiteral("docs/AGENTS.md")), QByteArray("Rule.\n"));
        QVERIFY(!QFile::exists(path(QStringLiteral("CLAUDE.md"))));
    }

    void claudeMdSymlinkedOutsideIsRefusedAndWritesNothing()
    {
        const QString outside = m_outside->path() + QStringLiteral("/x");
        QFile out(outside);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("outside\n");
        out.close();
        QVERIFY(QFile::link(outside, path(QStringLiteral("CLAUDE.md"))));
        const auto r = applyOk("claude_md", Json{{"before", ""}, {"after", "Injected."}});
        QVERIFY(!r.applied);
        QVERIFY(r.message.contains(QLatin1String("outside the workspace")));
        QCOMPARE(readAbs(outside), QByteArray("outside\n"));
    }

    void filesOverOneMebibyteAreNeverOpened()
    {
        const QByteArray big(1024 * 1024 + 1, 'x');
        writeFile(QStringLiteral("CLAUDE.md"), big);
        const auto r = applyOk("claude_md", Json{{"before", ""}, {"after", "More."}});
        QVERIFY(!r.applied);
        QVERIFY(r.message.contains(QLatin1String("larger than 1 MiB")));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")).size(), big.size());
        writeFile(QStringLiteral("settings.json"), big);
        QVERIFY(!applyOk("settings_json", Json{{"patch", {{"a", 1}}}}).applied);
    }

    void settingsMergePatchMergesDeletesAndReplaces()
    {
        writeFile(QStringLiteral("settings.json"),
                  R"({"model": "a", "hooks": {"pre": "x", "post": "y"}, "list": [1, 2], "gone": 1})");
        const Json patch =
            Json::parse(R"({"hooks": {"pre": null, "new": {"deep": true}}, "list": "z", "gone": null, "added": 1.5})");
        const auto r = applyOk("settings_json", Json{{"patch", patch}});
        QVERIFY(r.applied);
        QCOMPARE(readFile(QStringLiteral("settings.json")),
                 QByteArray("{\n  \"model\": \"a\",\n  \"hooks\": {\n    \"post\": \"y\",\n    \"new\": {\n"
                            "      \"deep\": true\n    }\n  },\n  \"list\": \"z\",\n  \"added\": 1.5\n}\n"));
        QVERIFY(applier().revert(QStringLiteral("settings_json"), r).has_value());
        QCOMPARE(readFile(QStringLiteral("settings.json")),
                 QByteArray(R"({"model": "a", "hooks": {"pre": "x", "post": "y"}, "list": [1, 2], "gone": 1})"));
    }

    void settingsMissingFileStartsFromAnEmptyObject()
    {
        QVERIFY(applyOk("settings_json", Json{{"patch", {{"theme", "dark"}, {"x", nullptr}}}}).applied);
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{\n  \"theme\": \"dark\"\n}\n"));
    }

    void settingsInvalidExistingJsonFailsWithTheParseError()
    {
        writeFile(QStringLiteral("settings.json"), "{not json");
        const auto r = applyOk("settings_json", Json{{"patch", {{"a", 1}}}});
        QVERIFY(!r.applied);
        QVERIFY(!r.stale);
        QVERIFY(r.message.contains(QLatin1String("settings.json is not valid JSON")));
        QVERIFY(r.message.contains(QLatin1String("parse error")));
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{not json"));
    }

    void brainInboxNoteHasFrontMatter()
    {
        const auto r = applyOk("brain_inbox", Json{{"title", "Prefer small diffs"}, {"text", "Review is cheaper."}},
                               Json{{"agent", "claude"}, {"session", "s-42"}, {"scar", 7}});
        QVERIFY(r.applied);
        QCOMPARE(r.targetPath.value_or(QString()), QStringLiteral("brain/inbox/prefer-small-diffs.md"));
        QCOMPARE(readFile(QStringLiteral("brain/inbox/prefer-small-diffs.md")),
                 QByteArray("---\ntype: note\nstatus: draft\ntitle: \"Prefer small diffs\"\n"
                            "created: 2026-11-22T05:39:45.123Z\nsource: \"claude/s-42\"\nscar: 7\n---\n\n"
                            "# Prefer small diffs\n\nReview is cheaper.\n"));
        QVERIFY(!QDir(path(QStringLiteral("brain/permanent"))).exists());
    }

    void notesGetUniqueSlugs()
    {
        const auto note = [](const char* body) { return Json{{"title", "Same title"}, {"text", body}}; };
        QCOMPARE(applyOk("brain_inbox", note("one")).targetPath.value_or(QString()),
                 QStringLiteral("brain/inbox/same-title.md"));
        QCOMPARE(applyOk("brain_inbox", note("two")).targetPath.value_or(QString()),
                 QStringLiteral("brain/inbox/same-title-2.md"));
        QCOMPARE(applyOk("brain_inbox", note("three")).targetPath.value_or(QString()),
                 QStringLiteral("brain/inbox/same-title-3.md"));
        // The same note again is the one already there: applied, nothing written (docs/user-guide.md#preflight, "present").
        const ApplyResult again = applyOk("brain_inbox", note("two"));
        QCOMPARE(again.targetPath.value_or(QString()), QStringLiteral("brain/inbox/same-title-2.md"));
        QCOMPARE(again.after, again.before);
        QVERIFY(!QFile::exists(path(QStringLiteral("brain/inbox/same-title-4.md"))));
        QCOMPARE(Slug::fromTitle(QStringLiteral("Éviter les « pièges » !")), QStringLiteral("eviter-les-pieges"));
        QCOMPARE(Slug::fromTitle(QStringLiteral("???")), QStringLiteral("untitled"));
    }

    void chantierGoesToChantiersInboxAndRevertRemovesIt()
    {
        const auto r = applyOk("chantier_outil", Json{{"title", "Nightly backup"}, {"text", "Automate it."}});
        QVERIFY(r.applied);
        QCOMPARE(r.targetPath.value_or(QString()), QStringLiteral("chantiers/inbox/nightly-backup.md"));
        QCOMPARE(readFile(QStringLiteral("chantiers/inbox/nightly-backup.md")),
                 QByteArray("---\ntype: chantier\nstatus: draft\ntitle: \"Nightly backup\"\n"
                            "created: 2026-11-22T05:39:45.123Z\nsource: \"unknown\"\n---\n\n"
                            "# Nightly backup\n\nAutomate it.\n"));
        QVERIFY(applier().revert(QStringLiteral("chantier_outil"), r).has_value());
        QVERIFY(!QFile::exists(path(QStringLiteral("chantiers/inbox/nightly-backup.md"))));
    }

    void symlinkedBrainInboxOutsideIsRefusedAndWritesNothing()
    {
        QDir().mkpath(path(QStringLiteral("brain")));
        QVERIFY(QFile::link(m_outside->path(), path(QStringLiteral("brain/inbox"))));
        const auto r = applyOk("brain_inbox", Json{{"title", "Escape"}, {"text", "x"}});
        QVERIFY(!r.applied);
        QVERIFY(r.message.contains(QLatin1String("outside the workspace")));
        QVERIFY(QDir(m_outside->path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    void skillCreateWritesTheFileAndRegistersAnAgentSkill()
    {
        const auto r = applyOk("skill", Json{{"name", "git-bisect"}, {"mode", "create"}, {"text", "# Bisect\nSteps."}});
        QVERIFY2(r.applied, qPrintable(r.message));
        QCOMPARE(readFile(QStringLiteral("skills/git-bisect/SKILL.md")), QByteArray("# Bisect\nSteps.\n"));
        auto skill = SkillRepository(m_ws->db()).find(QStringLiteral("git-bisect"));
        QVERIFY(skill && skill->has_value());
        QCOMPARE((*skill)->createdBy, QStringLiteral("agent"));
        // Creating it again is refused: a patch is the way to change it.
        const auto again = applyOk("skill", Json{{"name", "git-bisect"}, {"mode", "create"}, {"text", "other"}});
        QVERIFY(!again.applied);
        QVERIFY(again.message.contains(QLatin1String("already exists")));
        QCOMPARE(readFile(QStringLiteral("skills/git-bisect/SKILL.md")), QByteArray("# Bisect\nSteps.\n"));
        QVERIFY(applier().revert(QStringLiteral("skill"), r).has_value());
        QVERIFY(!QDir(path(QStringLiteral("skills/git-bisect"))).exists());
    }

    void skillPatchReplacesLikeClaudeMdAndIsStaleWhenMissing()
    {
        const Json op{{"name", "deploy"}, {"mode", "patch"}, {"before", "step 1"}, {"after", "step one"}};
        QCOMPARE(applier().isStale(QStringLiteral("skill"), op).value(), true);
        QVERIFY(applyOk("skill", op).stale);
        writeFile(QStringLiteral("skills/deploy/SKILL.md"), "# Deploy\nstep 1\n");
        QCOMPARE(applier().isStale(QStringLiteral("skill"), op).value(), false);
        const auto r = applyOk("skill", op);
        QVERIFY(r.applied);
        QCOMPARE(readFile(QStringLiteral("skills/deploy/SKILL.md")), QByteArray("# Deploy\nstep one\n"));
        auto skill = SkillRepository(m_ws->db()).find(QStringLiteral("deploy"));
        QVERIFY(skill && skill->has_value());
        QCOMPARE((*skill)->patchCount, qint64(1));
    }

    void revertRestoresTheBytesBefore()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "A\nB\n");
        const auto r = applyOk("claude_md", Json{{"before", "B"}, {"after", "C"}});
        QVERIFY(r.applied);
        const auto back = applier().revert(QStringLiteral("claude_md"), r);
        QVERIFY(back.has_value());
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("A\nB\n"));
    }

    void revertIsRefusedWhenTheTargetChangedSince()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "A\nB\n");
        const auto r = applyOk("claude_md", Json{{"before", "B"}, {"after", "C"}});
        writeFile(QStringLiteral("CLAUDE.md"), "A\nC\nhand edit\n");
        const auto back = applier().revert(QStringLiteral("claude_md"), r);
        QVERIFY(!back.has_value());
        QCOMPARE(back.error().kind, ErrorKind::Refused);
        QCOMPARE(back.error().message, QStringLiteral("target changed since; revert by hand"));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("A\nC\nhand edit\n"));

        const auto note = applyOk("brain_inbox", Json{{"title", "T"}, {"text", "x"}});
        writeFile(*note.targetPath, "edited by hand\n");
        QVERIFY(!applier().revert(QStringLiteral("brain_inbox"), note).has_value());
        QCOMPARE(readFile(*note.targetPath), QByteArray("edited by hand\n"));
    }

    void unknownDestinationAndMissingFieldsAreInvalid()
    {
        auto unknown = applier().apply(QStringLiteral("nowhere"), Json::object());
        QVERIFY(!unknown && unknown.error().kind == ErrorKind::Invalid);
        auto missing = applier().apply(QStringLiteral("claude_md"), Json{{"before", "x"}});
        QVERIFY(!missing && missing.error().message.contains(QLatin1String("'after' is required")));
    }
};

QTEST_GUILESS_MAIN(ApplierTest)
#include "apply_applier_test.moc"
