// `sediment inbox ...` through the real binary: output, exit codes and the files written.
#include "CliRun.h"
#include "FileBytes.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

namespace {

using clitest::Run;

} // namespace

class InboxVerbTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    void writeFile(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    QByteArray readFile(const QString& rel) const { return test::fileBytes(path(rel)); }

    Run run(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_dir->path(), args, input);
    }

    // Queues one deferred item through `sediment propose` (the default human gate defers it).
    qint64 seed(const char* destination, const Json& op, double score = 0.8)
    {
        const Json proposal{{"destination", destination},
                            {"op", op},
                            {"rationale", "seen twice"},
                            {"score", score},
                            {"source", {{"agent", "claude"}, {"session", "s1"}}}};
        const Run r = run({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                          QByteArray::fromStdString(proposal.dump()));
        const Json out = Json::parse(r.out.toStdString(), nullptr, false);
        if (r.code != 0 || !out.is_object() || out["pending"].empty()) {
            qWarning("propose failed (%d): %s %s", r.code, r.out.constData(), r.err.constData());
            return -1;
        }
        return out["pending"][0]["inbox_id"].get<qint64>();
    }

    Json status(qint64 id)
    {
        const Run r =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        return Json::parse(r.out.toStdString(), nullptr, false);
    }

    static QString idArg(qint64 id) { return QString::number(id); }

    // The audit rows of one item, oldest first.
    Json auditOf(qint64 id)
    {
        const Run r = run({QStringLiteral("audit"), QStringLiteral("--subject"),
                           QStringLiteral("inbox_item:%1").arg(id), QStringLiteral("--json")});
        return Json::parse(r.out.toStdString(), nullptr, false);
    }

private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void listJsonPrintsEveryItemWithTheSpecFields()
    {
        seed("memory", Json{{"action", "add"}, {"content", "one"}});
        seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "two"}});
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.err.isEmpty());
        const Json items = Json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY(items.is_array());
        QCOMPARE(items.size(), size_t(2));
        for (const char* key :
             {"id", "destination", "status", "score", "rationale", "stale", "seen", "created_at", "op"})
            QVERIFY2(items[0].contains(key), key);
        QCOMPARE(items[0]["status"].get<std::string>(), std::string("pending"));
        QCOMPARE(items[1]["destination"].get<std::string>(), std::string("claude_md"));
        QVERIFY(r.out.contains("\"score\": 0.8"));

        QVERIFY(run({QStringLiteral("inbox"), QStringLiteral("refuse"), QStringLiteral("1"), QStringLiteral("--reason"),
                     QStringLiteral("duplicate")})
                    .code
                == 0);
        const Run pending = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                                 QStringLiteral("pending"), QStringLiteral("--json")});
        QCOMPARE(Json::parse(pending.out.toStdString()).size(), size_t(1));
        const Run human = run({QStringLiteral("inbox"), QStringLiteral("list")});
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("refused"));
        QVERIFY(human.out.contains("claude_md"));
    }

    void listTakesTheQueryLanguageAsNextDoes()
    {
        seed("memory", Json{{"action", "add"}, {"content", "Deploys happen on Tuesdays."}}, 0.95);
        seed("memory", Json{{"action", "add"}, {"content", "The staging server is slow."}}, 0.4);
        seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Run the linters."}}, 0.92);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), QStringLiteral("3"),
                      QStringLiteral("--reason"), QStringLiteral("wrong")})
                     .code,
                 0);
        auto ids = [&](const QStringList& extra) {
            const Run r = run(QStringList{QStringLiteral("inbox"), QStringLiteral("list")} + extra
                              + QStringList{QStringLiteral("--json")});
            std::vector<qint64> out;
            for (const auto& it : Json::parse(r.out.toStdString(), nullptr, false))
                out.push_back(it["id"].get<qint64>());
            return std::make_pair(r.code, out);
        };
        using Ids = std::vector<qint64>;
        QVERIFY(ids({QStringLiteral("score>=0.9")}) == std::make_pair(0, Ids{1, 3})); // every status
        QVERIFY(ids({QStringLiteral("dest:memory -staging")}) == std::make_pair(0, Ids{1}));
        QVERIFY(ids({QStringLiteral("agent:claude status:refused")}) == std::make_pair(0, Ids{3}));
        QVERIFY(ids({QStringLiteral("score>=0.9"), QStringLiteral("--status"), QStringLiteral("pending")})
                == std::make_pair(0, Ids{1}));
        QVERIFY(ids({QStringLiteral("is:stale")}) == std::make_pair(0, Ids{}));
        const Run none = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("nothing-like-this")});
        QCOMPARE(none.code, 0);
        QVERIFY(none.out.contains("matching the query"));
    }

    void listRefusesABadQueryInOneLineChangingNothing()
    {
        seed("memory", Json{{"action", "add"}, {"content", "one"}});
        const Json before = status(1);
        for (const QStringList& bad :
             {QStringList{QStringLiteral("score>=lots")}, QStringList{QStringLiteral("status:nonsense")},
              QStringList{QStringLiteral("status:pending"), QStringLiteral("--status"), QStringLiteral("refused")}}) {
            const Run r = run(QStringList{QStringLiteral("inbox"), QStringLiteral("list")} + bad);
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(r.err.startsWith("sediment: inbox list: ") && r.err.count('\n') == 1, r.err.constData());
            QVERIFY2(!r.err.contains('%'), r.err.constData()); // no placeholder left unfilled
        }
        QVERIFY(status(1) == before);
    }

    void showPrintsTheOpProvenanceStaleFlagAndBudget()
    {
        writeFile(QStringLiteral("memories/MEMORY.md"), "abc");
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "defgh"}});
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("show"), idArg(id)});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Destination: memory"));
        QVERIFY(r.out.contains("Op: {\"action\": \"add\", \"content\": \"defgh\"}"));
        QVERIFY(r.out.contains("Score: 0.8"));
        QVERIFY(r.out.contains("\"agent\": \"claude\""));
        QVERIFY(r.out.contains("Stale: no"));
        QVERIFY2(r.out.contains("Budget: 3 → 11 / 2200 chars"), r.out.constData());
        const Json j = status(id);
        QCOMPARE(j["budget"]["text"].get<std::string>(), std::string("3 → 11 / 2200 chars"));
        QCOMPARE(j["budget"]["over"].get<bool>(), false);
    }

    void approveAppliesAndPrintsTheItem()
    {
        const qint64 id = seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "Be terse."}});
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json j = Json::parse(r.out.toStdString());
        QCOMPARE(j["status"].get<std::string>(), std::string("applied"));
        QCOMPARE(j["target_path"].get<std::string>(), std::string("CLAUDE.md"));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Be terse.\n"));
        const Run again = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id)});
        QCOMPARE(again.code, 1);
        QVERIFY(again.err.contains("only pending or failed items"));
        QCOMPARE(again.err.count('\n'), 1);
    }

    void approveOverBudgetIsFailedWithExitOne()
    {
        writeFile(QStringLiteral("sediment.json"), R"({"memory_char_limit": 10})");
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "far too long for ten"}});
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id)});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QByteArray("sediment: inbox item 1 failed: Memory at 0/10 chars. Adding this entry "
                                   "(20 chars) would exceed the limit. Consolidate now: use 'replace' to merge "
                                   "overlapping entries into shorter ones or 'remove' stale or less important "
                                   "entries (see current_entries below), then retry this add \xE2\x80\x94 all in "
                                   "this turn.\n"));
        QCOMPARE(status(id)["status"].get<std::string>(), std::string("failed"));
        QVERIFY(!QFile::exists(path(QStringLiteral("memories/MEMORY.md")))
                || readFile(QStringLiteral("memories/MEMORY.md")).isEmpty());
    }

    void approveWithMakeRoomRemovesAndMergesInOneDecision()
    {
        writeFile(QStringLiteral("sediment.json"), R"({"memory_char_limit": 60})");
        writeFile(QStringLiteral("memories/MEMORY.md"),
                  "uses tabs\n\xC2\xA7\nlikes tea\n\xC2\xA7\nlikes coffee\n\xC2\xA7\nold fact");
        const QByteArray before = readFile(QStringLiteral("memories/MEMORY.md"));
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "deploys happen on Tuesdays"}});
        const Run shown = run({QStringLiteral("inbox"), QStringLiteral("show"), idArg(id)});
        QVERIFY2(shown.out.contains("Budget: 47 \xE2\x86\x92 76 / 60 chars (over the limit)\n"
                                    "Room: free 16 chars to approve it (inbox approve 1 --make-room F)\n"),
                 shown.out.constData());
        const std::size_t proposed = auditOf(id).size(); // the proposal's own rows
        // Bad rooms first: each is exit 2 with the reason, and nothing is written.
        const Run notJson = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id),
                                 QStringLiteral("--make-room"), QStringLiteral("-")},
                                "{remove");
        QCOMPARE(notJson.code, 2);
        QCOMPARE(notJson.err, QByteArray("sediment: inbox approve: stdin is not valid JSON\n"));
        const Run unknown = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id),
                                 QStringLiteral("--make-room"), QStringLiteral("-")},
                                R"({"remove": ["nope"]})");
        QCOMPARE(unknown.code, 2);
        QCOMPARE(
            unknown.err,
            QByteArray("sediment: make room: no entry of the store reads exactly \xE2\x80\x9Cnope\xE2\x80\x9D now\n"));
        const Run small = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id),
                               QStringLiteral("--make-room"), QStringLiteral("-")},
                              R"({"remove": ["old fact"]})");
        QCOMPARE(small.code, 1);
        QCOMPARE(
            small.err,
            QByteArray("sediment: inbox item 1 still does not fit: MEMORY.md would hold 47 \xE2\x86\x92 65 / 60 chars; "
                       "free 5 more chars\n"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), before);
        QCOMPARE(status(id)["status"].get<std::string>(), std::string("pending"));
        QCOMPARE(auditOf(id).size(), proposed);

        const QByteArray room =
            R"({"remove": ["old fact"], "merge": [{"entries": ["likes tea", "likes coffee"], "into": "likes tea, coffee"}]})";
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id), QStringLiteral("--make-room"),
                           QStringLiteral("-")},
                          room);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("Inbox item 1 applied with room made: "), r.out.constData());
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")),
                 QByteArray("uses tabs\n\xC2\xA7\nlikes tea, coffee\n\xC2\xA7\ndeploys happen on Tuesdays"));
        const Json item = status(id);
        QCOMPARE(item["status"].get<std::string>(), std::string("modified"));
        QCOMPARE(item["final_op"]["operations"].size(), std::size_t(4));
        const Json rows = auditOf(id);
        QCOMPARE(rows.size(), proposed + 1);
        const Json& row = rows[rows.size() - 1];
        QCOMPARE(row["action"].get<std::string>(), std::string("inbox.make_room"));
        QVERIFY(row["actor"].get<std::string>().starts_with("human:"));
        QCOMPARE(fromStd(row["details"]["room"].dump()), fromStd(Json::parse(room.toStdString()).dump()));
        // Undone as one decision.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(id)}).code, 0);
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), before);
    }

    void staleItemIsRefusedUntilPatched()
    {
        writeFile(QStringLiteral("CLAUDE.md"), "Use tabs.\n");
        const qint64 id =
            seed("claude_md", Json{{"path", "CLAUDE.md"}, {"before", "Use tabs."}, {"after", "Use spaces."}});
        writeFile(QStringLiteral("CLAUDE.md"), "Use whatever.\n");
        const Run list = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(Json::parse(list.out.toStdString())[0]["stale"].get<bool>(), true);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id)});
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("stale"));
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Use whatever.\n"));
        writeFile(QStringLiteral("edit.json"),
                  R"({"path": "CLAUDE.md", "before": "Use whatever.", "after": "Use spaces."})");
        const Run p = run({QStringLiteral("inbox"), QStringLiteral("patch"), idArg(id), QStringLiteral("--file"),
                           path(QStringLiteral("edit.json"))});
        QCOMPARE(p.code, 0);
        QCOMPARE(readFile(QStringLiteral("CLAUDE.md")), QByteArray("Use spaces.\n"));
        const Json j = status(id);
        QCOMPARE(j["status"].get<std::string>(), std::string("modified"));
        QCOMPARE(j["op"]["before"].get<std::string>(), std::string("Use tabs."));
        QCOMPARE(j["final_op"]["before"].get<std::string>(), std::string("Use whatever."));
    }

    void patchReadsStdinAndRejectsInvalidJson()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "tpyo"}});
        const Run bad = run({QStringLiteral("inbox"), QStringLiteral("patch"), idArg(id), QStringLiteral("--file"),
                             QStringLiteral("-")},
                            "{nope");
        QCOMPARE(bad.code, 2);
        QCOMPARE(bad.err.count('\n'), 1);
        QCOMPARE(status(id)["status"].get<std::string>(), std::string("pending"));
        const Run ok = run({QStringLiteral("inbox"), QStringLiteral("patch"), idArg(id), QStringLiteral("--file"),
                            QStringLiteral("-"), QStringLiteral("--json")},
                           R"({"action": "add", "content": "typo"})");
        QCOMPARE(ok.code, 0);
        QCOMPARE(Json::parse(ok.out.toStdString())["status"].get<std::string>(), std::string("modified"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("typo"));
    }

    void refuseNeedsAReasonCode()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "x"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id)}).code, 2);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id), QStringLiteral("--reason"),
                      QStringLiteral("nah")})
                     .code,
                 2);
        const Run other = run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id), QStringLiteral("--reason"),
                               QStringLiteral("other")});
        QCOMPARE(other.code, 2);
        QVERIFY(other.err.contains("needs a text"));
        QCOMPARE(status(id)["status"].get<std::string>(), std::string("pending"));
        const Run ok = run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id), QStringLiteral("--reason"),
                            QStringLiteral("other"), QStringLiteral("--text"), QStringLiteral("off topic"),
                            QStringLiteral("--json")});
        QCOMPARE(ok.code, 0);
        const Json j = Json::parse(ok.out.toStdString());
        QCOMPARE(j["status"].get<std::string>(), std::string("refused"));
        QCOMPARE(j["refusal_code"].get<std::string>(), std::string("other"));
        QCOMPARE(j["reason"].get<std::string>(), std::string("off topic"));
    }

    void revertUndoesAndRefusesAfterAChange()
    {
        writeFile(QStringLiteral("settings.json"), "{\"a\": 1}\n");
        const qint64 id =
            seed("settings_json", Json{{"path", "settings.json"}, {"patch", {{"a", nullptr}, {"b", true}}}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(id)}).code, 0);
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{\n  \"b\": true\n}\n"));
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(id), QStringLiteral("--json")});
        QCOMPARE(back.code, 0);
        QCOMPARE(Json::parse(back.out.toStdString())["status"].get<std::string>(), std::string("reverted"));
        QCOMPARE(readFile(QStringLiteral("settings.json")), QByteArray("{\"a\": 1}\n"));

        const qint64 note = seed("brain_inbox", Json{{"title", "Idea"}, {"text", "x"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(note)}).code, 0);
        writeFile(QStringLiteral("brain/inbox/idea.md"), "rewritten\n");
        const Run refused = run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(note)});
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err, QByteArray("sediment: target changed since; revert by hand\n"));
        QCOMPARE(readFile(QStringLiteral("brain/inbox/idea.md")), QByteArray("rewritten\n"));
        QCOMPARE(status(note)["status"].get<std::string>(), std::string("applied"));
    }

    // A memory item is undone entry by entry when the store changed since (docs/user-guide.md#deciding: refused only
    // when the store no longer holds what the item wrote): an entry added beside it stays; a
    // replacement puts back the entry it replaced, in its place; an entry edited since refuses.
    void revertOfAMemoryItemUndoesItsOwnEntryOnly()
    {
        const qint64 added = seed("memory", Json{{"action", "add"}, {"content", "Revert me"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(added)}).code, 0);
        QCOMPARE(run({QStringLiteral("memory"), QStringLiteral("add"), QStringLiteral("--target"),
                      QStringLiteral("memory"), QStringLiteral("--content"), QStringLiteral("Other")})
                     .code,
                 0);
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(added)});
        QVERIFY2(back.code == 0, back.err.constData());
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Other"));

        QCOMPARE(run({QStringLiteral("memory"), QStringLiteral("add"), QStringLiteral("--target"),
                      QStringLiteral("memory"), QStringLiteral("--content"), QStringLiteral("Old rule")})
                     .code,
                 0);
        const qint64 replaced =
            seed("memory", Json{{"action", "replace"}, {"old_text", "Old rule"}, {"content", "New rule"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(replaced)}).code, 0);
        QCOMPARE(run({QStringLiteral("memory"), QStringLiteral("add"), QStringLiteral("--target"),
                      QStringLiteral("memory"), QStringLiteral("--content"), QStringLiteral("Third")})
                     .code,
                 0);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(replaced)}).code, 0);
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), QByteArray("Other\n\u00A7\nOld rule\n\u00A7\nThird"));

        const qint64 edited = seed("memory", Json{{"action", "add"}, {"content", "Keep as is"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), idArg(edited)}).code, 0);
        QCOMPARE(run({QStringLiteral("memory"), QStringLiteral("replace"), QStringLiteral("--target"),
                      QStringLiteral("memory"), QStringLiteral("--old-text"), QStringLiteral("Keep as"),
                      QStringLiteral("--content"), QStringLiteral("Kept, edited")})
                     .code,
                 0);
        const QByteArray before = readFile(QStringLiteral("memories/MEMORY.md"));
        const Run refused = run({QStringLiteral("inbox"), QStringLiteral("revert"), idArg(edited)});
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err, QByteArray("sediment: target changed since; revert by hand\n"));
        QCOMPARE(readFile(QStringLiteral("memories/MEMORY.md")), before);
        QCOMPARE(status(edited)["status"].get<std::string>(), std::string("applied"));
    }

    void unrefuseMakesARefusedItemPendingAgainWithAnAuditRow()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Likes tea"}});
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id), QStringLiteral("--reason"),
                      QStringLiteral("too_specific")})
                     .code,
                 0);
        // On a team's server the reviewer is the database role: --reviewer cannot name another.
        const bool server = teamtest::onServer();
        const QString reviewer =
            server ? teamtest::teamConnInfo()->section(QStringLiteral("user="), 1).section(QLatin1Char(' '), 0, 0)
                   : QStringLiteral("ann");
        if (server)
            QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("unrefuse"), idArg(id), QStringLiteral("--reviewer"),
                          QStringLiteral("ann")})
                         .code,
                     2);
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("unrefuse"), idArg(id),
                              QStringLiteral("--reviewer"), reviewer, QStringLiteral("--json")});
        QCOMPARE(back.code, 0);
        QVERIFY(back.err.isEmpty());
        const Json j = Json::parse(back.out.toStdString(), nullptr, false);
        QCOMPARE(j.value("status", ""), std::string("pending"));
        QVERIFY(j["refusal_code"].is_null());
        QCOMPARE(status(id).value("status", ""), std::string("pending"));

        const Json rows = auditOf(id);
        QVERIFY(rows.size() >= 2);
        QCOMPARE(rows[rows.size() - 2].value("action", ""), std::string("inbox.refuse"));
        const Json& undo = rows.back();
        QCOMPARE(undo.value("action", ""), std::string("inbox.undo_refuse"));
        QCOMPARE(undo.value("actor", ""), "human:" + reviewer.toStdString());
        QCOMPARE(undo.value("before", ""), std::string("refused"));
        QCOMPARE(undo.value("after", ""), std::string("pending"));
        QCOMPARE(undo["details"].value("undone_refusal_code", ""), std::string("too_specific"));

        // Pending again, it can be decided anew; the text output names what happened.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), idArg(id), QStringLiteral("--reason"),
                      QStringLiteral("wrong")})
                     .code,
                 0);
        const Run text = run({QStringLiteral("inbox"), QStringLiteral("unrefuse"), idArg(id)});
        QCOMPARE(text.code, 0);
        QCOMPARE(text.out, QStringLiteral("Inbox item %1 is pending again (refusal undone)\n").arg(id).toUtf8());
    }

    void unrefuseOfAPendingItemIsRefusedAndChangesNothing()
    {
        const qint64 id = seed("memory", Json{{"action", "add"}, {"content", "Likes tea"}});
        const Json before = status(id);
        const size_t auditRows = auditOf(id).size();
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("unrefuse"), idArg(id), QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QStringLiteral("sediment: inbox item %1 is pending; only refused items can have "
                                       "their refusal undone\n")
                            .arg(id)
                            .toUtf8());
        QVERIFY(status(id) == before);
        QCOMPARE(auditOf(id).size(), auditRows);
    }

    void unrefuseOfAnUnknownItemExitsTwo()
    {
        seed("memory", Json{{"action", "add"}, {"content", "Likes tea"}});
        const Run missing = run({QStringLiteral("inbox"), QStringLiteral("unrefuse"), QStringLiteral("42")});
        QCOMPARE(missing.code, 2);
        QCOMPARE(missing.err, QByteArray("sediment: no inbox item 42\n"));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("unrefuse")}).code, 2);
        QVERIFY(run({QStringLiteral("inbox"), QStringLiteral("--help")}).out.contains("sediment inbox unrefuse ID"));
    }

    void badUsageExitsTwo()
    {
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve")}).code, 2);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QStringLiteral("abc")}).code, 2);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("frobnicate")}).code, 2);
        const Run missing = run({QStringLiteral("inbox"), QStringLiteral("show"), QStringLiteral("42")});
        QCOMPARE(missing.code, 2);
        QCOMPARE(missing.err, QByteArray("sediment: no inbox item 42\n"));
    }
};

QTEST_GUILESS_MAIN(InboxVerbTest)
#include "inbox_verb_test.moc"
