// The inbox detail pane for staged Hermes writes (docs/verbs.md#hermes, issue 7): the origin, Hermes' summary,
// and for a batch every operation with the net effect on the store's budget, as the reviewer
// sees them after the fixture Hermes home is imported.
#include "hermes/PendingQueue.h"
#include "HermesUiFixture.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/WritePlanView.h"
#include "store/HermesRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace sediment;
using namespace sediment::ui;

class HermesDetailPaneTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 9, 12), QTime(9, 0), Qt::UTC)};

    qint64 inboxIdOf(const char* hermesId)
    {
        auto record = HermesRepository(m_ws->db()).find(QString::fromLatin1(hermesId));
        return record && *record ? (*record)->inboxId : 0;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_ws = testing::openHermesHomeCopy(m_dir->path());
        QVERIFY(m_ws);
        auto report = PendingQueue(*m_ws, m_clock).importAll(QStringLiteral("human:founder"));
        QVERIFY(report.has_value());
        QCOMPARE(report->imported.size(), std::size_t(11));
    }

    void cleanup() { m_ws.reset(); }

    void aBatchShowsOriginSummaryEveryOperationAndTheNetBudget()
    {
        InboxPage page(*m_ws, m_clock);
        page.resize(1200, 800);
        page.show();
        const qint64 id = inboxIdOf("1a2b3c05");
        QVERIFY(page.selectId(id));
        QCOMPARE(page.detail()->itemId().value_or(0), id);
        const WritePlanView* plan = page.detail()->writePlan();
        QVERIFY(plan->isVisible());
        QCOMPARE(plan->findChild<QLabel*>(QStringLiteral("writePlanHeading"))->text(),
                 QStringLiteral("Staged by Hermes (1a2b3c05)"));
        QCOMPARE(plan->originText(), QStringLiteral("background_review"));
        QCOMPARE(plan->kindText(), QStringLiteral("A background review consolidation: Hermes stages these even "
                                                  "with memory write approval off."));
        QCOMPARE(plan->summaryText(),
                 QStringLiteral("apply 3 op(s) to memory: - add: Release notes live in docs/releases/, "
                                "one file per minor version.\n- replace: bastion host -> The staging "
                                "server is re"));
        const QStringList ops = plan->operationTexts();
        QCOMPARE(ops.size(), 3);
        QCOMPARE(ops[0], QStringLiteral("1. memory: add “Release notes live in docs/releases/, one file "
                                        "per minor version.”   +68 chars"));
        QCOMPARE(ops[1], QStringLiteral("2. memory: replace “bastion host” → “The staging server is "
                                        "reached through the bastion host (bastion.internal), never "
                                        "directly.”   +19 chars"));
        QCOMPARE(ops[2], QStringLiteral("3. memory: add “Integration tests need the fake SMTP server "
                                        "from tools/smtp-sink.”   +68 chars"));
        // The limit comes from the home's config.yaml (1500); the store holds 270 characters.
        QCOMPARE(plan->budgetText(), QStringLiteral("memory: 270 → 425 / 1,500 chars — fits"));
        // What the labels on screen say, not only the accessors.
        QVERIFY(plan->findChild<QLabel*>(QStringLiteral("writePlanOperations"))
                    ->text()
                    .contains(QStringLiteral("replace “bastion host”")));
        QCOMPARE(page.detail()->budgetText(), QStringLiteral("270 → 425 / 1500 chars"));
    }

    void aBatchTheStoreWouldRefuseSaysSoInRed()
    {
        // 1a2b3c08 replaces "terse answers" in USER.md; the user edited that entry away since.
        QFile user(m_ws->memoryFile(QStringLiteral("user")));
        QVERIFY(user.open(QIODevice::WriteOnly | QIODevice::Truncate));
        user.write("Works in Europe/Paris time; avoid pinging after 20:00.");
        user.close();
        InboxPage page(*m_ws, m_clock);
        page.show();
        QVERIFY(page.selectId(inboxIdOf("1a2b3c08")));
        const WritePlanView* plan = page.detail()->writePlan();
        const QStringList ops = plan->operationTexts();
        QCOMPARE(ops.size(), 2);
        QVERIFY2(ops[0].contains(QStringLiteral("✗ Entry changed since it was staged")), qPrintable(ops[0]));
        QVERIFY(plan->budgetText().contains(QLatin1String("the store would refuse it")));
        QVERIFY(
            plan->findChild<QLabel*>(QStringLiteral("writePlanBudget"))->styleSheet().contains(QLatin1String("color")));
    }

    void aSingleWriteShowsOriginAndSummaryWithoutAnOperationList()
    {
        InboxPage page(*m_ws, m_clock);
        page.show();
        QVERIFY(page.selectId(inboxIdOf("1a2b3c02")));
        const WritePlanView* plan = page.detail()->writePlan();
        QVERIFY(plan->isVisible());
        QCOMPARE(plan->originText(), QStringLiteral("assistant_tool"));
        QVERIFY(plan->kindText().isEmpty());
        QCOMPARE(plan->summaryText(),
                 QStringLiteral("add to user profile: Founder reviews pull requests in the morning only."));
        QVERIFY(plan->operationTexts().isEmpty());
        QVERIFY(plan->budgetText().isEmpty());
        QVERIFY(page.detail()->budgetText().endsWith(QLatin1String("/ 300 chars")));
    }
};

QTEST_MAIN(HermesDetailPaneTest)
#include "hermes_detail_pane_test.moc"
