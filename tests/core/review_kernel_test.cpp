#include "gate/Gate.h"
#include "proposal/ProposalValidator.h"
#include "review/ApplyPort.h"
#include "review/ProposalSource.h"
#include "review/Proposer.h"
#include "review/ReviewKernel.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/InboxStaging.h"
#include "TeamStore.h"
#include "workspace/PathGuard.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

// Approves scores >= 0.5, rejects the rest, defers proposals without a score; can be told to
// fail on its n-th call.
class FakeGate final : public Gate {
public:
    int calls = 0;
    int errorOnCall = 0;
    QString actor() const override { return QStringLiteral("gate:fake"); }
    Result<Verdict> decide(const Proposal& p) override
    {
        if (++calls == errorOnCall)
            return fail(Error::io(QStringLiteral("validator service down")));
        if (!p.score)
            return Verdict::defer(QStringLiteral("ask a human"), QStringLiteral("gate:human"));
        if (*p.score >= 0.5)
            return Verdict::approve(QStringLiteral("good enough"), actor());
        return Verdict::reject(QStringLiteral("too weak"), actor());
    }
};

// A store that refuses content "over budget" and writes everything else.
class FakeStores final : public ApplyPort {
public:
    std::vector<std::string> written;
    Result<ApplyResult> apply(const QString& destination, const Json& op, const Json&) override
    {
        ApplyResult r;
        r.store = destination;
        const std::string content = op.value("content", std::string());
        if (content == "over budget") {
            r.message =
                QStringLiteral("Memory at 2,190/2,200 chars. Adding this entry (11 chars) would exceed the limit.");
            return r;
        }
        r.before = QString();
        r.after = fromStd(content);
        if (std::find(written.begin(), written.end(), content) != written.end())
            r.before = r.after; // already held: applied, nothing written
        else
            written.push_back(content);
        r.applied = true;
        r.message = QStringLiteral("Entry added.");
        return r;
    }
};

class FakeProposer final : public Proposer {
public:
    Result<std::vector<Json>> answer = std::vector<Json>{};
    int calls = 0;
    Result<std::vector<Json>> propose(const QString&) override
    {
        ++calls;
        return answer;
    }
};

Json memoryAdd(const std::string& content, std::optional<double> score)
{
    Json p = Json::object();
    p["target"] = "memory";
    p["op"] = Json{{"action", "add"}, {"content", content}};
    if (score)
        p["score"] = *score;
    return p;
}

// A source still reading: it hands over its proposals, then says the input was invalid.
class InvalidLater final : public ProposalSource {
public:
    explicit InvalidLater(std::vector<Proposal> first) : m_list(std::move(first)) {}
    std::optional<Proposal> next() override { return m_list.next(); }
    Status complete() override
    {
        ++completeCalls;
        return fail(Error::invalid(QStringLiteral("proposal 9: score must be a number in [0,1] (got 1.5)")));
    }
    std::size_t expected() const override { return m_list.expected(); }
    int completeCalls = 0;

private:
    ProposalList m_list;
};

} // namespace

class ReviewKernelTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_n = 0;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<PathGuard> m_guard;
    std::unique_ptr<ProposalValidator> m_validator;
    FixedClock m_clock{QDateTime(QDate(2026, 5, 1), QTime(12, 0), Qt::UTC)};
    FakeGate m_gate;
    FakeStores m_stores;

    std::vector<Proposal> validated(const std::vector<Json>& raws)
    {
        auto r = m_validator->validateAll(raws);
        if (!r)
            qFatal("%s", qPrintable(r.error().message));
        return *r;
    }

    ReviewKernel kernel() { return ReviewKernel(*m_db, m_clock, m_gate, m_stores, QStringLiteral("gate:fake")); }

    qint64 scalar(const char* sql)
    {
        auto st = m_db->prepare(sql);
        if (!st || !st->step())
            return -1;
        return st->int64(0);
    }

private Q_SLOTS:
    void init()
    {
        m_db.reset();
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("k%1.db").arg(++m_n)));
        QVERIFY(db);
        m_db = std::move(*db);
        m_guard = std::make_unique<PathGuard>(m_dir.path());
        m_validator = std::make_unique<ProposalValidator>(*m_guard, ProposalValidator::Paths{});
        m_gate = FakeGate();
        m_stores = FakeStores();
    }

    void blankSummaryIsNothingToSaveWithoutCallingTheProposer()
    {
        FakeProposer proposer;
        auto k = kernel();
        auto r = k.review(QStringLiteral("  \n\t"), proposer, *m_validator);
        QVERIFY(r);
        QCOMPARE(r->total(), 0);
        QCOMPARE(r->note, QStringLiteral("Nothing to save."));
        QCOMPARE(proposer.calls, 0);
    }

    void noProposalsIsAnEmptyOutcome()
    {
        FakeProposer proposer;
        auto k = kernel();
        auto r = k.review(QStringLiteral("a session"), proposer, *m_validator);
        QVERIFY(r);
        QCOMPARE(r->summary(), QStringLiteral("Nothing to save."));
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 0);
    }

    void proposerErrorFailsClosed()
    {
        FakeProposer proposer;
        proposer.answer = fail(Error::io(QStringLiteral("proposer command timed out after 1 s")));
        auto k = kernel();
        auto r = k.review(QStringLiteral("a session"), proposer, *m_validator);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposer command timed out after 1 s"));
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log"), 0);
    }

    void oneInvalidProposalFailsThePassBeforeAnyGate()
    {
        FakeProposer proposer;
        proposer.answer = std::vector<Json>{memoryAdd("a", 0.9), memoryAdd("b", 0.9), memoryAdd("c", 1.5)};
        auto k = kernel();
        auto r = k.review(QStringLiteral("a session"), proposer, *m_validator);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposal 3: score must be a number in [0,1] (got 1.5)"));
        QCOMPARE(m_gate.calls, 0);
        QVERIFY(m_stores.written.empty());
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 0);
    }

    void sortsEveryProposalIntoItsFate()
    {
        auto k = kernel();
        auto r = k.process(validated({memoryAdd("good", 0.9), memoryAdd("weak", 0.1), memoryAdd("over budget", 0.9),
                                      memoryAdd("later", std::nullopt)}));
        QVERIFY(r);
        QVERIFY(!r->error);
        QCOMPARE(r->applied.size(), size_t(1));
        QCOMPARE(r->rejected.size(), size_t(1));
        QCOMPARE(r->failed.size(), size_t(1));
        QCOMPARE(r->pending.size(), size_t(1));
        QCOMPARE(r->rejected[0].index, 2);
        QCOMPARE(r->rejected[0].reason, QStringLiteral("too weak"));
        // The store said no after the gate said yes: failed, never rejected.
        QCOMPARE(r->failed[0].index, 3);
        QVERIFY(r->failed[0].reason.startsWith(QLatin1String("Memory at 2,190/2,200")));
        const Json j = r->toJson();
        QCOMPARE(j["path"].get<std::string>(), std::string("gate:fake"));
        QVERIFY(j["stores"] == Json::parse(R"({"memory":1,"inbox":1})"));
        QCOMPARE(j["applied"][0]["inbox_id"].get<qint64>(), r->applied[0].inboxId);
        QCOMPARE(j["applied"][0]["destination"].get<std::string>(), std::string("memory"));
        // The CLI prints the directly written text: it must be this very JSON, as Python prints it.
        QCOMPARE(r->toJsonText(), json::pythonDump(j));

        // Every proposal has its row with its final status; every decision its audit row. The
        // deferred one is filed in the intake, under the id the outcome gave it.
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 3);
        QCOMPARE(scalar("SELECT id FROM inbox_intake"), r->pending[0].inboxId);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items WHERE status='failed'"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log WHERE action='proposal.applied' AND actor='gate:fake'"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log WHERE action='proposal.rejected'"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log WHERE action='proposal.failed'"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log WHERE action='proposal.queued' AND actor='gate:human'"), 1);
        AuditRepository audit(*m_db, m_clock);
        QVERIFY(!audit.verify()->has_value());
    }

    // What the kernel decides before its source is complete is provisional: an input found
    // invalid later fails the pass with the input's error, nothing written, no store touched.
    void anInputFoundInvalidLaterWritesNothingAndNoStoreIsTouched()
    {
        auto k = kernel();
        InvalidLater deferredOnly(validated({memoryAdd("queued", std::nullopt), memoryAdd("also", std::nullopt)}));
        auto r = k.process(deferredOnly);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposal 9: score must be a number in [0,1] (got 1.5)"));
        QCOMPARE(r.error().kind, ErrorKind::Invalid);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 0);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log"), 0);

        // An approval waits for the verdict on the input before the store is written.
        InvalidLater approving(validated({memoryAdd("queued", std::nullopt), memoryAdd("approved", 0.9)}));
        r = k.process(approving);
        QVERIFY(!r);
        QCOMPARE(approving.completeCalls, 1);
        QVERIFY(m_stores.written.empty());
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 0);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 0);

        // So does a gate error: the input's error is the one reported.
        m_gate = FakeGate();
        m_gate.errorOnCall = 1;
        InvalidLater failing(validated({memoryAdd("first", 0.9)}));
        r = k.process(failing);
        QVERIFY(!r);
        QCOMPARE(r.error().message, QStringLiteral("proposal 9: score must be a number in [0,1] (got 1.5)"));
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log"), 0);
    }

    void gateErrorStopsThePassReportingWhatWasDecided()
    {
        m_gate.errorOnCall = 2;
        auto k = kernel();
        auto r = k.process(validated({memoryAdd("first", 0.9), memoryAdd("second", 0.9), memoryAdd("third", 0.9)}));
        QVERIFY(r);
        QVERIFY(r->error.has_value());
        QCOMPARE(r->error->message, QStringLiteral("proposal 2: the gate could not decide: validator service down"));
        QCOMPARE(r->applied.size(), size_t(1));
        QCOMPARE(r->applied[0].index, 1);
        QCOMPARE(r->total(), 1);
        QCOMPARE(m_stores.written, std::vector<std::string>{"first"});
        // What was decided (and written) stays on the record; nothing after the error.
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 1);
        QVERIFY(r->toJson().contains("error"));
        QCOMPARE(r->toJsonText(), json::pythonDump(r->toJson()));
    }

    void reproposalOfAPendingItemBumpsSeen()
    {
        auto k = kernel();
        auto first = k.process(validated({memoryAdd("remember me", std::nullopt)}));
        QVERIFY(first);
        const qint64 id = first->pending[0].inboxId;
        auto again =
            k.process(validated({memoryAdd("remember me", std::nullopt), memoryAdd("remember me", std::nullopt)}));
        QVERIFY(again);
        QCOMPARE(again->pending.size(), size_t(2));
        QCOMPARE(again->pending[0].inboxId, id);
        QCOMPARE(again->pending[1].seen, 3);
        QVERIFY(!again->toJson()["stores"].contains("inbox"));
        QCOMPARE(again->toJsonText(), json::pythonDump(again->toJson())); // with "seen"
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 1);
        QCOMPARE(scalar("SELECT seen FROM inbox_intake"), 3);
        QCOMPARE(scalar("SELECT COUNT(*) FROM audit_log WHERE action='proposal.reinforced'"), 1);
        // Once in inbox_items, the item is still found and reinforced there.
        QVERIFY(InboxStaging(*m_db).foldAll());
        QCOMPARE(scalar("SELECT seen FROM inbox_items"), 3);
        auto third = k.process(validated({memoryAdd("remember me", std::nullopt)}));
        QVERIFY(third);
        QCOMPARE(third->pending[0].inboxId, id);
        QCOMPARE(third->pending[0].seen, 4);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 0);
    }

    void sameAgentIdIsNotQueuedTwice()
    {
        Json a = memoryAdd("one", std::nullopt);
        a["id"] = "agent-42";
        Json b = memoryAdd("another wording", std::nullopt);
        b["id"] = "agent-42";
        auto k = kernel();
        auto r = k.process(validated({a, b}));
        QVERIFY(r);
        QCOMPARE(r->pending[1].inboxId, r->pending[0].inboxId);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 1);
    }

    void reapplyingWhatTheStoreHoldsCountsAsAppliedWithoutAWrite()
    {
        auto k = kernel();
        auto r = k.process(validated({memoryAdd("same", 0.9), memoryAdd("same", 0.9)}));
        QVERIFY(r);
        QCOMPARE(r->applied.size(), size_t(2));
        QVERIFY(r->toJson()["stores"] == Json::parse(R"({"memory":1})"));
    }

    void queuedItemsShareOneAuditRowListingTheirIds()
    {
        std::vector<Json> raws;
        for (int i = 0; i < 5; ++i)
            raws.push_back(memoryAdd("note " + std::to_string(i), std::nullopt));
        auto k = kernel();
        QVERIFY(k.process(validated(raws)));
        auto st = m_db->prepare("SELECT subject_id, details FROM audit_log WHERE action='proposal.queued'");
        QVERIFY(st && *st->step());
        QCOMPARE(st->text(0), QStringLiteral("1-5"));
        const Json details = Json::parse(st->utf8(1));
        QCOMPARE(details["queued"].get<int>(), 5);
        QVERIFY(details["queued_ids"] == Json::parse("[[1,5]]"));
    }
};

QTEST_GUILESS_MAIN(ReviewKernelTest)
#include "review_kernel_test.moc"
