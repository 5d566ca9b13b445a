// Which skills a Hermes home's cron jobs name: our own vectors for Hermes' reading of
// cron/jobs.json (referenced_skill_names and the helpers it uses).
#include "skills/CronSkillRefs.h"

#include <QTest>

using namespace sediment;

namespace {

const QString kSkills = QStringLiteral("/home/u/.hermes/skills");

QSet<QString> refs(const QByteArray& bytes)
{
    auto r = CronSkillRefs::parse(bytes, kSkills);
    if (!r)
        qFatal("unexpected error: %s", qPrintable(r.error().message));
    return *r;
}

QSet<QString> set(std::initializer_list<const char*> names)
{
    QSet<QString> out;
    for (const char* n : names)
        out.insert(QString::fromUtf8(n));
    return out;
}

} // namespace

class CronSkillRefsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesEveryJobsSkillsAndLegacySkillPausedOnesIncluded()
    {
        QCOMPARE(refs(R"({"jobs": [
            {"id": "a1", "skills": ["deploy", "notes"], "skill": "deploy", "enabled": true},
            {"id": "b2", "skill": "weekly-report", "enabled": false, "state": "paused"},
            {"id": "c3", "prompt": "no skill here"}
        ], "updated_at": "2026-06-01T00:00:00+00:00"})"),
                 set({"deploy", "notes", "weekly-report"}));
    }

    void skillsWinOverTheLegacyFieldWhenBothAreSet()
    {
        // Hermes reads `skill` only when `skills` is absent or null.
        QCOMPARE(refs(R"({"jobs": [{"skills": ["a"], "skill": "b"}, {"skills": null, "skill": "c"}]})"),
                 set({"a", "c"}));
        QCOMPARE(refs(R"({"jobs": [{"skills": "solo"}]})"), set({"solo"}));
        QCOMPARE(refs(R"({"jobs": [{"skills": [], "skill": "ignored"}]})"), QSet<QString>());
    }

    void blankAndFalsyEntriesAreDroppedAndTheRestTrimmed()
    {
        QCOMPARE(refs(R"({"jobs": [{"skills": ["  padded  ", "", null, 0, false, "   "]},
                                  {"skill": ""}, {"skill": 0}]})"),
                 set({"padded"}));
        // Numbers are named as Python's str() prints them.
        QCOMPARE(refs(R"({"jobs": [{"skills": [7, true]}]})"), set({"7", "True"}));
    }

    void absolutePathsUnderTheSkillsFolderBecomeRelativeNames()
    {
        QCOMPARE(refs(R"({"jobs": [{"skills": ["/home/u/.hermes/skills/devops/deploy-helper",
                                               "/home/u/.hermes/skills/flat",
                                               "/opt/elsewhere/x", "/leading"]}]})"),
                 set({"devops/deploy-helper", "flat", "opt/elsewhere/x", "leading"}));
    }

    void acceptsABareListAndAnIdKeyedMap()
    {
        QCOMPARE(refs(R"([{"skill": "from-list"}, "junk"])"), set({"from-list"}));
        QCOMPARE(refs(R"({"jobs": {"j1": {"skills": ["from-map"]}, "j2": 5}})"), set({"from-map"}));
        QCOMPARE(refs(R"({"updated_at": "x"})"), QSet<QString>());
        // A string is iterated by Hermes as characters, none of them a job.
        QCOMPARE(refs(R"({"jobs": "abc"})"), QSet<QString>());
    }

    void toleratesABomAndRawControlCharactersInsideStrings()
    {
        QCOMPARE(refs("\xEF\xBB\xBF{\"jobs\": [{\"prompt\": \"line one\nline two\tend\", \"skill\": \"kept\"}]}"),
                 set({"kept"}));
    }

    void aStoreHermesCannotReadIsAnError()
    {
        QVERIFY(!CronSkillRefs::parse("{ not json", kSkills));
        QVERIFY(!CronSkillRefs::parse("\"text\"", kSkills));
        QVERIFY(!CronSkillRefs::parse(R"({"jobs": 5})", kSkills));
        // list(5) raises inside Hermes' reader: the whole store protects nothing.
        QVERIFY(!CronSkillRefs::parse(R"({"jobs": [{"skill": "a"}, {"skills": 5}]})", kSkills));
        // A control character outside a string is still broken JSON.
        QVERIFY(!CronSkillRefs::parse("{\"jobs\":\x01[]}", kSkills));
    }
};

QTEST_GUILESS_MAIN(CronSkillRefsTest)
#include "cron_skill_refs_test.moc"
