#include "CliRun.h"
#include "TeamStore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

#include <sys/resource.h>

namespace {

using clitest::Run;

qint64 scalar(const QString& dbPath, const char* sql) { return sediment::test::scalarIn(dbPath, sql); }

QByteArray memoryAdds(int n, const QString& prefix, double score = 0.9)
{
    QByteArray lines;
    for (int i = 0; i < n; ++i)
        lines +=
            QStringLiteral(R"({"target":"memory","op":{"action":"add","content":"%1 %2"},"rationale":"r","score":%3})")
                .arg(prefix)
                .arg(i)
                .arg(score)
                .toUtf8()
            + '\n';
    return lines;
}

} // namespace

class ProposeCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;
    int m_n = 0;

    QString db() const { return m_ws + QStringLiteral("/sediment.db"); }
    // The database once the intake has joined inbox_items, as any inbox command leaves it
    // (`propose` files deferred proposals in the intake, schema 5).
    QString filedDb()
    {
        const Run r =
            clitest::sediment(m_ws, {QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        if (r.code != 0)
            qWarning("inbox list failed: %s", r.err.constData());
        return db();
    }
    void setGate(const char* gate)
    {
        QFile f(m_ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("{\"gate\":\"") + gate + "\"}");
    }

private Q_SLOTS:
    void init()
    {
        m_ws = m_root.filePath(QStringLiteral("ws%1").arg(++m_n));
        QVERIFY(QDir().mkpath(m_ws));
    }

    void queuesForTheHumanGateAndPrintsTheOutcome()
    {
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")},
                                        R"([{"target":"memory","op":{"action":"add","content":"a"},"score":0.8},
                                   {"id":"x","destination":"brain_inbox","op":{"title":"T","text":"b"}}])");
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const auto j = nlohmann::ordered_json::parse(r.out.toStdString());
        std::vector<std::string> keys;
        for (const auto& [k, v] : j.items())
            keys.push_back(k);
        QCOMPARE(keys,
                 (std::vector<std::string>{"path", "applied", "rejected", "failed", "pending", "sanitized", "stores"}));
        QCOMPARE(j["path"].get<std::string>(), std::string("gate:human"));
        QCOMPARE(j["pending"].size(), size_t(2));
        QCOMPARE(j["pending"][1]["index"].get<int>(), 2);
        QCOMPARE(j["pending"][1]["inbox_id"].get<int>(), 2);
        QCOMPARE(j["pending"][1]["destination"].get<std::string>(), std::string("brain_inbox"));
        QVERIFY(j["stores"] == nlohmann::json::parse(R"({"inbox":2})"));
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_intake"), 2);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_items"), 0);
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items WHERE status='pending'"), 2);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_intake"), 0);
        QVERIFY(!QFile::exists(m_ws + QStringLiteral("/memories/MEMORY.md"))
                || QFile(m_ws + QStringLiteral("/memories/MEMORY.md")).size() == 0);
    }

    void scoreGateBoundaryThroughTheCli()
    {
        setGate("score");
        const Run r =
            clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                              R"({"target":"memory","op":{"action":"add","content":"validated"},"score":0.7}
{"target":"memory","op":{"action":"add","content":"hunch"},"score":0.69})");
        // One rejected: the outcome is printed whole, and the exit status says "no" (docs/verbs.md#exit-codes).
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: 1 of the proposals not applied: 1 rejected, 0 failed\n"));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["applied"][0]["reason"].get<std::string>(), std::string("score 0.7 ≥ threshold 0.7"));
        QCOMPARE(j["rejected"][0]["reason"].get<std::string>(),
                 std::string("score 0.69 < threshold 0.7 (learn only from validated wins)"));
        QVERIFY(j["stores"] == nlohmann::json::parse(R"({"memory":1})"));
        QFile mem(m_ws + QStringLiteral("/memories/MEMORY.md"));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        QCOMPARE(mem.readAll(), QByteArray("validated"));
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM audit_log WHERE actor='gate:score'"), 2);
    }

    // docs/user-guide.md#preflight ("present"): re-applying what a store already holds counts as applied and does not grow the
    // store, for every destination: a note or chantier of the same title and body, a skill created
    // word for word, a CLAUDE.md replacement already made, a paragraph already appended.
    void reapplyingWhatAStoreHoldsIsAppliedAndWritesNothing()
    {
        setGate("score");
        QFile claude(m_ws + QStringLiteral("/CLAUDE.md"));
        QVERIFY(claude.open(QIODevice::WriteOnly));
        claude.write("Rule: use tabs\n");
        claude.close();
        const QByteArray proposals =
            R"({"destination":"brain_inbox","op":{"title":"N","text":"t"},"score":0.9}
{"destination":"chantier_outil","op":{"title":"J","text":"t"},"score":0.9}
{"destination":"skill","op":{"name":"sk","mode":"create","text":"T\n"},"score":0.9}
{"destination":"claude_md","op":{"before":"use tabs","after":"use spaces"},"score":0.9}
{"destination":"claude_md","op":{"before":"","after":"Ask first."},"score":0.9})";
        const Run first = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")}, proposals);
        QCOMPARE(first.code, 0);
        QCOMPARE(nlohmann::json::parse(first.out.toStdString())["stores"].size(), size_t(4));
        const auto files = [&] {
            QStringList all;
            QDirIterator it(m_ws, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (!path.contains(QStringLiteral("sediment.db")) && !path.endsWith(QStringLiteral("sediment.json"))) {
                    QFile f(path);
                    all << path + QLatin1Char('=')
                               + (f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QStringLiteral("?"));
                }
            }
            all.sort();
            return all;
        };
        const QStringList before = files();
        const Run again = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")}, proposals);
        QCOMPARE(again.code, 0);
        const auto j = nlohmann::json::parse(again.out.toStdString());
        QCOMPARE(j["applied"].size(), size_t(5));
        QCOMPARE(j["failed"].size(), size_t(0));
        QVERIFY2(j["stores"].empty(), again.out.constData());
        QCOMPARE(files(), before);
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items WHERE status='applied'"), 10);
        // A different body under the same title is a second note; a create over a different
        // SKILL.md still fails.
        const Run other = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")},
                                            R"({"destination":"brain_inbox","op":{"title":"N","text":"u"},"score":0.9}
{"destination":"skill","op":{"name":"sk","mode":"create","text":"U\n"},"score":0.9})");
        const auto o = nlohmann::json::parse(other.out.toStdString());
        QCOMPARE(o["applied"].size(), size_t(1));
        QVERIFY(QFile::exists(m_ws + QStringLiteral("/brain/inbox/n-2.md")));
        QCOMPARE(o["failed"].size(), size_t(1));
        QVERIFY2(o["failed"][0]["reason"].get<std::string>().find("already exists") != std::string::npos,
                 other.out.constData());
    }

    void overBudgetWriteIsFailedNotRejected()
    {
        QFile f(m_ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"gate":"score","memory_char_limit":20})");
        f.close();
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")},
                                        R"({"target":"memory","op":{"action":"add","content":"short one"},"score":0.9}
{"target":"memory","op":{"action":"add","content":"this entry is far too long for the budget"},"score":0.9})");
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: 1 of the proposals not applied: 0 rejected, 1 failed\n"));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["applied"].size(), size_t(1));
        QCOMPARE(j["rejected"].size(), size_t(0));
        QCOMPARE(j["failed"].size(), size_t(1));
        QCOMPARE(j["failed"][0]["index"].get<int>(), 2);
        QVERIFY2(j["failed"][0]["reason"].get<std::string>().find("would exceed the limit") != std::string::npos,
                 r.out.constData());
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items WHERE status='failed'"), 1);
    }

    void invalidThirdProposalChangesNothing()
    {
        setGate("score");
        const Run first = clitest::sediment(m_ws, {QStringLiteral("propose")}, memoryAdds(1, QStringLiteral("base")));
        QCOMPARE(first.code, 0);
        const qint64 rows = scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items");
        const qint64 audits = scalar(db(), "SELECT COUNT(*) FROM audit_log");
        QFile mem(m_ws + QStringLiteral("/memories/MEMORY.md"));
        QVERIFY(mem.open(QIODevice::ReadOnly));
        const QByteArray before = mem.readAll();
        mem.close();

        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")},
                                        memoryAdds(2, QStringLiteral("new"))
                                            + R"({"target":"memory","op":{"action":"add","content":"c"},"score":1.5})");
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QByteArray("sediment: proposal 3: score must be a number in [0,1] (got 1.5)\n"));
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), rows);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM audit_log"), audits);
        QVERIFY(mem.open(QIODevice::ReadOnly));
        QCOMPARE(mem.readAll(), before);
    }

    // Proposals are validated while the input is read; a syntax error further on still decides
    // the message, as it did when the whole input was parsed first.
    void malformedLineAfterAnInvalidProposalIsTheReportedError()
    {
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose")},
                                        memoryAdds(1, QStringLiteral("ok"))
                                            + R"({"target":"memory","op":{"action":"add","content":"c"},"score":1.5})"
                                              "\n"
                                            + R"({"target":"memory","op":)"
                                              "\n");
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("sediment: line 3: malformed JSON"), r.err.constData());
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), 0);
    }

    // A large input is read on a second thread while the first proposals are gated. An invalid
    // proposal at its very end must still leave everything as it was: no store written (the
    // score gate approves every proposal before it), no row, no audit row.
    void aLargeInputInvalidAtItsEndChangesNothing()
    {
        setGate("score");
        const QByteArray valid = memoryAdds(5000, QStringLiteral("a lesson long enough to make this input large"));
        QVERIFY(valid.size() > 256 * 1024);
        const Run r =
            clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")},
                              valid + R"({"target":"memory","op":{"action":"add","content":"c"},"score":1.5})");
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QByteArray("sediment: proposal 5001: score must be a number in [0,1] (got 1.5)\n"));
        QVERIFY(!QFile::exists(m_ws + QStringLiteral("/memories/MEMORY.md")));
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_intake"), 0);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_items"), 0);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM audit_log"), 0);

        // The same with the human gate, which only queues: nothing queued either.
        setGate("human");
        const Run human = clitest::sediment(m_ws, {QStringLiteral("propose")},
                                            valid
                                                + R"({"target":"memory","op":{"action":"add"}})"
                                                  "\n"
                                                + valid);
        QCOMPARE(human.code, 2);
        QVERIFY2(human.err.startsWith("sediment: proposal 5001: "), human.err.constData());
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_intake"), 0);
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM audit_log"), 0);

        // A syntax error after the invalid proposal is still the reported error.
        const Run syntax = clitest::sediment(m_ws, {QStringLiteral("propose")},
                                             valid
                                                 + R"({"target":"memory","op":{"action":"add"}})"
                                                   "\n"
                                                 + valid
                                                 + R"({"target":)"
                                                   "\n");
        QCOMPARE(syntax.code, 2);
        QVERIFY2(syntax.err.startsWith("sediment: line 10002: malformed JSON"), syntax.err.constData());
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM inbox_intake"), 0);
    }

    // Escapes, surrogate pairs, duplicate keys and big numbers read as nlohmann reads them:
    // the stored payload is the same text whichever reader took the line.
    void escapedAndUnusualJsonIsStoredAsParsed()
    {
        const QByteArray input = "{\"target\":\"memory\",\"op\":{\"action\":\"add\",\"content\":"
                                 "\"caf\\u00e9 \\ud83d\\ude00 tab\\tquote\\\" /\\/\"},\"score\":0.5,\"score\":0.75}\n"
                                 "{\"target\":\"user\",\"op\":{\"action\":\"add\",\"content\":\"big\"},"
                                 "\"source\":{\"agent\":\"a\",\"n\":123456789012345678901234}}\n";
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")}, input);
        QCOMPARE(r.code, 0);
        const auto out = nlohmann::json::parse(r.out.constData());
        QCOMPARE(out["pending"].size(), size_t(2));
        auto store = sediment::test::openStore(filedDb());
        QVERIFY(store.has_value());
        auto st = (*store)->prepare("SELECT op_json, score, source_json FROM inbox_items ORDER BY id");
        QVERIFY(st.has_value());
        QVERIFY(*st->step());
        const QByteArray op = QByteArray::fromStdString(st->utf8(0));
        QCOMPARE(op,
                 QByteArray("{\"action\":\"add\",\"content\":\"caf\xC3\xA9 \xF0\x9F\x98\x80 tab\\tquote\\\" //\"}"));
        QCOMPARE(st->real(1), 0.75); // the last of a repeated key
        QVERIFY(*st->step());
        const QByteArray source = QByteArray::fromStdString(st->utf8(2));
        // Past 64 bits a whole number becomes a double, printed as nlohmann prints it.
        const std::string big = nlohmann::json::parse("123456789012345678901234").dump();
        QCOMPARE(source, QByteArray(("{\"agent\":\"a\",\"n\":" + big + "}").c_str()));
    }

    // A file of 1 MiB or more restarts the process with huge-page malloc before anything is read:
    // the restarted run must see the same arguments and input, from a path or from a redirected
    // standard input.
    void largeInputFilesAreIngestedWhole()
    {
        const QByteArray lines = memoryAdds(12000, QStringLiteral("a fairly long lesson text to pass one mebibyte"));
        QVERIFY(lines.size() > (1 << 20));
        const QString file = m_root.filePath(QStringLiteral("large-%1.jsonl").arg(m_n));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(lines);
        f.close();
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(nlohmann::json::parse(r.out.constData())["pending"].size(), size_t(12000));
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items WHERE status='pending'"), 12000);

        QProcess p;
        p.setStandardInputFile(file);
        teamtest::prepareWorkspace(m_ws); // against the team server, the folder names it
        p.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), m_ws, QStringLiteral("propose")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        // The same 12,000 again: each reinforces its pending twin.
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), 12000);
        QCOMPARE(scalar(filedDb(), "SELECT MIN(seen) FROM inbox_items"), 2);
    }

    void reproposingBumpsSeenInsteadOfQueueingTwice()
    {
        const QByteArray p = R"({"target":"user","op":{"action":"add","content":"Prefers tabs"},"score":0.5})";
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose")}, p).code, 0);
        const Run again = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")}, p);
        QCOMPARE(again.code, 0);
        const auto j = nlohmann::json::parse(again.out.toStdString());
        QCOMPARE(j["pending"][0]["inbox_id"].get<int>(), 1);
        QCOMPARE(j["pending"][0]["seen"].get<int>(), 2);
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), 1);
        QCOMPARE(scalar(filedDb(), "SELECT seen FROM inbox_items WHERE id=1"), 2);
    }

    void refusalMemoryRejectsWhatWasRefused()
    {
        const QByteArray p = R"({"target":"memory","op":{"action":"add","content":"Deploy on Fridays"},"score":0.9})";
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose")}, p).code, 0);
        // A human refusal, written as the inbox service records it.
        QVERIFY(sediment::test::execIn(
                    filedDb(),
                    "UPDATE inbox_items SET status='refused', refusal_code='wrong', reason='we never deploy on "
                    "Fridays', decided_at='2026-04-02T09:00:00.000Z', decided_by='human:carol' WHERE id=1")
                    .has_value());
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("--json")}, p);
        QCOMPARE(r.code, 1);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["rejected"][0]["reason"].get<std::string>(),
                 std::string("refused before on 2026-04-02 by carol: we never deploy on Fridays"));
        QCOMPARE(scalar(db(), "SELECT COUNT(*) FROM audit_log WHERE actor='gate:refusal-memory'"), 1);
    }

    void fourConcurrentWritersAllLand()
    {
        QVERIFY(clitest::sediment(m_ws, {QStringLiteral("stats")}).code == 0); // create the schema once
        std::vector<std::unique_ptr<QProcess>> procs;
        for (int w = 0; w < 4; ++w) {
            auto p = std::make_unique<QProcess>();
            p->start(QStringLiteral(SEDIMENT_BINARY),
                     {QStringLiteral("--workspace"), m_ws, QStringLiteral("propose"), QStringLiteral("--json")});
            QVERIFY(p->waitForStarted());
            p->write(memoryAdds(500, QStringLiteral("writer %1").arg(w)));
            p->closeWriteChannel();
            procs.push_back(std::move(p));
        }
        for (auto& p : procs) {
            QVERIFY(p->waitForFinished(120000));
            const QByteArray err = p->readAllStandardError();
            QVERIFY2(!err.contains("locked"), err.constData());
            QCOMPARE(p->exitCode(), 0);
            const auto j = nlohmann::json::parse(p->readAllStandardOutput().toStdString());
            QCOMPARE(j["pending"].size(), size_t(500));
        }
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), 2000);
        QCOMPARE(scalar(db(), "SELECT COUNT(DISTINCT id) FROM inbox_items"), 2000);
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    void emptyInputIsNothingToSave()
    {
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose")}, "\n");
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QByteArray("Nothing to save.\n"));
    }

    // Twelve million blank lines before one proposal: read as one proposal, without reserving
    // room for twelve million.
    void manyBlankLinesAreSkippedCheaply()
    {
        const QByteArray input = QByteArray(12 * 1024 * 1024, '\n') + memoryAdds(1, QStringLiteral("after blanks"));
        QProcess p;
        // One GiB of address space: enough for the run, far too little for a list sized by the
        // line count (twelve million proposals). AddressSanitizer reserves terabytes of address
        // space for its shadow memory and cannot start under any such limit: the sanitizer build
        // checks the outcome, the others the bound too.
#ifndef __SANITIZE_ADDRESS__
        p.setChildProcessModifier([] {
            const rlimit limit{rlim_t(1) << 30, rlim_t(1) << 30};
            ::setrlimit(RLIMIT_AS, &limit);
        });
#endif
        teamtest::prepareWorkspace(m_ws); // against the team server, the folder names it
        p.start(QStringLiteral(SEDIMENT_BINARY),
                {QStringLiteral("--workspace"), m_ws, QStringLiteral("propose"), QStringLiteral("--json")});
        QVERIFY(p.waitForStarted());
        p.write(input);
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(nlohmann::json::parse(p.readAllStandardOutput().constData())["pending"].size(), size_t(1));
        QCOMPARE(scalar(filedDb(), "SELECT COUNT(*) FROM inbox_items"), 1);
    }

    void readsAFileArgument()
    {
        const QString file = m_root.filePath(QStringLiteral("p%1.jsonl").arg(m_n));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(memoryAdds(3, QStringLiteral("file")));
        f.close();
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), file});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("gate:human: 0 applied, 0 rejected, 0 failed, 3 pending"), r.out.constData());
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose"), m_root.filePath(QStringLiteral("missing"))}).code,
                 3);
    }
};

QTEST_GUILESS_MAIN(ProposeCliTest)
#include "propose_cli_test.moc"
