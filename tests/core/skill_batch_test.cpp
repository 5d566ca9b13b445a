// Hermes' atomic skill batch replayed on approval, in a temporary Hermes home: each of the
// batch's checks with Hermes' message and nothing written, the operations applied through the
// single-op path, and the rollback that leaves every touched skill as it was when one fails.
#include "FileBytes.h"
#include "hermes/SkillBatch.h"
#include "hermes/SkillManageBatch.h"
#include "hermes/StagedSkillWrite.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace sediment;

namespace {

std::string skillText(const std::string& name)
{
    const QString n = fromStd(name);
    return toStd(QStringLiteral("---\nname: %1\ndescription: How to %1\n---\n\nStep one.\n").arg(n));
}

Json batch(Json ops) { return Json{{"action", "batch"}, {"operations", std::move(ops)}}; }

Json create(const std::string& name)
{
    return Json{{"action", "create"}, {"name", name}, {"content", skillText(name)}};
}

Json patch(const std::string& name, const std::string& from, const std::string& to)
{
    return Json{{"action", "patch"}, {"name", name}, {"old_string", from}, {"new_string", to}};
}

} // namespace

class SkillBatchTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QDateTime m_now{QDate(2026, 11, 28), QTime(6, 0), QTimeZone::utc()};

    QString home() const { return m_dir.path() + QStringLiteral("/home"); }
    QString path(const QString& rel) const { return home() + QLatin1Char('/') + rel; }
    void write(const QString& rel, const std::string& text)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(text));
    }
    QString read(const QString& rel) const { return QString::fromUtf8(test::fileBytes(path(rel))); }
    // Every file of every skill with its bytes, to tell "nothing changed" exactly. Telemetry
    // (.usage.json and its lock) is left out: Hermes does not roll its bumps back.
    QMap<QString, QByteArray> tree() const
    {
        QMap<QString, QByteArray> out;
        QDirIterator it(path(QStringLiteral("skills")), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString f = it.next();
            if (!it.fileName().startsWith(QLatin1String(".usage.json")))
                out[f] = test::fileBytes(f);
        }
        return out;
    }
    SkillManage::Outcome apply(const Json& payload) const
    {
        auto o = SkillManageBatch(home()).apply(payload, m_now, nullptr, m_dir.path());
        return o ? *o : SkillManage::Outcome{false, o.error().message, {}, {}, {}};
    }
    // The batch is refused with `message` and nothing under skills/ changes.
    void refusedUnchanged(const Json& payload, const QString& message)
    {
        const auto before = tree();
        const auto o = apply(payload);
        QVERIFY(!o.success);
        QCOMPARE(o.message, message);
        QCOMPARE(tree(), before);
    }

private Q_SLOTS:
    void init()
    {
        QDir(home()).removeRecursively();
        write(QStringLiteral("skills/deploy/SKILL.md"), skillText("deploy"));
    }

    void anEmptyOrMissingListIsRefused()
    {
        refusedUnchanged(batch(Json::array()), QStringLiteral("operations must be a non-empty array."));
        refusedUnchanged(batch(Json::object()), QStringLiteral("operations must be a non-empty array."));
    }

    void moreThanTwentyOperationsAreRefused()
    {
        Json ops = Json::array();
        for (int i = 0; i < 21; ++i)
            ops.push_back(create(toStd(QStringLiteral("s%1").arg(i))));
        refusedUnchanged(batch(ops), QStringLiteral("operations is capped at 20 ops per call."));
        ops.erase(ops.begin());
        QVERIFY(apply(batch(ops)).success);
        QVERIFY(QFile::exists(path(QStringLiteral("skills/s20/SKILL.md"))));
    }

    void deleteGoesOnlyAloneAndIsTheSingleDelete()
    {
        refusedUnchanged(batch({create("fresh"), {{"action", "delete"}, {"name", "deploy"}}}),
                         QStringLiteral("delete must be the SOLE op in its call \u2014 it doesn't compose with "
                                        "other ops' rollback."));
        refusedUnchanged(batch({{{"action", "delete"}}}), QStringLiteral("operations[0] (delete) needs a 'name'."));
        const auto o = apply(batch({{{"action", "delete"}, {"name", "deploy"}}}));
        QVERIFY2(o.success, qPrintable(o.message));
        QCOMPARE(o.message, QStringLiteral("Skill 'deploy' deleted."));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/deploy"))));
    }

    void eachOperationNeedsAnActionAndAName()
    {
        refusedUnchanged(batch({create("a"), "not an object"}), QStringLiteral("operations[1] needs an 'action'."));
        refusedUnchanged(batch({{{"name", "a"}, {"action", ""}}}), QStringLiteral("operations[0] needs an 'action'."));
        refusedUnchanged(batch({{{"action", "patch"}, {"old_string", "x"}, {"new_string", "y"}}}),
                         QStringLiteral("operations[0] needs a 'name' (the skill it targets)."));
    }

    void aLegacyTopLevelNameIsTheDefault()
    {
        Json payload = batch({{{"action", "patch"}, {"old_string", "Step one."}, {"new_string", "Step 1."}}});
        payload["name"] = "deploy";
        const auto o = apply(payload);
        QVERIFY2(o.success, qPrintable(o.message));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).contains(QStringLiteral("Step 1.")));
    }

    void onlyBatchableActionsAreAccepted()
    {
        refusedUnchanged(batch({create("a"), {{"action", "edit"}, {"name", "deploy"}, {"content", "x"}}}),
                         QStringLiteral("operations[1]: unknown action 'edit'. Batchable: create, patch, "
                                        "remove_file, write_file; delete must be sole."));
    }

    void aCreateMustComeBeforeThatSkillsOtherOperations()
    {
        refusedUnchanged(
            batch(
                {{{"action", "write_file"}, {"name", "fresh"}, {"file_path", "references/a.md"}, {"file_content", "a"}},
                 create("fresh")}),
            QStringLiteral("operations[1]: create for 'fresh' must precede that skill's other ops."));
    }

    void oneDestructiveOperationPerFile()
    {
        const Json write1{
            {"action", "write_file"}, {"name", "deploy"}, {"file_path", "references/a.md"}, {"file_content", "one"}};
        const Json write2{{"action", "write_file"},
                          {"name", "deploy"},
                          {"file_path", "/references//./a.md"},
                          {"file_content", "two"}};
        refusedUnchanged(batch({write1, write2}),
                         QStringLiteral("operations[1]: write_file on 'references/a.md' of skill 'deploy' \u2014 an "
                                        "earlier op in this batch already touched that file, and this op would "
                                        "silently discard its work. One destructive op (write_file/remove_file/full "
                                        "rewrite) per file per batch; put it first, or fold the change in. Patch "
                                        "chains are fine."));
        // Patches after a write of the same file are additive: allowed.
        Json chained = patch("deploy", "one", "one, then two");
        chained["file_path"] = "references/a.md";
        const auto o = apply(batch({write1, chained, patch("deploy", "Step one.", "Step 1.")}));
        QVERIFY2(o.success, qPrintable(o.message));
        QCOMPARE(read(QStringLiteral("skills/deploy/references/a.md")), QStringLiteral("one, then two"));
    }

    void appliesEveryOperationThroughTheSingleOpPath()
    {
        const auto o = apply(batch({create("fresh"),
                                    {{"action", "write_file"},
                                     {"name", "fresh"},
                                     {"file_path", "references/api.md"},
                                     {"file_content", "API\n"}},
                                    patch("deploy", "Step one.", "Step one.\nStep two.")}));
        QVERIFY2(o.success, qPrintable(o.message));
        QCOMPARE(read(QStringLiteral("skills/fresh/SKILL.md")), fromStd(skillText("fresh")));
        QCOMPARE(read(QStringLiteral("skills/fresh/references/api.md")), QStringLiteral("API\n"));
        QVERIFY(read(QStringLiteral("skills/deploy/SKILL.md")).endsWith(QStringLiteral("Step one.\nStep two.\n")));
        // Each write is telemetry as a single write is: fresh's write_file, deploy's patch.
        const Json usage = Json::parse(read(QStringLiteral("skills/.usage.json")).toStdString());
        QVERIFY(usage["deploy"]["patch_count"] == 1);
        QVERIFY(usage["fresh"]["patch_count"] == 1);
        // The undo copies are gone once the batch stands.
        QVERIFY(QDir(m_dir.path() + QStringLiteral("/.sediment-batches")).isEmpty());
    }

    void aFailingOperationRollsBackEveryTouchedSkill()
    {
        write(QStringLiteral("skills/deploy/references/old.md"), "old\n");
        const auto before = tree();
        const auto o = apply(batch({create("fresh"),
                                    patch("deploy", "Step one.", "Step 1."),
                                    {{"action", "remove_file"}, {"name", "deploy"}, {"file_path", "references/old.md"}},
                                    patch("deploy", "no such text", "x")}));
        QVERIFY(!o.success);
        QVERIFY2(o.message.startsWith(QStringLiteral("operations[3] (patch on 'deploy') failed: ")),
                 qPrintable(o.message));
        QVERIFY2(o.message.endsWith(QStringLiteral(" \u2014 batch aborted, all touched skills rolled back.")),
                 qPrintable(o.message));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
        QCOMPARE(tree(), before);
        // The batch's telemetry is recorded once it stands: a failed one leaves none.
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/.usage.json"))));
        QVERIFY(QDir(m_dir.path() + QStringLiteral("/.sediment-batches")).isEmpty());
    }

    void anOperationsOwnRefusalIsNamedWithItsIndex()
    {
        const auto o = apply(batch({create("fresh"), create("deploy")}));
        QVERIFY(!o.success);
        QVERIFY2(o.message.startsWith(QStringLiteral("operations[1] (create on 'deploy') failed: A skill named "
                                                     "'deploy' already exists at ")),
                 qPrintable(o.message));
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
    }

    void theGistIsHermes()
    {
        const Json payload = batch({create("b-skill"), patch("a-skill", "x", "y"), patch("b-skill", "x", "y")});
        QCOMPARE(SkillBatch::gist(payload), QStringLiteral("batch(3 ops: create, patch, patch) on a-skill, b-skill"));
        QCOMPARE(StagedSkillWrite::gist(payload), SkillBatch::gist(payload));
    }

    void aStagedBatchKeepsItsOperations()
    {
        const Json payload{{"operations", {create("fresh")}}, {"name", "legacy"}};
        auto op = StagedSkillWrite::normalisePayload(payload);
        QVERIFY(op);
        QVERIFY((*op)["action"] == "batch");
        QVERIFY((*op)["operations"] == payload["operations"]);
        QVERIFY((*op)["name"] == "legacy");
    }

    void thePreviewShowsEachFileTheBatchWrites()
    {
        QString note;
        const auto files = SkillManageBatch(home()).preview(
            batch({create("fresh"), patch("fresh", "Step one.", "Step 1."), patch("deploy", "Step one.", "Go.")}),
            &note);
        QVERIFY2(note.isEmpty(), qPrintable(note));
        QCOMPARE(files.size(), std::size_t(2));
        QCOMPARE(files[0].label, QStringLiteral("skills/fresh/SKILL.md"));
        QVERIFY(files[0].newFile);
        QVERIFY(files[0].after.contains(QStringLiteral("Step 1.")));
        QCOMPARE(files[1].label, QStringLiteral("skills/deploy/SKILL.md"));
        QVERIFY(files[1].before.contains(QStringLiteral("Step one.")));
        QVERIFY(files[1].after.contains(QStringLiteral("Go.")));
        // Nothing of it reached the home.
        QVERIFY(!QFile::exists(path(QStringLiteral("skills/fresh"))));
        SkillManageBatch(home()).preview(batch({create("fresh"), create("deploy")}), &note);
        QVERIFY2(note.startsWith(QStringLiteral("operations[1] (create on 'deploy') failed: A skill named 'deploy' "
                                                "already exists at ")
                                 + home()),
                 qPrintable(note));
    }
};

QTEST_GUILESS_MAIN(SkillBatchTest)
#include "skill_batch_test.moc"
