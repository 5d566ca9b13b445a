#include "decisions/DecisionBook.h"
#include "decisions/DecisionsPage.h"
#include "decisions/DecisionTableModel.h"
#include "decisions/ReliabilityChart.h"
#include "store/DecisionRepository.h"
#include "TeamStore.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class DecisionsPageTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC)};

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_ws.reset();
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        QByteArray lines = "{\"description\":\"old critical "
                           "call\",\"confidence\":0.9,\"category\":\"security\",\"stakes\":\"critical\",\"created_at\":"
                           "\"2026-04-01T00:00:00Z\"}\n"
                           "{\"description\":\"pick "
                           "sqlite\",\"confidence\":0.8,\"category\":\"architecture\",\"stakes\":\"medium\",\"created_"
                           "at\":\"2026-05-20T00:00:00Z\"}\n"
                           "{\"description\":\"done "
                           "one\",\"confidence\":0.3,\"category\":\"process\",\"stakes\":\"low\",\"outcome\":"
                           "\"failure\",\"created_at\":\"2026-05-01T00:00:00Z\"}\n";
        QVERIFY(DecisionBook(m_ws->db(), m_clock, QStringLiteral("cli:test")).importLines(lines));
    }

    void modelPassesTheTester()
    {
        ui::DecisionTableModel model(m_ws->db());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 3);
        model.sort(ui::DecisionTableModel::ConfidenceColumn);
        QCOMPARE(model.data(model.index(0, ui::DecisionTableModel::ConfidenceColumn)).toString(),
                 QStringLiteral("0.90"));
        DecisionRepository::Filter f;
        f.outcome = QStringLiteral("pending");
        model.setFilter(f);
        QCOMPARE(model.rowCount(), 2);
        f.category = QStringLiteral("architecture");
        model.setFilter(f);
        QCOMPARE(model.rowCount(), 1);
    }

    // The heading's arrow says the order the rows are in: the date, oldest first, on opening;
    // a click on the date turns it newest first and back; a click on a heading SQL cannot order
    // by leaves the rows as they are and the arrow where their order is.
    void theSortArrowSaysTheRowsOrder()
    {
        ui::DecisionsPage page(*m_ws, m_clock);
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.showFilter()->setCurrentIndex(page.showFilter()->findData(QString()));
        QHeaderView* header = page.table()->horizontalHeader();
        QAbstractItemModel* model = page.table()->model();
        const auto arrow = [header] { return std::pair(header->sortIndicatorSection(), header->sortIndicatorOrder()); };
        const auto firstRow = [model] {
            return model->data(model->index(0, ui::DecisionTableModel::DescriptionColumn)).toString();
        };
        const auto click = [header](int column) {
            const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                            header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        };
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::CreatedColumn), Qt::AscendingOrder));
        QCOMPARE(firstRow(), QStringLiteral("old critical call"));

        click(ui::DecisionTableModel::CreatedColumn);
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::CreatedColumn), Qt::DescendingOrder));
        QCOMPARE(firstRow(), QStringLiteral("pick sqlite"));
        click(ui::DecisionTableModel::CreatedColumn);
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::CreatedColumn), Qt::AscendingOrder));
        QCOMPARE(firstRow(), QStringLiteral("old critical call"));

        click(ui::DecisionTableModel::ConfidenceColumn);
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::ConfidenceColumn), Qt::DescendingOrder));
        QCOMPARE(firstRow(), QStringLiteral("old critical call"));
        click(ui::DecisionTableModel::ConfidenceColumn); // confidence reads highest first only
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::ConfidenceColumn), Qt::DescendingOrder));
        QCOMPARE(model->data(model->index(2, ui::DecisionTableModel::DescriptionColumn)).toString(),
                 QStringLiteral("done one"));

        click(ui::DecisionTableModel::IdColumn); // no order of its own: the date's, said as such
        QCOMPARE(arrow(), std::pair(int(ui::DecisionTableModel::CreatedColumn), Qt::AscendingOrder));
        QCOMPARE(firstRow(), QStringLiteral("old critical call"));
    }

    void reviewingFromTheKeyboardRecordsAndAdvances()
    {
        ui::DecisionsPage page(*m_ws, m_clock);
        page.show();
        QCOMPARE(page.pageId(), QStringLiteral("decisions"));
        QCOMPARE(page.badge(), QStringLiteral("Brier 0.09"));
        QCOMPARE(page.table()->model()->rowCount(), 2); // unreviewed first
        QCOMPARE(page.escalationList()->count(), 1);
        QVERIFY(page.escalationList()->item(0)->text().contains(QStringLiteral("old critical call")));

        const qint64 first = page.selectedId();
        QVERIFY(first > 0);
        page.resultEdit()->setText(QStringLiteral("held up"));
        QSignalSpy badge(&page, &ui::Page::badgeChanged);
        QTest::keyClick(page.table(), Qt::Key_S);
        auto d = DecisionRepository(m_ws->db()).get(first);
        QCOMPARE((*d)->outcome, QStringLiteral("success"));
        QCOMPARE(*(*d)->outcomeText, QStringLiteral("held up"));
        QCOMPARE(*(*d)->reviewer, m_ws->reviewer());
        QCOMPARE(badge.count(), 1);
        QVERIFY(page.resultEdit()->text().isEmpty());
        // Decide and advance: the reviewed one left the list, the next is selected.
        QCOMPARE(page.table()->model()->rowCount(), 1);
        const qint64 second = page.selectedId();
        QVERIFY(second > 0 && second != first);
        QTest::keyClick(page.table(), Qt::Key_P);
        QCOMPARE((*DecisionRepository(m_ws->db()).get(second))->outcome, QStringLiteral("partial"));
        QCOMPARE(page.table()->model()->rowCount(), 0);
        QCOMPARE(page.escalationList()->item(0)->text().contains(QStringLiteral("Nothing to escalate")), true);
        // Three reviewed: the reliability diagram has their bins, the category table their rows.
        QCOMPARE(page.reliabilityChart()->diagonalPointCount(), 2);
        qint64 counted = 0;
        for (const auto& p : page.reliabilityChart()->points())
            counted += p.count;
        QCOMPARE(counted, qint64(3));
        QCOMPARE(page.categoryTable()->rowCount(), 3);
    }

    void snapshotsFeedTheTrendChart()
    {
        QByteArray lines;
        for (int i = 0; i < 10; ++i)
            lines += "{\"description\":\"x\",\"confidence\":0.6,\"category\":\"tooling\",\"stakes\":\"low\","
                     "\"outcome\":\"success\"}\n";
        QVERIFY(DecisionBook(m_ws->db(), m_clock, QStringLiteral("cli:test")).importLines(lines));
        ui::DecisionsPage page(*m_ws, m_clock);
        QCOMPARE(page.brierTrend()->count(), 1);
        QCOMPARE(page.eceTrend()->count(), 1);
        auto snaps = DecisionRepository(m_ws->db()).snapshots();
        QVERIFY(qAbs(page.brierTrend()->at(0).y() - *snaps->front().brier) < 1e-12);
    }

    void jAndKMoveWithoutReviewing()
    {
        ui::DecisionsPage page(*m_ws, m_clock);
        page.showFilter()->setCurrentIndex(2); // all
        QCOMPARE(page.table()->model()->rowCount(), 3);
        const qint64 a = page.selectedId();
        QTest::keyClick(page.table(), Qt::Key_J);
        const qint64 b = page.selectedId();
        QVERIFY(a != b);
        QTest::keyClick(page.table(), Qt::Key_K);
        QCOMPARE(page.selectedId(), a);
        QCOMPARE((*DecisionRepository(m_ws->db()).get(a))->outcome == QStringLiteral("failure")
                     || (*DecisionRepository(m_ws->db()).get(a))->outcome == QStringLiteral("pending"),
                 true);
    }

    void theTableSpansThePageAboveTheChartsAndTheSplitIsRemembered()
    {
        int tableHeight = 0;
        {
            ui::DecisionsPage page(*m_ws, m_clock);
            page.resize(1200, 800);
            page.show();
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            QCOMPARE(page.splitter()->orientation(), Qt::Vertical);
            QTableView* table = page.table();
            QVERIFY2(table->width() > 1100, qPrintable(QString::number(table->width())));
            const int tableBottom = table->mapTo(&page, QPoint(0, table->height())).y();
            QVERIFY(page.reliabilityChart()->mapTo(&page, QPoint(0, 0)).y() >= tableBottom);
            // The description, the one long column, gets the room the short ones leave.
            QVERIFY(table->columnWidth(ui::DecisionTableModel::DescriptionColumn) > table->viewport()->width() / 2);
            page.splitter()->setSizes({300, 400});
            tableHeight = page.splitter()->sizes().first();
        }
        ui::DecisionsPage again(*m_ws, m_clock);
        again.resize(1200, 800);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(qAbs(again.splitter()->sizes().first() - tableHeight) <= 2);
    }
};

QTEST_MAIN(DecisionsPageTest)
#include "decisions_page_test.moc"
