// The agent port (core/agent/AgentHome.h, docs/architecture.md#agent-homes): the
// domain reaches an agent's home only through it. A third agent plugs in with no change to the
// domain: the inbox's own decisions shape, apply, claim, keep or give back, and settle its writes
// through the port, in that order. A workspace opened without an adapter refuses that agent's
// ops with a clear message and writes nothing. The two real adapters answer for their own ops.
#include "agent/AgentHomes.h"
#include "agents/Agents.h"
#include "apply/Applier.h"
#include "inbox/InboxService.h"
#include "model/Destination.h"
#include "proposal/ProposalValidator.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

namespace {

// A third agent whose writes are notes that carry a "third" field. It writes no file: what the
// test reads is the order of the calls the domain made through the port.
class ThirdAgent final : public AgentHome {
public:
    explicit ThirdAgent(QStringList& calls) : m_calls(calls) {}

    QString name() const override { return QStringLiteral("third"); }
    bool speaks(const QString& destination, const Json& op) const override
    {
        return isWord(destination, Destination::BrainInbox) && op.contains("third");
    }
    std::optional<Result<Json>> normalise(const QString&, const Json& op, Sanitizer&) const override
    {
        if (!op["third"].is_string())
            return Result<Json>(fail(Error::invalid(QStringLiteral("op.third must be a string"))));
        return Result<Json>(Json{{"third", op["third"]}, {"title", "third's"}});
    }
    Result<ApplyResult> apply(Workspace&, const Clock&, const QString&, const QString& destination, const Json& op,
                              WriteHook*) const override
    {
        m_calls << QStringLiteral("apply %1").arg(fromStd(op["third"].get<std::string>()));
        if (op["third"] == "refuse")
            return ApplyResult::refusal(destination, QStringLiteral("third says no"));
        ApplyResult r;
        r.applied = true;
        r.store = destination;
        r.message = QStringLiteral("third wrote it");
        return r;
    }
    Result<bool> isStale(Workspace&, const Clock&, const QString&, const QString&, const Json&) const override
    {
        m_calls << QStringLiteral("stale?");
        return false;
    }
    Result<std::unique_ptr<AgentClaim>> claim(Workspace&, const Clock&, qint64 inboxId) const override
    {
        m_calls << QStringLiteral("claim %1").arg(inboxId);
        return std::unique_ptr<AgentClaim>(std::make_unique<Held>(m_calls, inboxId));
    }
    Status settle(Workspace&, const Clock&, qint64 inboxId, const QString& actor) const override
    {
        m_calls << QStringLiteral("settle %1 by %2").arg(inboxId).arg(actor);
        return {};
    }
    Result<Json> status(Workspace&, const Clock&) const override { return Json{{"calls", m_calls.size()}}; }

private:
    class Held final : public AgentClaim {
    public:
        Held(QStringList& calls, qint64 id) : m_calls(calls), m_id(id) {}
        void keep() override { m_calls << QStringLiteral("keep %1").arg(m_id); }
        Status giveBack() override
        {
            m_calls << QStringLiteral("give back %1").arg(m_id);
            return {};
        }

    private:
        QStringList& m_calls;
        qint64 m_id;
    };

    QStringList& m_calls;
};

} // namespace

class AgentPortTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 28), QTime(9, 0), Qt::UTC)};

    qint64 stage(Workspace& ws, const QString& destination, const Json& op)
    {
        InboxItem it;
        it.destination = destination;
        it.op = op;
        it.contentHash = destination + fromStd(op.dump());
        it.createdAt = QStringLiteral("2026-11-28T08:00:00.000Z");
        auto id = InboxRepository(ws.db()).insert(it);
        return id ? *id : -1;
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void aThirdAgentIsReachedOnlyThroughThePort()
    {
        auto ws = Workspace::open(m_dir->path());
        QVERIFY(ws.has_value());
        QStringList calls;
        (*ws)->agents().add(std::make_unique<ThirdAgent>(calls));

        // Proposed: the adapter shapes the op.
        const PathGuard guard((*ws)->root());
        const ProposalValidator validator(guard, {}, (*ws)->agents());
        auto shaped = validator.validate(Json{{"destination", "brain_inbox"}, {"op", {{"third", "a"}}}}, 0);
        QVERIFY2(shaped.has_value(), shaped ? "" : qPrintable(shaped.error().message));
        QVERIFY2(shaped->op == (Json{{"third", "a"}, {"title", "third's"}}), shaped->op.dump().c_str());
        auto refused = validator.validate(Json{{"destination", "brain_inbox"}, {"op", {{"third", 3}}}}, 0);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.contains(QStringLiteral("op.third must be a string")),
                 qPrintable(refused.error().message));

        // Approved: claimed, checked, applied, kept, then settled once the decision committed.
        const qint64 yes = stage(**ws, QStringLiteral("brain_inbox"), Json{{"third", "a"}, {"title", "third's"}});
        auto done = InboxService(**ws, m_clock).approve(yes, QStringLiteral("ana"));
        QVERIFY2(done.has_value(), done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->status, QStringLiteral("applied"));
        QCOMPARE(calls,
                 (QStringList{QStringLiteral("stale?"), QStringLiteral("claim %1").arg(yes), QStringLiteral("apply a"),
                              QStringLiteral("keep %1").arg(yes), QStringLiteral("settle %1 by human:ana").arg(yes)}));

        // Refused by the agent: the record goes back, and the agent is told of the decision (what
        // it keeps is its own rule: Hermes keeps a failed write's record).
        calls.clear();
        const qint64 no = stage(**ws, QStringLiteral("brain_inbox"), Json{{"third", "refuse"}, {"title", "x"}});
        auto failed = InboxService(**ws, m_clock).approve(no, QStringLiteral("ana"));
        QVERIFY2(failed.has_value(), failed ? "" : qPrintable(failed.error().message));
        QCOMPARE(failed->status, QStringLiteral("failed"));
        QCOMPARE(failed->reason.value_or(QString()), QStringLiteral("third says no"));
        QCOMPARE(calls, (QStringList{QStringLiteral("stale?"), QStringLiteral("claim %1").arg(no),
                                     QStringLiteral("apply refuse"), QStringLiteral("give back %1").arg(no),
                                     QStringLiteral("settle %1 by human:ana").arg(no)}));
        // No note was written by the domain's own note store: the agent's op was the agent's.
        QVERIFY(QDir((*ws)->path(QStringLiteral("brain/inbox"))).isEmpty());
    }

    void withoutItsAdapterAnAgentsOpIsRefusedAndNothingIsWritten()
    {
        auto ws = Workspace::open(m_dir->path());
        QVERIFY(ws.has_value());
        QVERIFY((*ws)->agents().all().empty());
        const QString file = m_dir->path() + QStringLiteral("/home/.claude/projects/p/memory/MEMORY.md");
        const Json op{{"file_path", toStd(file)}, {"content", "- a note\n"}, {"tool", "Write"}};

        const PathGuard guard((*ws)->root());
        auto proposed = ProposalValidator(guard, {}, (*ws)->agents())
                            .validate(Json{{"destination", "claude_memory"}, {"op", op}}, 0);
        QVERIFY(!proposed);
        QVERIFY2(proposed.error().message.contains(QStringLiteral(
                     "claude_memory ops are Claude Code's own writes, and its adapter is not plugged in")),
                 qPrintable(proposed.error().message));

        auto applied = Applier(**ws, m_clock).apply(QStringLiteral("claude_memory"), op);
        QVERIFY(!applied);
        QVERIFY2(applied.error().message.contains(QStringLiteral("no adapter for that agent is plugged")),
                 qPrintable(applied.error().message));
        QVERIFY(!QFile::exists(file));
    }

    void theProgramsPlugHermesAndClaudeCode()
    {
        auto ws = Agents::open(m_dir->path());
        QVERIFY(ws.has_value());
        const AgentHomes& agents = (*ws)->agents();
        const AgentHome* hermes = agents.find(QStringLiteral("hermes"));
        const AgentHome* claude = agents.find(QStringLiteral("claude_code"));
        QVERIFY(hermes && claude);

        // Each speaks its own agent's ops and none of the other's or the domain's.
        const Json skillWrite{{"action", "create"}, {"name", "deploy"}, {"content", "---\nname: deploy\n---\nShip.\n"}};
        const Json toolWrite{{"file_path", "/tmp/x/CLAUDE.md"}, {"content", "x"}, {"tool", "Write"}};
        QCOMPARE(agents.speaking(QStringLiteral("skill"), skillWrite), hermes);
        QCOMPARE(agents.speaking(QStringLiteral("claude_md"), toolWrite), claude);
        QCOMPARE(agents.speaking(QStringLiteral("claude_memory"), Json::object()), claude);
        QVERIFY(!agents.speaking(QStringLiteral("skill"), Json{{"name", "deploy"}, {"mode", "create"}, {"text", "t"}}));
        QVERIFY(!agents.speaking(QStringLiteral("claude_md"), Json{{"before", ""}, {"after", "rule"}}));
        QVERIFY(!agents.speaking(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "x"}}));

        // Import through the port: the staged records of the Hermes home become inbox items once.
        QVERIFY(QDir().mkpath((*ws)->path(QStringLiteral("pending/memory"))));
        for (const char* id : {"1a2b3c01", "1a2b3c02"})
            QVERIFY(QFile::copy(QStringLiteral(SEDIMENT_SOURCE_DIR "/tests/fixtures/hermes-home/pending/memory/%1.json")
                                    .arg(QLatin1String(id)),
                                (*ws)->path(QStringLiteral("pending/memory/%1.json").arg(QLatin1String(id)))));
        auto imported = hermes->importStaged(**ws, m_clock, QStringLiteral("cli:test"));
        QVERIFY2(imported.has_value(), imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(*imported, 2);
        QCOMPARE(InboxRepository((*ws)->db()).count().value_or(-1), qint64(2));
        auto again = hermes->importStaged(**ws, m_clock, QStringLiteral("cli:test"));
        QVERIFY(again.has_value());
        QCOMPARE(*again, 0);

        // Status through the port: Hermes' queue, and Claude Code's hook and memory.
        auto hermesStatus = hermes->status(**ws, m_clock);
        QVERIFY2(hermesStatus.has_value(), hermesStatus ? "" : qPrintable(hermesStatus.error().message));
        QVERIFY(hermesStatus->is_object() && !hermesStatus->empty());
        auto claudeStatus = claude->status(**ws, m_clock);
        QVERIFY2(claudeStatus.has_value(), claudeStatus ? "" : qPrintable(claudeStatus.error().message));
        QVERIFY(claudeStatus->is_object() && !claudeStatus->empty());
    }
};

QTEST_GUILESS_MAIN(AgentPortTest)
#include "agent_port_test.moc"
