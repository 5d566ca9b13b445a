// The Skills page and its lazy model, offscreen, on a real workspace.
#include "skills/SkillsPage.h"
#include "skills/SkillTableModel.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "TeamStore.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace sediment;
using sediment::ui::SkillsPage;
using sediment::ui::SkillTableModel;

namespace {

QDateTime t(const char* iso) { return *time::parseIso(QString::fromLatin1(iso)); }

} // namespace

class SkillsPageTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{t("2026-06-01T12:00:00Z")};

    void add(const QString& name, const char* lastUsed, const QString& createdBy = QStringLiteral("agent"),
             const QString& state = QStringLiteral("active"), bool pinned = false)
    {
        Skill s;
        s.name = name;
        s.createdBy = createdBy;
        s.state = state;
        s.pinned = pinned;
        s.useCount = 3;
        s.lastUsedAt = t(lastUsed);
        s.createdAt = t("2025-12-01T00:00:00Z");
        QVERIFY(SkillRepository(m_ws->db()).save(s));
        const QString folder = state == QLatin1String("archived") ? QStringLiteral("skills/.archive/") + name
                                                                  : QStringLiteral("skills/") + name;
        QVERIFY(QDir().mkpath(m_ws->path(folder)));
        QFile f(m_ws->path(folder + QStringLiteral("/SKILL.md")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("---\nname: " + name.toUtf8() + "\n---\n");
    }

    Skill skill(const QString& name) { return **SkillRepository(m_ws->db()).find(name); }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        add(QStringLiteral("deploy"), "2026-05-30T00:00:00Z");
        add(QStringLiteral("grep-logs"), "2026-04-20T00:00:00Z");
        add(QStringLiteral("old-trick"), "2026-01-01T00:00:00Z");
        add(QStringLiteral("shelved"), "2025-12-15T00:00:00Z", QStringLiteral("agent"), QStringLiteral("archived"));
        add(QStringLiteral("house-style"), "2025-12-15T00:00:00Z", QStringLiteral("user"));
        add(QStringLiteral("keeper"), "2025-12-15T00:00:00Z", QStringLiteral("agent"), QStringLiteral("active"), true);
    }

    void modelPassesTheItemModelTesterThroughFiltersAndSorts()
    {
        SkillTableModel model(m_ws->db());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(model.index(0, SkillTableModel::NameColumn).data().toString(), QStringLiteral("deploy"));
        model.sort(SkillTableModel::LastActivityColumn, Qt::DescendingOrder);
        QCOMPARE(model.index(0, SkillTableModel::NameColumn).data().toString(), QStringLiteral("deploy"));
        QCOMPARE(model.index(1, SkillTableModel::NameColumn).data().toString(), QStringLiteral("grep-logs"));
        model.setStateFilter(QStringLiteral("archived"));
        QCOMPARE(model.rowCount(), 1);
        model.setStateFilter({});
        model.setCreatorFilter(QStringLiteral("user"));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, SkillTableModel::CreatedByColumn).data().toString(), QStringLiteral("user"));
        model.setCreatorFilter({});
        model.setNameFilter(QStringLiteral("ee"));
        QCOMPARE(model.rowCount(), 1); // keeper
        QCOMPARE(model.index(0, SkillTableModel::PinnedColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        model.setNameFilter({});
        model.refresh();
        QCOMPARE(model.rowCount(), 6);
    }

    void pressingPPinsTheSelectedSkillAndPressingAgainUnpinsIt()
    {
        SkillsPage page(*m_ws, m_clock);
        page.resize(900, 600);
        page.show();
        QApplication::setActiveWindow(&page);
        QVERIFY(QTest::qWaitForWindowActive(&page));
        QVERIFY(page.selectSkill(QStringLiteral("grep-logs")));
        page.table()->setFocus();
        QTest::keyClick(page.table(), Qt::Key_P);
        QVERIFY(skill(QStringLiteral("grep-logs")).pinned);
        QCOMPARE(page.currentName(), QStringLiteral("grep-logs")); // the selection survives the reload
        QCOMPARE(page.pinButton()->text(), QStringLiteral("Un&pin"));
        const int row = page.model()->rowOf(QStringLiteral("grep-logs"));
        QCOMPARE(page.model()->index(row, SkillTableModel::PinnedColumn).data().toString(), QStringLiteral("pinned"));

        AuditRepository::Query q;
        q.subjectId = QStringLiteral("grep-logs");
        auto rows = AuditRepository(m_ws->db(), m_clock).list(q);
        QCOMPARE(rows->size(), size_t(1));
        QCOMPARE(rows->front().action, QStringLiteral("skill.pinned"));
        QCOMPARE(rows->front().actor, QStringLiteral("human:") + m_ws->reviewer());

        QTest::keyClick(page.table(), Qt::Key_P);
        QVERIFY(!skill(QStringLiteral("grep-logs")).pinned);
    }

    void thePinButtonUnpinsAPinnedSkill()
    {
        SkillsPage page(*m_ws, m_clock);
        QVERIFY(page.selectSkill(QStringLiteral("keeper")));
        QCOMPARE(page.pinButton()->text(), QStringLiteral("Un&pin"));
        page.pinButton()->click();
        QVERIFY(!skill(QStringLiteral("keeper")).pinned);
    }

    void filtersByStateAndCreatorFromTheCombos()
    {
        SkillsPage page(*m_ws, m_clock);
        page.stateFilter()->setCurrentIndex(page.stateFilter()->findData(QStringLiteral("archived")));
        QCOMPARE(page.model()->rowCount(), 1);
        page.stateFilter()->setCurrentIndex(0);
        page.creatorFilter()->setCurrentIndex(page.creatorFilter()->findData(QStringLiteral("agent")));
        QCOMPARE(page.model()->rowCount(), 5);
        page.nameFilter()->setText(QStringLiteral("dep"));
        QCOMPARE(page.model()->rowCount(), 1);
    }

    void theBadgeCountsSkillsByState()
    {
        SkillsPage page(*m_ws, m_clock);
        QCOMPARE(page.pageId(), QStringLiteral("skills"));
        QCOMPARE(page.badge(), QStringLiteral("5 active · 1 archived"));
    }

    void thePreviewListsWhatTheNextPassWouldDoAndWritesNothing()
    {
        SkillsPage page(*m_ws, m_clock);
        const qint64 auditBefore = *AuditRepository(m_ws->db(), m_clock).count();
        page.previewCurator();
        QTreeWidget* preview = page.curatorPreview();
        QCOMPARE(preview->topLevelItemCount(), 2);
        QCOMPARE(preview->topLevelItem(0)->text(0), QStringLiteral("grep-logs"));
        QCOMPARE(preview->topLevelItem(0)->text(1), QStringLiteral("active → stale"));
        QCOMPARE(preview->topLevelItem(1)->text(0), QStringLiteral("old-trick"));
        QCOMPARE(preview->topLevelItem(1)->text(1), QStringLiteral("active → archived"));
        QVERIFY(preview->topLevelItem(1)->text(2).contains(QStringLiteral("90 days")));
        QVERIFY(page.previewSummary()->text().contains(QStringLiteral("1 to archive")));
        QCOMPARE(*AuditRepository(m_ws->db(), m_clock).count(), auditBefore);
        QCOMPARE(skill(QStringLiteral("old-trick")).state, QStringLiteral("active"));
    }

    void runningTheCuratorAsksWithTheCountsAndDecliningChangesNothing()
    {
        SkillsPage page(*m_ws, m_clock);
        QString asked;
        page.setConfirmHandler([&](const QString& q) {
            asked = q;
            return false;
        });
        page.runCurator();
        QVERIFY2(asked.contains(QStringLiteral("mark 1 skill stale, archive 1 and reactivate 0")), qPrintable(asked));
        QCOMPARE(skill(QStringLiteral("old-trick")).state, QStringLiteral("active"));
        QVERIFY(!SkillRepository(m_ws->db()).lastCuratorRun().value());

        page.setConfirmHandler([](const QString&) { return true; });
        page.runCurator();
        QCOMPARE(skill(QStringLiteral("old-trick")).state, QStringLiteral("archived"));
        QCOMPARE(skill(QStringLiteral("grep-logs")).state, QStringLiteral("stale"));
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/.archive/old-trick/SKILL.md"))));
        QCOMPARE(page.badge(), QStringLiteral("3 active · 1 stale · 2 archived"));
        QCOMPARE(page.curatorPreview()->topLevelItemCount(), 0);
    }

    void restoreBringsAnArchivedSkillBack()
    {
        SkillsPage page(*m_ws, m_clock);
        QVERIFY(page.selectSkill(QStringLiteral("shelved")));
        page.restoreSelected();
        QCOMPARE(skill(QStringLiteral("shelved")).state, QStringLiteral("active"));
        QVERIFY(QFileInfo::exists(m_ws->path(QStringLiteral("skills/shelved/SKILL.md"))));
        QVERIFY(!QFileInfo::exists(m_ws->path(QStringLiteral("skills/.archive/shelved"))));
    }

    void openHandsTheSkillFileToTheDesktop()
    {
        SkillsPage page(*m_ws, m_clock);
        QUrl opened;
        page.setOpenHandler([&](const QUrl& u) {
            opened = u;
            return true;
        });
        QVERIFY(page.selectSkill(QStringLiteral("shelved")));
        QVERIFY(page.openSkillFile());
        QCOMPARE(opened.toLocalFile(), m_ws->path(QStringLiteral("skills/.archive/shelved/SKILL.md")));
        QVERIFY(page.selectSkill(QStringLiteral("deploy")));
        QVERIFY(page.openSkillFile());
        QCOMPARE(opened.toLocalFile(), m_ws->path(QStringLiteral("skills/deploy/SKILL.md")));
    }

    void reloadPicksUpAnotherProcessesWritesAndKeepsTheSelection()
    {
        SkillsPage page(*m_ws, m_clock);
        QVERIFY(page.selectSkill(QStringLiteral("old-trick")));
        QVERIFY(SkillRepository(m_ws->db()).recordUse(QStringLiteral("aaa-new"), m_clock.now()));
        page.reload();
        QCOMPARE(page.model()->rowCount(), 7);
        QCOMPARE(page.currentName(), QStringLiteral("old-trick"));
    }
};

QTEST_MAIN(SkillsPageTest)
#include "skills_page_test.moc"
