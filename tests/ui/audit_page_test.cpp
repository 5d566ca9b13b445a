#include "audit/AuditPage.h"
#include "audit/AuditTableModel.h"
#include "InboxFixture.h"
#include "store/AuditRepository.h"
#include "store/Database.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

#include <sqlite3.h>

using namespace sediment;
using namespace sediment::ui;

namespace {

void appendRows(Workspace& ws, const Clock& clock, int n, const QString& subjectType)
{
    AuditRepository repo(ws.db(), clock);
    auto tx = ws.db().begin();
    for (int i = 0; i < n; ++i) {
        AuditEntry e;
        e.actor = QStringLiteral("human:ana");
        e.action = i % 2 ? QStringLiteral("approve") : QStringLiteral("refuse");
        e.subjectType = subjectType;
        e.subjectId = QString::number(i + 1);
        e.reason = QStringLiteral("reason %1").arg(i);
        (void)repo.append(e);
    }
    (void)tx->commit();
}

} // namespace

class AuditPageTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void modelPassesTheTesterAndListsNewestFirst()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        appendRows(*fx.ws, fx.clock, 300, QStringLiteral("inbox_item"));
        AuditTableModel model(fx.ws->db());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 300);
        QCOMPARE(model.data(model.index(0, AuditTableModel::SeqColumn)).toLongLong(), 300);
        QCOMPARE(model.data(model.index(299, AuditTableModel::SeqColumn)).toLongLong(), 1);
        AuditReadModel::Filter f;
        f.action = QStringLiteral("approve");
        model.setFilter(f);
        QCOMPARE(model.rowCount(), 150);
        appendRows(*fx.ws, fx.clock, 2, QStringLiteral("skill"));
        model.refresh();
        QCOMPARE(model.rowCount(), 151);
    }

    void filtersBySubject()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        appendRows(*fx.ws, fx.clock, 4, QStringLiteral("inbox_item"));
        appendRows(*fx.ws, fx.clock, 3, QStringLiteral("skill"));
        AuditPage page(*fx.ws, fx.clock);
        QCOMPARE(page.model()->rowCount(), 7);
        page.subjectTypeBox()->setCurrentIndex(page.subjectTypeBox()->findData(QStringLiteral("skill")));
        page.applyFilter();
        QCOMPARE(page.model()->rowCount(), 3);
        page.subjectBox()->setText(QStringLiteral("2"));
        page.applyFilter();
        QCOMPARE(page.model()->rowCount(), 1);
        QCOMPARE(page.model()->data(page.model()->index(0, AuditTableModel::SubjectColumn)).toString(),
                 QStringLiteral("skill 2"));
    }

    void verifyChainReportsAnIntactChain()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        appendRows(*fx.ws, fx.clock, 5, QStringLiteral("inbox_item"));
        AuditPage page(*fx.ws, fx.clock);
        QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("verifyChain")), Qt::LeftButton);
        QVERIFY(page.verifyResult()->text().contains(QStringLiteral("intact")));
        QVERIFY(page.verifyResult()->text().contains(QStringLiteral("5")));
    }

    void verifyChainNamesTheFirstForgedRow()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        appendRows(*fx.ws, fx.clock, 5, QStringLiteral("inbox_item"));
        // Forge row 3 behind the triggers' back, as an attacker with the file (or the server's
        // owner role) would.
        QVERIFY(fx.ws->db()
                    .exec({"DROP TRIGGER audit_log_no_update; UPDATE audit_log SET reason='forged' WHERE seq=3",
                           "DROP TRIGGER audit_log_no_update ON audit_log; UPDATE audit_log SET reason='forged' "
                           "WHERE seq=3"})
                    .has_value());
        AuditPage page(*fx.ws, fx.clock);
        page.verifyChain();
        QVERIFY(page.verifyResult()->text().contains(QStringLiteral("row 3")));
    }

    void showsAnEmptyStateForAnEmptyLog()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        AuditPage page(*fx.ws, fx.clock);
        page.show();
        QCOMPARE(page.model()->rowCount(), 0);
        QCOMPARE(page.badge(), QStringLiteral("0"));
    }
};

QTEST_MAIN(AuditPageTest)
#include "audit_page_test.moc"
