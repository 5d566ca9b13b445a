// The decision journal (docs/architecture.md#durability): every journaled write closes its row, and settling what a killed
// writer left looks at the target's bytes only: the new bytes are recovered, the old ones rolled
// back, anything else flagged for a human, who resolves it by hand.
#include "FileBytes.h"
#include "inbox/AttentionResolver.h"
#include "inbox/InboxService.h"
#include "InboxRows.h"
#include "journal/JournalSettler.h"
#include "memory/MemoryService.h"
#include "store/AuditRepository.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

class DecisionJournalTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 23), QTime(9, 0), Qt::UTC)};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    void writeFile(const QString& rel, const QByteArray& bytes) { test::writeFileBytes(path(rel), bytes); }
    qint64 seedDirective(const QString& after)
    {
        InboxItem it;
        it.destination = QStringLiteral("claude_md");
        it.op = Json{{"before", ""}, {"after", toStd(after)}};
        it.contentHash = QStringLiteral("claude_md") + after;
        it.createdAt = QStringLiteral("2026-11-23T08:00:00.000Z");
        auto id = InboxRepository(m_ws->db()).insert(it);
        return id ? *id : -1;
    }
    InboxItem stored(qint64 id) { return test::storedItem(m_ws->db(), id); }
    std::vector<AuditEntry> audit()
    {
        auto rows = AuditRepository(m_ws->db(), m_clock).list({});
        return rows ? *rows : std::vector<AuditEntry>{};
    }
    qint64 openRows() { return test::journalRowCount(m_ws->db()); }
    // A row as a process killed between its journal commit and its outcome commit leaves it:
    // an approval of item `id` appending "rule" to CLAUDE.md, which held `before`.
    qint64 leaveApprovalRow(qint64 id, const QByteArray& before, const QByteArray& after)
    {
        JournalEntry e;
        e.subjectType = QStringLiteral("inbox_item");
        e.subjectId = QString::number(id);
        e.itemId = id;
        e.targetPath = path(QStringLiteral("CLAUDE.md"));
        e.expected = before;
        e.written = after;
        e.createdAt = QStringLiteral("2026-11-23T08:30:00.000Z");
        e.outcome = Json{{"item",
                          {{"id", id},
                           {"status", "applied"},
                           {"target_path", "CLAUDE.md"},
                           {"decided_by", "ana"},
                           {"final_op", nullptr}}},
                         {"audit",
                          {{"actor", "human:ana"},
                           {"action", "inbox.approve"},
                           {"subject_type", "inbox_item"},
                           {"subject_id", toStd(QString::number(id))},
                           {"before", "pending"},
                           {"after", "applied"},
                           {"details", Json::object()}}}};
        auto row = JournalRepository(m_ws->db()).insert(e);
        return row ? *row : -1;
    }
    JournalSettler::Report settle()
    {
        auto r = JournalSettler(m_ws->db(), m_clock).settle();
        if (!r)
            qWarning("%s", qPrintable(r.error().message));
        return r ? *r : JournalSettler::Report{-1, -1, -1};
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws.has_value());
        m_ws = std::move(*ws);
    }

    void memoryEditClosesItsRowWithItsAuditRow()
    {
        MemoryOp op;
        op.action = QStringLiteral("add");
        op.content = QStringLiteral("Prefers tabs");
        auto done = MemoryService(*m_ws, m_clock)
                        .apply(QStringLiteral("memory"), op, QStringLiteral("human:ana"), Json::object());
        QVERIFY(done && done->success);
        QCOMPARE(openRows(), 0);
        QCOMPARE(test::fileBytes(path(QStringLiteral("memories/MEMORY.md"))), QByteArray("Prefers tabs"));
        const auto rows = audit();
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].action, QStringLiteral("memory.add"));
        QCOMPARE(rows[0].after.value_or(QString()), QStringLiteral("Prefers tabs"));
    }

    void approvalClosesItsRowAndWritesOnce()
    {
        const qint64 id = seedDirective(QStringLiteral("Run the tests first."));
        auto done = InboxService(*m_ws, m_clock).approve(id, QStringLiteral("ana"));
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->status, QStringLiteral("applied"));
        QCOMPARE(openRows(), 0);
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Run the tests first.\n"));
        QCOMPARE(stored(id).afterContent.value_or(QString()), QStringLiteral("Run the tests first.\n"));
        QVERIFY(!InboxService(*m_ws, m_clock).approve(id, QStringLiteral("ana")));
    }

    void revertIsJournaledToo()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        QVERIFY(InboxService(*m_ws, m_clock).approve(id, QStringLiteral("ana")));
        auto reverted = InboxService(*m_ws, m_clock).revert(id, QStringLiteral("ana"));
        QVERIFY2(reverted, reverted ? "" : qPrintable(reverted.error().message));
        QCOMPARE(stored(id).status, QStringLiteral("reverted"));
        QVERIFY(!QFile::exists(path(QStringLiteral("CLAUDE.md"))));
        QCOMPARE(openRows(), 0);
    }

    void settleRecoversWhenTheTargetHoldsTheNewBytes()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        writeFile(QStringLiteral("CLAUDE.md"), "Old.\n\nRule.\n");
        leaveApprovalRow(id, "Old.\n", "Old.\n\nRule.\n");
        const auto report = settle();
        QCOMPARE(report.recovered, 1);
        QCOMPARE(openRows(), 0);
        const InboxItem it = stored(id);
        QCOMPARE(it.status, QStringLiteral("applied"));
        QCOMPARE(it.beforeContent.value_or(QString()), QStringLiteral("Old.\n"));
        QCOMPARE(it.afterContent.value_or(QString()), QStringLiteral("Old.\n\nRule.\n"));
        const auto rows = audit();
        QCOMPARE(rows.back().action, QStringLiteral("inbox.approve"));
        QCOMPARE(rows.back().reason.value_or(QString()), QStringLiteral("recovered"));
        // Settled once: a second pass finds nothing to do.
        QCOMPARE(settle().total(), 0);
    }

    void settleRollsBackWhenTheTargetHoldsTheOldBytes()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        writeFile(QStringLiteral("CLAUDE.md"), "Old.\n");
        leaveApprovalRow(id, "Old.\n", "Old.\n\nRule.\n");
        QCOMPARE(settle().rolledBack, 1);
        QCOMPARE(openRows(), 0);
        QCOMPARE(stored(id).status, QStringLiteral("pending"));
        QCOMPARE(audit().back().reason.value_or(QString()), QStringLiteral("interrupted, nothing written"));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Old.\n"));
        // Pending again, the approval goes through, writing the rule once.
        QVERIFY(InboxService(*m_ws, m_clock).approve(id, QStringLiteral("ana")));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Old.\n\nRule.\n"));
    }

    void settleTreatsAMissingFileAsTheEmptyOneItWasExpectedToBe()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        leaveApprovalRow(id, QByteArray(), "Rule.\n");
        QCOMPARE(settle().rolledBack, 1);
        QCOMPARE(stored(id).status, QStringLiteral("pending"));
    }

    void settleFlagsNeitherForAHumanAndNeverWrites()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        writeFile(QStringLiteral("CLAUDE.md"), "Someone else's edit.\n");
        leaveApprovalRow(id, "Old.\n", "Old.\n\nRule.\n");
        QCOMPARE(settle().needsAttention, 1);
        QCOMPARE(stored(id).status, QStringLiteral("needs_attention"));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Someone else's edit.\n"));
        const AuditEntry last = audit().back();
        QCOMPARE(last.action, QStringLiteral("journal.needs_attention"));
        QVERIFY(last.details.contains("expected_hash"));
        QVERIFY(last.details.contains("new_hash"));
        QVERIFY(last.details["found_hash"].is_string());
        // Flagged, not open: the next settle leaves it for the human.
        QCOMPARE(settle().total(), 0);
        QVERIFY(!InboxService(*m_ws, m_clock).approve(id, QStringLiteral("ana")));
    }

    void resolvingByKeepingTheFileRecordsTheDecision()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        writeFile(QStringLiteral("CLAUDE.md"), "Hand edit.\n");
        leaveApprovalRow(id, "Old.\n", "Old.\n\nRule.\n");
        settle();
        auto done =
            AttentionResolver(*m_ws, m_clock).resolve(id, AttentionResolver::Choice::KeepFile, QStringLiteral("ana"));
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(stored(id).status, QStringLiteral("applied"));
        QCOMPARE(stored(id).afterContent.value_or(QString()), QStringLiteral("Hand edit.\n"));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Hand edit.\n"));
        QCOMPARE(openRows(), 0);
        QCOMPARE(audit().back().action, QStringLiteral("inbox.resolve"));
    }

    void resolvingByRestoringPutsTheOldBytesBackAndTheItemPending()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        writeFile(QStringLiteral("CLAUDE.md"), "Hand edit.\n");
        leaveApprovalRow(id, "Old.\n", "Old.\n\nRule.\n");
        settle();
        auto done =
            AttentionResolver(*m_ws, m_clock).resolve(id, AttentionResolver::Choice::Restore, QStringLiteral("ana"));
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(stored(id).status, QStringLiteral("pending"));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("Old.\n"));
        QCOMPARE(openRows(), 0);
    }

    void resolveRefusesAnItemThatNeedsNoAttention()
    {
        const qint64 id = seedDirective(QStringLiteral("Rule."));
        auto done =
            AttentionResolver(*m_ws, m_clock).resolve(id, AttentionResolver::Choice::KeepFile, QStringLiteral("ana"));
        QVERIFY(!done);
        QCOMPARE(done.error().kind, ErrorKind::Refused);
    }

    void auditChainVerifiesAfterSettling()
    {
        const qint64 a = seedDirective(QStringLiteral("A."));
        writeFile(QStringLiteral("CLAUDE.md"), "A.\n");
        leaveApprovalRow(a, QByteArray(), "A.\n");
        settle();
        auto broken = AuditRepository(m_ws->db(), m_clock).verify();
        QVERIFY(broken && !*broken);
    }
};

QTEST_GUILESS_MAIN(DecisionJournalTest)
#include "decision_journal_test.moc"
