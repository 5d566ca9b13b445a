#include "scars/ScarBook.h"
#include "scars/ScarsPage.h"
#include "scars/ScarTableModel.h"
#include "store/ScarRepository.h"
#include "TeamStore.h"
#include "util/Time.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace sediment;

class ScarsPageTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC)};

    qint64 add(const QString& kind, const QString& title, const QString& lesson, int importance, int ageDays,
               const QString& scope = QStringLiteral("general"))
    {
        Scar s;
        s.kind = kind;
        s.title = title;
        s.lesson = lesson;
        s.importance = importance;
        s.scope = scope;
        s.createdAt = time::toIso(m_clock.now().addDays(-ageDays));
        auto r = ScarBook(m_ws->db(), m_clock, QStringLiteral("cli:test")).add(s);
        return r ? r->id : -1;
    }

private Q_SLOTS:
    void init()
    {
        m_ws.reset();
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
        auto ws = sediment::test::openWorkspace(m_dir.path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        QVERIFY(add(QStringLiteral("failure"), QStringLiteral("Deploy on Friday broke prod"),
                    QStringLiteral("Freeze deploys after Thursday noon"), 9, 30, QStringLiteral("ops"))
                > 0);
        QVERIFY(add(QStringLiteral("victory"), QStringLiteral("Deploy canary caught a regression"),
                    QStringLiteral("Keep the canary stage"), 4, 2, QStringLiteral("ops"))
                > 0);
        QVERIFY(add(QStringLiteral("failure"), QStringLiteral("Flaky test masked a bug"),
                    QStringLiteral("Quarantine flaky tests"), 6, 10, QStringLiteral("ci"))
                > 0);
    }

    void modelPassesTheTesterThroughFiltersAndSorts()
    {
        ui::ScarTableModel model(m_ws->db());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 3);
        model.sort(ui::ScarTableModel::ImportanceColumn);
        QCOMPARE(model.data(model.index(0, ui::ScarTableModel::ImportanceColumn)).toInt(), 9);
        ScarRepository::Filter f;
        f.text = QStringLiteral("deploy");
        model.setFilter(f);
        QCOMPARE(model.rowCount(), 2);
        f.kind = QStringLiteral("victory");
        model.setFilter(f);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.data(model.index(0, ui::ScarTableModel::TitleColumn)).toString(),
                 QStringLiteral("Deploy canary caught a regression"));
        model.refresh();
        QCOMPARE(model.rowCount(), 1);
    }

    void searchingFiltersByTextScopeKindAndImportance()
    {
        ui::ScarsPage page(*m_ws, m_clock);
        page.show();
        QCOMPARE(page.pageId(), QStringLiteral("scars"));
        QCOMPARE(page.badge(), QStringLiteral("3 scars"));
        QCOMPARE(page.table()->model()->rowCount(), 3);

        QTest::keyClicks(page.searchBox(), QStringLiteral("deplo"));
        page.applyFilter();                             // what the debounce timer does after the pause
        QCOMPARE(page.table()->model()->rowCount(), 2); // prefix match on the last word

        page.importanceBox()->setValue(5);
        QCOMPARE(page.table()->model()->rowCount(), 1);
        QVERIFY(page.lessonView()->toPlainText().contains(QStringLiteral("Freeze deploys after Thursday noon")));

        page.importanceBox()->setValue(0);
        page.kindBox()->setCurrentIndex(page.kindBox()->findData(QStringLiteral("victory")));
        QCOMPARE(page.table()->model()->rowCount(), 1);

        page.kindBox()->setCurrentIndex(0);
        page.searchBox()->clear();
        page.scopeBox()->setCurrentIndex(page.scopeBox()->findData(QStringLiteral("ci")));
        page.applyFilter();
        QCOMPARE(page.table()->model()->rowCount(), 1);
        QVERIFY(page.lessonView()->toPlainText().contains(QStringLiteral("Quarantine flaky tests")));
    }

    void recallShowsScoresAndWhyWithoutBumping()
    {
        ui::ScarsPage page(*m_ws, m_clock);
        page.searchBox()->setText(QStringLiteral("deploy"));
        QVERIFY(page.runRecall());
        QTableWidget* r = page.recallTable();
        QCOMPARE(r->rowCount(), 2);
        // The important month-old failure outranks the fresh but minor victory.
        QVERIFY(r->item(0, 2)->text().startsWith(QStringLiteral("Deploy on Friday")));
        QVERIFY(r->item(0, 0)->text().toDouble() > r->item(1, 0)->text().toDouble());
        QVERIFY(r->item(0, 3)->text().contains(QStringLiteral("importance 9")));
        auto ids = ScarRepository(m_ws->db()).ids({});
        const auto scars = ScarRepository(m_ws->db()).byIds(*ids);
        QVERIFY(scars.has_value());
        for (const Scar& s : *scars)
            QCOMPARE(s.recallCount, 0);
    }

    void makeASuggestionQueuesTheLesson()
    {
        ui::ScarsPage page(*m_ws, m_clock);
        page.searchBox()->setText(QStringLiteral("flaky"));
        page.applyFilter();
        QCOMPARE(page.table()->model()->rowCount(), 1);
        const qint64 inboxId = page.suggestSelected();
        QVERIFY(inboxId > 0);
        auto scar = ScarRepository(m_ws->db()).get(page.selectedId());
        QVERIFY(scar && *scar);
        QCOMPARE(*(*scar)->suggestionId, inboxId);
        QVERIFY(page.lessonView()->toPlainText().contains(QStringLiteral("inbox item %1").arg(inboxId)));
        QCOMPARE(page.suggestSelected(), qint64(0)); // never twice
    }
};

QTEST_MAIN(ScarsPageTest)
#include "scars_page_test.moc"
