#include "proposal/ProposalValidator.h"
#include "workspace/PathGuard.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class ProposalValidatorTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<PathGuard> m_guard;
    std::unique_ptr<ProposalValidator> m_validator;

    QString errorOf(const char* json, int index = 1)
    {
        auto r = m_validator->validate(Json::parse(json), index);
        return r ? QString() : r.error().message;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_guard = std::make_unique<PathGuard>(m_dir.path());
        m_validator = std::make_unique<ProposalValidator>(*m_guard, ProposalValidator::Paths{});
    }

    void acceptsSeedForm()
    {
        auto r = m_validator->validate(
            Json::parse(
                R"({"target":"memory","op":{"action":"add","content":"Use ninja"},"rationale":"faster","score":0.82})"),
            1);
        QVERIFY2(r.has_value(), r ? "" : qPrintable(r.error().message));
        QCOMPARE(r->destination, QStringLiteral("memory"));
        QCOMPARE(r->score.value(), 0.82);
        QCOMPARE(r->rationale, QStringLiteral("faster"));
        QCOMPARE(r->contentHash.size(), 64);
        QVERIFY(r->sanitized.empty());
    }

    void acceptsGeneralFormWithProvenance()
    {
        auto r = m_validator->validate(
            Json::parse(
                R"({"id":"a-1","destination":"brain_inbox","op":{"title":"T","text":"body"},"score":1,
                "source":{"agent":"hermes","session":"s1","scar":12,"extra":"kept"}})"),
            1);
        QVERIFY2(r.has_value(), r ? "" : qPrintable(r.error().message));
        QCOMPARE(r->extId.value(), QStringLiteral("a-1"));
        QCOMPARE(r->agent.value(), QStringLiteral("hermes"));
        QCOMPARE(r->source["extra"].get<std::string>(), std::string("kept"));
    }

    void scoreOutOfRangeNamesProposalAndField()
    {
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add","content":"x"},"score":1.5})", 3),
                 QStringLiteral("proposal 3: score must be a number in [0,1] (got 1.5)"));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add","content":"x"},"score":"0.9"})"),
                 QStringLiteral("proposal 1: score must be a number in [0,1] (got \"0.9\")"));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add","content":"x"},"score":-0.01})"),
                 QStringLiteral("proposal 1: score must be a number in [0,1] (got -0.01)"));
    }

    void scoreIsOptional()
    {
        auto r = m_validator->validate(Json::parse(R"({"target":"user","op":{"action":"add","content":"x"}})"), 1);
        QVERIFY(r.has_value());
        QVERIFY(!r->score.has_value());
    }

    void unknownDestinationAndFieldsAreNamed()
    {
        QCOMPARE(errorOf(R"({"destination":"diary","op":{}})", 2),
                 QStringLiteral("proposal 2: destination must be one of memory, user, claude_md, "
                                "settings_json, brain_inbox, skill, chantier_outil, claude_memory (got \"diary\")"));
        QVERIFY(errorOf(R"({"op":{}})").startsWith(QLatin1String("proposal 1: destination is required")));
        QVERIFY(errorOf(R"({"target":"memory","op":{"action":"add","content":"x"},"scroe":1})")
                    .startsWith(QLatin1String("proposal 1: unknown field 'scroe'")));
        QCOMPARE(errorOf(R"([1])"), QStringLiteral("proposal 1: must be a JSON object (got an array)"));
    }

    void memoryOpShapes()
    {
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add"}})"),
                 QStringLiteral("proposal 1: op.content is required for action 'add'"));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"replace","content":"x"}})"),
                 QStringLiteral("proposal 1: op.old_text is required for action 'replace'"));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"remove","old_text":"x","content":"y"}})"),
                 QStringLiteral("proposal 1: op.content is not used by action 'remove'"));
        QVERIFY(errorOf(R"({"target":"memory","op":{"action":"erase","old_text":"x"}})")
                    .startsWith(QLatin1String("proposal 1: op.action must be one of add, replace, remove, batch")));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add","content":7}})"),
                 QStringLiteral("proposal 1: op.content must be a string (got a number)"));
        QCOMPARE(errorOf(R"({"target":"memory","op":"add"})"),
                 QStringLiteral("proposal 1: op must be an object (got a string)"));
        QCOMPARE(errorOf(R"({"target":"memory"})"), QStringLiteral("proposal 1: op is required"));
        QCOMPARE(errorOf(R"({"target":"memory","op":{"action":"add","content":"  \n "}})"),
                 QStringLiteral("proposal 1: op.content must not be empty"));
    }

    void otherDestinationShapes()
    {
        QCOMPARE(errorOf(R"({"destination":"claude_md","op":{"after":"x"}})"),
                 QStringLiteral("proposal 1: op.before is required"));
        QCOMPARE(errorOf(R"({"destination":"settings_json","op":{"patch":[1]}})"),
                 QStringLiteral("proposal 1: op.patch must be an object (got an array)"));
        QCOMPARE(errorOf(R"({"destination":"brain_inbox","op":{"text":"x"}})"),
                 QStringLiteral("proposal 1: op.title is required"));
        QCOMPARE(errorOf(R"({"destination":"skill","op":{"name":"Bad Name","mode":"create","text":"x"}})"),
                 QStringLiteral("proposal 1: op.name must match [a-z0-9][a-z0-9._-]{0,63} (got \"Bad Name\")"));
        QCOMPARE(errorOf(R"({"destination":"skill","op":{"name":"ok-1","mode":"patch","text":"x"}})"),
                 QStringLiteral("proposal 1: op.text is not used by mode 'patch'"));
        QVERIFY(m_validator->validate(
            Json::parse(R"({"destination":"skill","op":{"name":"ok.skill_1","mode":"patch","before":"","after":"y"}})"),
            1));
    }

    void idIsBounded()
    {
        Json p = Json::parse(R"({"target":"memory","op":{"action":"add","content":"x"}})");
        p["id"] = std::string(129, 'a');
        auto r = m_validator->validate(p, 4);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposal 4: id must be at most 128 characters (got 129)"));
        p["id"] = std::string(128, 'a');
        QVERIFY(m_validator->validate(p, 4));
    }

    void pathsAreConfinedToTheWorkspace()
    {
        QVERIFY(errorOf(R"({"destination":"claude_md","op":{"path":"../x","before":"","after":"y"}})")
                    .startsWith(QLatin1String("proposal 1: op.path: ")));
        QVERIFY(errorOf(R"({"destination":"claude_md","op":{"path":"/etc/passwd","before":"","after":"y"}})")
                    .contains(QLatin1String("relative")));
        QVERIFY(errorOf(R"({"destination":"claude_md","op":{"path":"brain/permanent/x.md","before":"","after":"y"}})")
                    .contains(QLatin1String("protected")));
        QVERIFY(errorOf(R"({"destination":"settings_json","op":{"path":"sediment.db","patch":{}}})")
                    .contains(QLatin1String("protected")));
        QVERIFY(QFile::link(QDir::tempPath(), m_dir.filePath(QStringLiteral("out"))));
        QVERIFY(errorOf(R"({"destination":"claude_md","op":{"path":"out/x.md","before":"","after":"y"}})")
                    .contains(QLatin1String("outside the workspace")));
        auto ok =
            m_validator->validate(Json::parse(R"({"destination":"claude_md","op":{"before":"","after":"y"}})"), 1);
        QVERIFY(ok);
        QCOMPARE(ok->op["path"].get<std::string>(), std::string("CLAUDE.md"));
    }

    void sameMeaningHashesTheSame()
    {
        auto a = m_validator->validate(Json::parse(R"({"destination":"claude_md","op":{"before":"","after":"y"}})"), 1);
        auto b = m_validator->validate(
            Json::parse(R"({"destination":"claude_md","op":{"after":"y","path":"CLAUDE.md","before":""}})"), 2);
        QVERIFY(a && b);
        QCOMPARE(a->contentHash, b->contentHash);
        auto c = m_validator->validate(Json::parse(R"({"destination":"claude_md","op":{"before":"","after":"z"}})"), 1);
        QVERIFY(a->contentHash != c->contentHash);
    }

    void stripsControlsAndCapsTextsReportingIt()
    {
        Json p = Json::parse(R"({"target":"memory","op":{"action":"add"}})");
        p["op"]["content"] = "keep\ttab\nand line\r\x01\x7f" + std::string(5000, 'x');
        p["rationale"] = std::string("why\x1b[31m");
        auto r = m_validator->validate(p, 2);
        QVERIFY(r.has_value());
        const std::string content = r->op["content"].get<std::string>();
        QVERIFY(content.starts_with("keep\ttab\nand line"));
        QCOMPARE(content.find('\r'), std::string::npos);
        QCOMPARE(content.size(), size_t(4096));
        QCOMPARE(r->rationale, QStringLiteral("why[31m"));
        const std::string report = r->sanitized.dump();
        QVERIFY2(report.find(R"({"index":2,"field":"op.content","action":"removed 3 control characters"})")
                     != std::string::npos,
                 report.c_str());
        QVERIFY2(report.find(R"x("field":"op.content","action":"cut to 4096 code points (was 5017)")x")
                     != std::string::npos,
                 report.c_str());
        QVERIFY(report.find(R"({"index":2,"field":"rationale","action":"removed 1 control character"})")
                != std::string::npos);
    }

    void capCountsCodePointsNotBytes()
    {
        Json p = Json::parse(R"({"target":"memory","op":{"action":"add"}})");
        std::string text;
        for (int i = 0; i < 4100; ++i)
            text += "é";
        p["op"]["content"] = text;
        auto r = m_validator->validate(p, 1);
        QVERIFY(r.has_value());
        QCOMPARE(r->op["content"].get<std::string>().size(), size_t(4096 * 2));
    }

    void oversizedFileBodyIsInvalidNotCut()
    {
        Json p = Json::parse(R"({"destination":"chantier_outil","op":{"title":"t"}})");
        p["op"]["text"] = std::string(65537, 'a');
        auto r = m_validator->validate(p, 5);
        QVERIFY(!r);
        QVERIFY2(r.error().message.startsWith(
                     QLatin1String("proposal 5: op.text is longer than 65536 code points (got 65537)")),
                 qPrintable(r.error().message));
        p["op"]["text"] = std::string(65536, 'a');
        QVERIFY(m_validator->validate(p, 5));
    }

    void validateAllStopsAtTheFirstInvalid()
    {
        std::vector<Json> raws{Json::parse(R"({"target":"memory","op":{"action":"add","content":"a"}})"),
                               Json::parse(R"({"target":"memory","op":{"action":"add","content":"b"}})"),
                               Json::parse(R"({"target":"memory","op":{"action":"add","content":"c"},"score":2})")};
        auto r = m_validator->validateAll(raws);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposal 3: score must be a number in [0,1] (got 2)"));
    }

    // Consecutive proposals of one agent share its name; a change of agent or session, or none,
    // must still be read from each proposal.
    void eachProposalKeepsItsOwnAgentAndSession()
    {
        const char* const raws[] = {
            R"({"target":"memory","op":{"action":"add","content":"a"},"source":{"agent":"ann","session":"s1"}})",
            R"({"target":"memory","op":{"action":"add","content":"b"},"source":{"agent":"ann","session":"s2"}})",
            R"({"target":"memory","op":{"action":"add","content":"c"},"source":{"agent":"bob"}})",
            R"({"target":"memory","op":{"action":"add","content":"d"}})",
            R"({"target":"memory","op":{"action":"add","content":"e"},"source":{"agent":"ann","session":"s1"}})",
        };
        const std::optional<QString> agents[] = {QStringLiteral("ann"), QStringLiteral("ann"), QStringLiteral("bob"),
                                                 std::nullopt, QStringLiteral("ann")};
        const std::optional<QString> sessions[] = {QStringLiteral("s1"), QStringLiteral("s2"), std::nullopt,
                                                   std::nullopt, QStringLiteral("s1")};
        for (int i = 0; i < 5; ++i) {
            auto r = m_validator->validate(Json::parse(raws[i]), i + 1);
            QVERIFY2(r.has_value(), r ? "" : qPrintable(r.error().message));
            QCOMPARE(r->agent, agents[i]);
            QCOMPARE(r->session, sessions[i]);
        }
    }

    // Fields are read in one pass: with several wrong, the first unknown field still wins, then
    // the checks keep their order (destination before id, id before score).
    void errorsKeepTheirOrderWhateverTheFieldOrder()
    {
        QCOMPARE(errorOf(R"({"score":5,"id":7,"bogus":1,"target":"memory"})"),
                 QStringLiteral("proposal 1: unknown field 'bogus' (expected id, destination or target, op, "
                                "rationale, score, source)"));
        QCOMPARE(errorOf(R"({"score":5,"id":7,"op":{}})"),
                 QStringLiteral("proposal 1: destination is required (one of memory, user, claude_md, "
                                "settings_json, brain_inbox, skill, chantier_outil, claude_memory)"));
        QCOMPARE(errorOf(R"({"score":5,"id":7,"target":"memory","op":{}})"),
                 QStringLiteral("proposal 1: id must be a string (got a number)"));
        QCOMPARE(errorOf(R"({"op":{"action":"add","content":"x"},"score":5,"target":"user"})"),
                 QStringLiteral("proposal 1: score must be a number in [0,1] (got 5)"));
        QCOMPARE(errorOf(R"({"op":{"action":"add","content":"x","colour":1},"target":"user"})"),
                 QStringLiteral("proposal 1: op.colour is not a field of a user op (expected action, content, "
                                "old_text, operations)"));
    }
};

QTEST_GUILESS_MAIN(ProposalValidatorTest)
#include "proposal_validator_test.moc"
