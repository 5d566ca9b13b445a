#include "FreshDatabase.h"
#include "gate/GateChain.h"
#include "gate/HumanGate.h"
#include "gate/RefusalMemoryGate.h"
#include "gate/ScoreGate.h"
#include "store/Database.h"
#include "store/InboxRepository.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class GateChainTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

    static Proposal withScore(std::optional<double> score, const QString& hash = QStringLiteral("h1"))
    {
        Proposal p;
        p.index = 1;
        p.destination = QStringLiteral("memory");
        p.score = score;
        p.contentHash = hash;
        return p;
    }

    void insertRefused(const QString& hash, const QString& at, const QString& by, const QString& reason)
    {
        InboxRepository repo(*m_db);
        InboxItem it;
        it.destination = QStringLiteral("memory");
        it.contentHash = hash;
        it.status = QStringLiteral("refused");
        it.reason = reason;
        it.refusalCode = QStringLiteral("wrong");
        it.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        it.decidedAt = at;
        it.decidedBy = by;
        QVERIFY(repo.insert(it));
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("g.db")); }

    void scoreGateApprovesAtThresholdInclusive()
    {
        ScoreGate gate(0.7);
        auto v = gate.decide(withScore(0.7));
        QVERIFY(v);
        QVERIFY(v->approved());
        QCOMPARE(v->reason, QStringLiteral("score 0.7 ≥ threshold 0.7"));
        QCOMPARE(v->actor, QStringLiteral("gate:score"));
    }

    void scoreGateRejectsJustBelowThreshold()
    {
        ScoreGate gate;
        auto v = gate.decide(withScore(0.69));
        QVERIFY(v);
        QCOMPARE(v->kind, Verdict::Kind::Reject);
        QCOMPARE(v->reason, QStringLiteral("score 0.69 < threshold 0.7 (learn only from validated wins)"));
    }

    void scoreGatePrintsShortestNumbers()
    {
        ScoreGate gate(0.75);
        QCOMPARE(gate.decide(withScore(1.0))->reason, QStringLiteral("score 1 ≥ threshold 0.75"));
        QCOMPARE(gate.decide(withScore(0.1 + 0.2))->reason,
                 QStringLiteral("score 0.30000000000000004 < threshold 0.75 (learn only from validated wins)"));
    }

    void scoreGateRejectsMissingScore()
    {
        ScoreGate gate;
        auto v = gate.decide(withScore(std::nullopt));
        QCOMPARE(v->kind, Verdict::Kind::Reject);
        QVERIFY(v->reason.contains(QLatin1String("learn only from validated wins")));
    }

    void humanGateDefersEverything()
    {
        HumanGate gate;
        auto v = gate.decide(withScore(1.0));
        QCOMPARE(v->kind, Verdict::Kind::Defer);
        QCOMPARE(v->actor, QStringLiteral("gate:human"));
    }

    void refusalMemoryRejectsWhatAHumanRefused()
    {
        insertRefused(QStringLiteral("h1"), QStringLiteral("2026-03-04T10:00:00.000Z"), QStringLiteral("human:alice"),
                      QStringLiteral("too vague"));
        insertRefused(QStringLiteral("h1"), QStringLiteral("2026-03-05T10:00:00.000Z"), QStringLiteral("human:bob"),
                      QStringLiteral("still too vague"));
        InboxRepository repo(*m_db);
        RefusalMemoryGate gate(repo);
        auto v = gate.decide(withScore(0.9));
        QVERIFY(v);
        QCOMPARE(v->kind, Verdict::Kind::Reject);
        QCOMPARE(v->reason, QStringLiteral("refused before on 2026-03-05 by bob: still too vague"));
        QCOMPARE(v->actor, QStringLiteral("gate:refusal-memory"));
        auto other = gate.decide(withScore(0.9, QStringLiteral("h2")));
        QVERIFY(other->approved());
    }

    void chainsFromConfig()
    {
        InboxRepository repo(*m_db);
        auto human = GateChain::fromConfig(QStringLiteral("human"), 0.7, repo);
        QVERIFY(human);
        QCOMPARE((*human)->path(), QStringLiteral("gate:human"));
        QCOMPARE((*human)->decide(withScore(1.0))->kind, Verdict::Kind::Defer);

        auto score = GateChain::fromConfig(QStringLiteral("score"), 0.7, repo);
        auto approved = (*score)->decide(withScore(0.7));
        QVERIFY(approved->approved());
        QCOMPARE(approved->reason, QStringLiteral("score 0.7 ≥ threshold 0.7"));
        QCOMPARE(approved->actor, QStringLiteral("gate:score"));

        auto both = GateChain::fromConfig(QStringLiteral("score-then-human"), 0.7, repo);
        QCOMPARE((*both)->decide(withScore(0.5))->kind, Verdict::Kind::Reject);
        auto deferred = (*both)->decide(withScore(0.9));
        QCOMPARE(deferred->kind, Verdict::Kind::Defer);
        QCOMPARE(deferred->actor, QStringLiteral("gate:human"));

        auto bad = GateChain::fromConfig(QStringLiteral("yolo"), 0.7, repo);
        QVERIFY(!bad);
        QCOMPARE(bad.error().kind, ErrorKind::Invalid);
        QCOMPARE(bad.error().message, QStringLiteral("unknown gate 'yolo' (use human, score or score-then-human)"));
    }

    void refusalMemoryRunsFirstInEveryChain()
    {
        insertRefused(QStringLiteral("h1"), QStringLiteral("2026-03-04T10:00:00.000Z"), QStringLiteral("human:alice"),
                      QStringLiteral("no"));
        InboxRepository repo(*m_db);
        for (const char* name : {"human", "score", "score-then-human"}) {
            auto chain = GateChain::fromConfig(QLatin1String(name), 0.7, repo);
            auto v = (*chain)->decide(withScore(1.0));
            QCOMPARE(v->kind, Verdict::Kind::Reject);
            QCOMPARE(v->actor, QStringLiteral("gate:refusal-memory"));
        }
    }
};

QTEST_GUILESS_MAIN(GateChainTest)
#include "gate_chain_test.moc"
