#include "inbox/InboxSummary.h"
#include "inbox/InboxTableModel.h"
#include "inbox/PreflightVerdict.h"
#include "InboxFixture.h"
#include "model/InboxQuery.h"
#include "store/InboxReadModel.h"
#include "store/InboxRepository.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <map>
#include <vector>

using namespace sediment;
using namespace sediment::ui;

class InboxModelTest : public QObject {
    Q_OBJECT

private:
    static InboxFilter parse(const char* q)
    {
        auto f = InboxQuery::parse(QString::fromUtf8(q));
        return f ? *f : InboxFilter();
    }

private Q_SLOTS:
    void passesTheModelTesterWhileFilteringSortingAndRefreshing()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 300; ++i)
            fx.addMemory(QStringLiteral("lesson %1").arg(i), (i % 10) / 10.0,
                         i % 2 ? QStringLiteral("scout") : QStringLiteral("owl"));
        InboxTableModel model(fx.ws->db());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 300);
        for (int row = 0; row < model.rowCount(); row += 37)
            QVERIFY(model.data(model.index(row, InboxTableModel::SummaryColumn)).isValid());
        model.sort(InboxTableModel::ScoreColumn, Qt::DescendingOrder);
        model.setFilter(parse("agent:owl"));
        QCOMPARE(model.rowCount(), 150);
        fx.addMemory(QStringLiteral("late"), 0.1, QStringLiteral("owl"));
        QVERIFY(model.refresh());
        QCOMPARE(model.rowCount(), 151);
        QVERIFY(!model.refresh());
    }

    void showsOnlyPendingItemsByDefault()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("a"));
        fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "b"}}, 0.9, QStringLiteral("scout"),
               QStringLiteral("r"), QStringLiteral("applied"));
        InboxTableModel model(fx.ws->db());
        QCOMPARE(model.rowCount(), 1);
        InboxFilter all;
        model.setFilter(all);
        QCOMPARE(model.rowCount(), 2);
    }

    void rowsCarryIdStaleAndDisplayText()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 id =
            fx.add(QStringLiteral("claude_md"), Json{{"before", "old rule"}, {"after", "new rule"}}, 0.82);
        InboxTableModel model(fx.ws->db());
        QCOMPARE(model.data(model.index(0, 0), InboxTableModel::IdRole).toLongLong(), id);
        QCOMPARE(model.data(model.index(0, InboxTableModel::DestinationColumn)).toString(),
                 QStringLiteral("CLAUDE.md"));
        QCOMPARE(model.data(model.index(0, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("new rule"));
        QCOMPARE(model.data(model.index(0, InboxTableModel::ScoreColumn)).toString(), QStringLiteral("0.82"));
        QCOMPARE(model.data(model.index(0, 0), InboxTableModel::StaleRole).toBool(), false);
    }

    void sortingKeepsPersistentIndexesOnTheirItem()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("low"), 0.1);
        const qint64 high = fx.addMemory(QStringLiteral("high"), 0.9);
        fx.addMemory(QStringLiteral("mid"), 0.5);
        InboxTableModel model(fx.ws->db());
        QPersistentModelIndex kept(model.index(1, 0));
        model.sort(InboxTableModel::ScoreColumn, Qt::DescendingOrder);
        QCOMPARE(kept.row(), 0);
        QCOMPARE(model.idAt(0), high);
    }

    void rowOfIdFollowsFilterAndSort()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 500; ++i)
            fx.addMemory(QStringLiteral("entry %1").arg(i), (i % 100) / 100.0);
        InboxTableModel model(fx.ws->db());
        const qint64 id = model.idAt(321);
        QCOMPARE(model.rowOfId(id), 321);
        model.sort(InboxTableModel::ScoreColumn, Qt::DescendingOrder);
        const int row = model.rowOfId(id);
        QCOMPARE(model.idAt(row), id);
        model.setFilter(parse("score>=0.99"));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.rowOfId(id), -1);
    }

    void queryTermsBecomeSqlFilters()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("use ripgrep for search"), 0.9, QStringLiteral("scout"));
        fx.addMemory(QStringLiteral("prefer 100% coverage"), 0.4, QStringLiteral("owl"));
        fx.add(QStringLiteral("settings_json"), Json{{"patch", {{"theme", "dark"}}}}, 0.75, QStringLiteral("owl"));
        InboxReadModel read(fx.ws->db());
        auto count = [&](const char* q) {
            InboxFilter f = parse(q);
            auto n = read.count(f);
            return n ? *n : -1;
        };
        QCOMPARE(count("ripgrep"), 1);
        QCOMPARE(count("RIPGREP"), 1);
        QCOMPARE(count("100%"), 1);
        QCOMPARE(count("-ripgrep"), 2);
        QCOMPARE(count("dest:settings_json"), 1);
        QCOMPARE(count("-dest:memory"), 1);
        QCOMPARE(count("score>=0.75"), 2);
        QCOMPARE(count("score>0.75"), 1);
        QCOMPARE(count("score<0.5"), 1);
        QCOMPARE(count("-score>=0.75"), 1);
        QCOMPARE(count("agent:OWL"), 2);
        QCOMPARE(count("-agent:owl"), 1);
        QCOMPARE(count("is:stale"), 0);
        QCOMPARE(count("-is:stale"), 3);
        QCOMPARE(count("status:applied"), 0);
        QCOMPARE(count("status:pending"), 3);
        fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "done"}}, 0.9, QStringLiteral("scout"),
               QStringLiteral("r"), QStringLiteral("applied"));
        fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "no"}}, 0.9, QStringLiteral("scout"),
               QStringLiteral("r"), QStringLiteral("refused"));
        QCOMPARE(count("status:pending"), 3);
        QCOMPARE(count("status:applied"), 1);
        QCOMPARE(count("status:refused"), 1);
        QCOMPARE(count("status:failed"), 0);
        QCOMPARE(count("dark agent:owl score>=0.7"), 1);
    }

    void pagesAreFetchedOnlyWhereTheViewLooks()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 1000; ++i)
            fx.addMemory(QStringLiteral("bulk %1").arg(i));
        InboxReadModel read(fx.ws->db());
        auto ids = read.pageIds(InboxFilter(), {}, 990, 128);
        QVERIFY(ids.has_value());
        QCOMPARE(ids->size(), size_t(10));
        auto rows = read.rows(*ids);
        QVERIFY(rows.has_value());
        QCOMPARE(rows->size(), size_t(10));
        QCOMPARE(rows->front().id, ids->front());
        QCOMPARE(InboxSummary::of(AgentHomes::none(), rows->back().destination, rows->back().opJson),
                 QStringLiteral("bulk 999"));
    }

    void windowsTogetherReadExactlyTheFilteredIdsInEitherDirection()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 100; ++i)
            fx.addMemory(QStringLiteral("note %1").arg(i), 0.5,
                         i % 3 ? QStringLiteral("scout") : QStringLiteral("owl"));
        InboxReadModel read(fx.ws->db());
        auto span = read.idSpan();
        QVERIFY(span.has_value());
        const InboxFilter owl = parse("agent:owl");
        auto all = read.allIds(owl, {});
        QVERIFY(all.has_value());
        QCOMPARE(all->size(), size_t(34));
        std::vector<qint64> up;
        for (qint64 after = span->first - 1; after < span->second; after += 7)
            QVERIFY(read.appendIdsInWindow(owl, false, after, std::min(after + 7, span->second), up).has_value());
        QCOMPARE(up, *all);
        std::vector<qint64> down;
        for (qint64 upTo = span->second; upTo >= span->first; upTo -= 7)
            QVERIFY(read.appendIdsInWindow(owl, true, std::max(upTo - 7, span->first - 1), upTo, down).has_value());
        std::reverse(down.begin(), down.end());
        QCOMPARE(down, *all);
    }

    void idSpanOfAnEmptyInboxIsZero()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        InboxReadModel read(fx.ws->db());
        auto span = read.idSpan();
        QVERIFY(span.has_value());
        QCOMPARE(*span, (std::pair<qint64, qint64>(0, 0)));
        InboxTableModel model(fx.ws->db());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.isLoading());
    }

    void staleItemsAreFoundAndTheRestExcluded()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        std::vector<qint64> ids;
        for (int i = 0; i < 20; ++i)
            ids.push_back(fx.addMemory(QStringLiteral("item %1").arg(i)));
        InboxRepository repo(fx.ws->db());
        QVERIFY(repo.setStale(ids[3], true).has_value());
        QVERIFY(repo.setStale(ids[17], true).has_value());
        InboxTableModel model(fx.ws->db());
        model.setFilter(parse("is:stale status:pending"));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.idAt(0), ids[3]);
        QCOMPARE(model.idAt(1), ids[17]);
        model.setFilter(parse("-is:stale"));
        QCOMPARE(model.rowCount(), 18);
        QCOMPARE(model.rowOfId(ids[3]), -1);
    }

    void readsTheRestInTheBackgroundOnceTheBudgetIsSpent()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 300; ++i)
            fx.addMemory(QStringLiteral("lesson %1").arg(i));
        // No blocking budget and tiny windows: only the first window is read before returning.
        // Free text has no index, so the rows arrive as they are read.
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFilter(parse("lesson"));
        QCOMPARE(model.rowCount(), 8);
        QVERIFY(model.isLoading());
        QCOMPARE(model.data(model.index(7, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("lesson 7"));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy finished(&model, &InboxTableModel::loadingFinished);
        QVERIFY(finished.wait(5000));
        QVERIFY(!model.isLoading());
        QVERIFY(inserted.count() > 0);
        QCOMPARE(model.rowCount(), 300);
        // The page cut short by the end of the first window is read again in full.
        QCOMPARE(model.data(model.index(8, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("lesson 8"));
        InboxReadModel read(fx.ws->db());
        auto all = read.allIds(model.filter(), {});
        QVERIFY(all.has_value());
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.idAt(row), (*all)[size_t(row)]);
    }

    void anIndexedFilterIsCountedSoTheEndIsRightAtOnce()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        std::vector<qint64> ids;
        for (int i = 0; i < 300; ++i)
            ids.push_back(fx.addMemory(QStringLiteral("lesson %1").arg(i)));
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.isLoading());
        QCOMPARE(model.rowCount(), 300);
        // The end is paged from SQL before the read gets there.
        QCOMPARE(model.idAt(299), ids[299]);
        QCOMPARE(model.data(model.index(299, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("lesson 299"));
        QCOMPARE(model.data(model.index(150, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("lesson 150"));
        QCOMPARE(model.rowOfId(ids[200]), 200);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy finished(&model, &InboxTableModel::loadingFinished);
        QVERIFY(finished.wait(5000));
        QCOMPARE(model.rowCount(), 300);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(reset.count(), 0);
        for (int row = 0; row < 300; ++row)
            QCOMPARE(model.idAt(row), ids[size_t(row)]);
    }

    void aCountOvertakenByADecisionSettlesOnWhatWasRead()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        std::vector<qint64> ids;
        for (int i = 0; i < 100; ++i)
            ids.push_back(fx.addMemory(QStringLiteral("item %1").arg(i)));
        InboxRepository repo(fx.ws->db());
        QVERIFY(repo.setStale(ids[10], true).has_value());
        QVERIFY(repo.setStale(ids[90], true).has_value());
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFilter(parse("is:stale"));
        QVERIFY(model.isLoading());
        QCOMPARE(model.rowCount(), 2);
        // Patched while the ids are being read: the count no longer holds.
        QVERIFY(repo.setStale(ids[90], false).has_value());
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.idAt(0), ids[10]);
        QCOMPARE(reset.count(), 1);
    }

    void aRememberedCountIsDroppedOnceSomethingIsWritten()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 100; ++i)
            fx.addMemory(QStringLiteral("item %1").arg(i));
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        const InboxFilter pending = model.filter();
        QCOMPARE(model.rowCount(), 100);
        model.setFilter(parse("dest:user"));
        model.setFilter(pending);
        QCOMPARE(model.rowCount(), 100);
        fx.addMemory(QStringLiteral("one more"));
        model.setFilter(parse("dest:user"));
        model.setFilter(pending);
        QCOMPARE(model.rowCount(), 101);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 101);
    }

    void aScanThatFindsNothingAtFirstResetsWhenAMatchArrives()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        qint64 last = 0;
        for (int i = 0; i < 200; ++i)
            last = fx.addMemory(QStringLiteral("lesson %1").arg(i));
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setFilter(parse("lesson 199"));
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.isLoading());
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.idAt(0), last);
        QCOMPARE(reset.count(), 2); // the filter, then the first match
    }

    void descendingIdOrderIsReadInWindowsFromTheTop()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 150; ++i)
            fx.addMemory(QStringLiteral("entry %1").arg(i));
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.sort(InboxTableModel::IdColumn, Qt::DescendingOrder);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 150);
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(model.idAt(row - 1) > model.idAt(row));
        const qint64 id = model.idAt(40);
        QCOMPARE(model.rowOfId(id), 40);
        // Every id is in: back to ascending is a sort in memory that keeps persistent indexes.
        QPersistentModelIndex kept(model.index(40, 0));
        model.sort(InboxTableModel::IdColumn, Qt::AscendingOrder);
        QCOMPARE(model.idAt(kept.row()), id);
        QCOMPARE(kept.row(), 109);
    }

    void refreshWhileReadingStartsOverAndEndsComplete()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        for (int i = 0; i < 120; ++i)
            fx.addMemory(QStringLiteral("row %1").arg(i));
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        fx.addMemory(QStringLiteral("late"));
        QVERIFY(model.refresh());
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 121);
        QCOMPARE(model.data(model.index(120, InboxTableModel::SummaryColumn)).toString(), QStringLiteral("late"));
    }

    void verdictsKeepTheirItemsWindowByWindowInEitherOrderAndOnRefresh()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        std::vector<qint64> ids;
        for (int i = 0; i < 200; ++i)
            ids.push_back(fx.addMemory(QStringLiteral("entry %1").arg(i), (i % 10) / 10.0));
        // A third dead, one in seven flagged unsafe, the rest ok; the last item has no verdict yet.
        std::map<qint64, PreflightVerdict> verdicts;
        std::vector<qint64> dead, unsafe, notOk;
        for (size_t i = 0; i + 1 < ids.size(); ++i) {
            PreflightVerdict v;
            if (i % 3 == 0)
                v.kind = PreflightKind::Fails;
            if (i % 7 == 0)
                v.unsafe = QStringLiteral("a finding");
            if (v.isDead())
                dead.push_back(ids[i]);
            if (v.isUnsafe())
                unsafe.push_back(ids[i]);
            if (!v.isOk())
                notOk.push_back(ids[i]);
            verdicts.emplace(ids[i], v);
        }
        notOk.push_back(ids.back());
        const auto read = [](InboxTableModel& model) {
            std::vector<qint64> out;
            for (int row = 0; row < model.rowCount(); ++row)
                out.push_back(model.idAt(row));
            return out;
        };
        // Windows of eight ids, most of them read in the background.
        InboxTableModel model(fx.ws->db(), InboxTableModel::Pacing{0, 0, 8});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFilter(parse("is:dead"));
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(model.rowCount(), 0); // no verdicts yet: nothing is dead
        model.setVerdicts(&verdicts);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(read(model), dead);
        model.sort(InboxTableModel::IdColumn, Qt::DescendingOrder);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(read(model), std::vector<qint64>(dead.rbegin(), dead.rend()));
        model.setFilter(parse("is:unsafe"));
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(read(model), std::vector<qint64>(unsafe.rbegin(), unsafe.rend()));
        // Any other order is read whole, then kept.
        model.sort(InboxTableModel::ScoreColumn, Qt::AscendingOrder);
        auto byScore = read(model);
        std::sort(byScore.begin(), byScore.end());
        QCOMPARE(byScore, unsafe);
        // A negated term keeps the items without a verdict.
        model.sort(InboxTableModel::IdColumn, Qt::AscendingOrder);
        model.setFilter(parse("-is:ok"));
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(read(model), notOk);
        // A refresh keeps by verdict too: a new item has none, so is:dead does not list it.
        model.setFilter(parse("is:dead"));
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        fx.addMemory(QStringLiteral("late"));
        model.refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 5000);
        QCOMPARE(read(model), dead);
    }
};

QTEST_MAIN(InboxModelTest)
#include "inbox_model_test.moc"
