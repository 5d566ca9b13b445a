#include "InboxFixture.h"
#include "inbox/InboxQuery.h"
#include "models/InboxTableModel.h"
#include "store/InboxReadModel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

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
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
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
        fx.add(QStringLiteral("memory"), Json{{"action", "add"}, {"content", "b"}}, 0.9,
               QStringLiteral("scout"), QStringLiteral("r"), QStringLiteral("applied"));
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
        const qint64 id = fx.add(QStringLiteral("claude_md"),
                                 Json{{"before", "old rule"}, {"after", "new rule"}}, 0.82);
        InboxTableModel model(fx.ws->db());
        QCOMPARE(model.data(model.index(0, 0), InboxTableModel::IdRole).toLongLong(), id);
        QCOMPARE(model.data(model.index(0, InboxTableModel::DestinationColumn)).toString(),
                 QStringLiteral("CLAUDE.md"));
        QCOMPARE(model.data(model.index(0, InboxTableModel::SummaryColumn)).toString(),
                 QStringLiteral("new rule"));
        QCOMPARE(model.data(model.index(0, InboxTableModel::ScoreColumn)).toString(),
                 QStringLiteral("0.82"));
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
        fx.add(QStringLiteral("settings_json"), Json{{"patch", {{"theme", "dark"}}}}, 0.75,
               QStringLiteral("owl"));
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
        QCOMPARE(rows->back().summary, QStringLiteral("bulk 999"));
    }
};

QTEST_MAIN(InboxModelTest)
#include "inbox_model_test.moc"
