// What a reviewer sees of a team decision that is not written yet: an item approved on one
// machine waits for the machine that holds the files (docs/user-guide.md#team-mode), and the
// detail pane says so, and for whom, instead of showing it as applied or failed.
#include "inbox/DetailPane.h"
#include "inbox/InboxWalk.h"
#include "InboxFixture.h"
#include "store/InboxRepository.h"
#include "store/ReviewerRepository.h"
#include "util/Clock.h"

#include <QFile>
#include <QLabel>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

class TeamDetailPaneTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void anApprovedItemSaysItWaitsForTheFilesHost()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id =
            fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "written on the agent"}});
        QVERIFY(id > 0);
        InboxRepository repo(fx.ws->db());
        auto item = repo.find(id);
        QVERIFY(item && *item);
        InboxItem approved = **item;
        approved.status = QStringLiteral("approved");
        approved.reason = QStringLiteral("approved, waiting for agentbox");
        approved.decidedBy = QStringLiteral("bob");
        approved.decidedAt = QStringLiteral("2026-11-23T17:00:00.000Z");
        QVERIFY(repo.saveDecision(approved).has_value());

        DetailPane pane(*fx.ws);
        pane.resize(900, 600);
        pane.show();
        pane.showItem(**repo.find(id), false);
        const auto* banner = pane.findChild<QLabel*>(QStringLiteral("detailBanner"));
        QVERIFY(banner);
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->text(), QStringLiteral("Approved, not written yet: approved, waiting for agentbox."));
    }

    void aTwoPersonItemShowsWhoApprovedAndWhatIsStillNeeded()
    {
        testing::InboxFixture fx;
        QFile config(fx.dir.filePath(QStringLiteral("sediment.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"two_person_destinations": ["memory"]})");
        config.close();
        QVERIFY(fx.open());
        const qint64 id = fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "two keys"}});
        DetailPane pane(*fx.ws);
        pane.show();
        if (!fx.ws->db().isServer()) {
            // One founder at one machine: no rule, no row.
            pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
            QCOMPARE(pane.approvalsText(), QString());
            return;
        }
        pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
        QCOMPARE(pane.approvalsText(), QStringLiteral("two reviewers must approve"));
        QVERIFY(ReviewerRepository(fx.ws->db())
                    .addApproval(id, QStringLiteral("ada"), QStringLiteral("2026-11-23T17:00:00.000Z"))
                    .has_value());
        pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
        QVERIFY2(pane.approvalsText().startsWith(QStringLiteral("ada on ")), qPrintable(pane.approvalsText()));
        QVERIFY(pane.approvalsText().endsWith(QStringLiteral("1 of 2: another reviewer's approval applies it")));
    }

    // A reviewer walking the queue holds the item: the pane says who, and until when; once the
    // claim is released the row goes away.
    void aClaimedItemSaysWhoHoldsIt()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id = fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "held by ada"}});
        QVERIFY(id > 0);
        DetailPane pane(*fx.ws);
        pane.show();
        pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
        QCOMPARE(pane.claimText(), QString());
        SystemClock clock;
        auto walked = InboxWalk(*fx.ws, clock).next(fx.ws->reviewer());
        QVERIFY2(walked.has_value(), walked ? "" : qPrintable(walked.error().message));
        QVERIFY(walked->item && walked->item->id == id);
        pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
        QVERIFY2(pane.claimText().startsWith(QStringLiteral("by ") + fx.ws->reviewer() + QStringLiteral(" until ")),
                 qPrintable(pane.claimText()));
        QVERIFY(InboxWalk(*fx.ws, clock).release(id, fx.ws->reviewer()).value_or(false));
        pane.showItem(**InboxRepository(fx.ws->db()).find(id), false);
        QCOMPARE(pane.claimText(), QString());
    }
};

QTEST_MAIN(TeamDetailPaneTest)
#include "team_detail_pane_test.moc"
