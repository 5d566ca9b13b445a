// The Skills page on a Hermes home, offscreen: why each skill is protected and which
// thresholds are in force.
#include "FileBytes.h"
#include "skills/Curator.h"
#include "skills/SkillsPage.h"
#include "skills/SkillTableModel.h"
#include "store/AuditRepository.h"
#include "TeamStore.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <cstdio>

using namespace sediment;
using sediment::test::writeFileBytes;
using sediment::ui::SkillsPage;
using sediment::ui::SkillTableModel;

class SkillsPageHermesTest : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{*time::parseIso(QStringLiteral("2026-06-01T12:00:00Z"))};

    QString home(const QString& rel) const { return m_dir->filePath(rel); }

    QString cell(SkillsPage& page, const QString& name, int column, int role = Qt::DisplayRole)
    {
        const int row = page.model()->rowOf(name);
        return row < 0 ? QStringLiteral("<no row>") : page.model()->index(row, column).data(role).toString();
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        writeFileBytes(home(QStringLiteral("config.yaml")),
                       "curator:\n  stale_after_days: 10\n  archive_after_days: 45\n  prune_builtins: false\n");
        writeFileBytes(home(QStringLiteral("skills/.usage.json")), R"({
  "cron-job": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-01-01T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null},
  "hub-one": {"use_count": 1, "created_at": "2026-01-01T00:00:00+00:00"},
  "kept": {"created_by": "agent", "use_count": 1, "last_used_at": "2026-05-30T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": true, "archived_at": null},
  "starter": {"use_count": 1, "created_at": "2026-01-01T00:00:00+00:00"},
  "used": {"created_by": "agent", "use_count": 4, "last_used_at": "2026-05-31T00:00:00+00:00", "created_at": "2026-01-01T00:00:00+00:00", "state": "active", "pinned": false, "archived_at": null}
})");
        writeFileBytes(home(QStringLiteral("skills/.bundled_manifest")), "starter:1\n");
        writeFileBytes(home(QStringLiteral("skills/.hub/lock.json")), R"({"installed": {"hub-one": {}}})");
        writeFileBytes(home(QStringLiteral("cron/jobs.json")), R"({"jobs": [{"skills": ["cron-job"]}]})");
        for (const char* name : {"cron-job", "hub-one", "kept", "starter", "used"})
            writeFileBytes(home(QStringLiteral("skills/%1/SKILL.md").arg(QLatin1String(name))),
                           QByteArray("---\nname: ") + name + "\n---\n");
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws);
        m_ws = std::move(*ws);
        // A pass brings the records in, as opening the page after `skills curate` would find them.
        QVERIFY(Curator(*m_ws, m_clock).run(false));
    }

    void showsTheThresholdsInForce()
    {
        SkillsPage page(*m_ws, m_clock);
        const QString rules = page.rulesLabel()->text();
        QVERIFY2(rules.contains(QLatin1String("stale after 10 days")), qPrintable(rules));
        QVERIFY(rules.contains(QLatin1String("archive after 45 days")));
        QVERIFY(rules.contains(QLatin1String("config.yaml")));
        QVERIFY(rules.contains(QLatin1String("left alone (curator.prune_builtins)")));
    }

    void theProtectedColumnSaysWhy()
    {
        SkillsPage page(*m_ws, m_clock);
        QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(page.model()->headerData(SkillTableModel::PinnedColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Protected"));
        QCOMPARE(cell(page, QStringLiteral("kept"), SkillTableModel::PinnedColumn), QStringLiteral("pinned"));
        QCOMPARE(cell(page, QStringLiteral("cron-job"), SkillTableModel::PinnedColumn), QStringLiteral("cron job"));
        QCOMPARE(cell(page, QStringLiteral("hub-one"), SkillTableModel::PinnedColumn), QStringLiteral("hub"));
        QCOMPARE(cell(page, QStringLiteral("starter"), SkillTableModel::PinnedColumn), QStringLiteral("bundled"));
        QCOMPARE(cell(page, QStringLiteral("used"), SkillTableModel::PinnedColumn), QString());
        QCOMPARE(cell(page, QStringLiteral("cron-job"), SkillTableModel::PinnedColumn, Qt::ToolTipRole),
                 QStringLiteral("named by a cron job"));
    }

    void theDetailAndThePreviewFollowHermesRules()
    {
        SkillsPage page(*m_ws, m_clock);
        page.show();
        QVERIFY(page.selectSkill(QStringLiteral("cron-job")));
        QVERIFY2(page.detailLabel()->text().contains(QLatin1String("protected: named by a cron job")),
                 qPrintable(page.detailLabel()->text()));
        QVERIFY(page.selectSkill(QStringLiteral("used")));
        QVERIFY(page.detailLabel()->text().contains(QLatin1String("no change")));
        page.previewCurator();
        QVERIFY2(page.previewSummary()->text().contains(QLatin1String("1 named by cron jobs")),
                 qPrintable(page.previewSummary()->text()));
        QCOMPARE(page.curatorPreview()->topLevelItemCount(), 0);
    }

    void reloadReadsUsageJsonAgain()
    {
        SkillsPage page(*m_ws, m_clock);
        QCOMPARE(cell(page, QStringLiteral("used"), SkillTableModel::PinnedColumn), QString());
        // The agent pins the skill in its own file; the page sees it on the next reload.
        QByteArray text = test::fileBytes(home(QStringLiteral("skills/.usage.json")));
        auto data = nlohmann::json::parse(text.toStdString());
        data["used"]["pinned"] = true;
        writeFileBytes(home(QStringLiteral("skills/.usage.json")), QByteArray::fromStdString(data.dump(2)));
        page.reload();
        QCOMPARE(cell(page, QStringLiteral("used"), SkillTableModel::PinnedColumn, Qt::ToolTipRole),
                 QStringLiteral("pinned"));
    }

    // Opened on a Hermes home no pass nor import has read yet: the page lists what .usage.json
    // holds, says so in the status bar, and reads it again only when Hermes changed it.
    void opensWithTheRecordsOfUsageJsonBeforeAnyPass()
    {
        QTemporaryDir dir;
        writeFileBytes(
            dir.filePath(QStringLiteral("skills/.usage.json")),
            R"({"fresh": {"created_by": "agent", "use_count": 2, "created_at": "2026-05-01T00:00:00+00:00"}})");
        auto ws = sediment::test::openWorkspace(dir.path());
        QVERIFY(ws);
        SkillsPage page(**ws, m_clock);
        QSignalSpy said(&page, &SkillsPage::statusMessage);
        QCOMPARE(page.model()->rowCount(), 1);
        QCOMPARE(cell(page, QStringLiteral("fresh"), SkillTableModel::UsesColumn), QStringLiteral("2"));
        QVERIFY(said.wait(1000));
        QVERIFY2(said.front().front().toString().startsWith(QLatin1String("Read 1 new and 0 changed skill records")),
                 qPrintable(said.front().front().toString()));
        const qint64 audited = *AuditRepository((*ws)->db(), m_clock).count();
        page.reload(); // nothing new in the file: nothing written
        QCOMPARE(*AuditRepository((*ws)->db(), m_clock).count(), audited);

        // While the page is open Hermes records two more uses, replacing the file as it does.
        writeFileBytes(
            dir.filePath(QStringLiteral("skills/.usage.json.tmp")),
            R"({"fresh": {"created_by": "agent", "use_count": 4, "created_at": "2026-05-01T00:00:00+00:00"}})");
        QCOMPARE(std::rename(QFile::encodeName(dir.filePath(QStringLiteral("skills/.usage.json.tmp"))).constData(),
                             QFile::encodeName(dir.filePath(QStringLiteral("skills/.usage.json"))).constData()),
                 0);
        QTRY_COMPARE_WITH_TIMEOUT(cell(page, QStringLiteral("fresh"), SkillTableModel::UsesColumn), QStringLiteral("4"),
                                  5000);
        QCOMPARE(*AuditRepository((*ws)->db(), m_clock).count(), audited + 1);
    }

    void listsEverySkillOnDiskWithoutARecord()
    {
        // A home before its first curator run: skills on disk, no .usage.json.
        QTemporaryDir dir;
        writeFileBytes(dir.filePath(QStringLiteral("config.yaml")), "curator:\n  stale_after_days: 14\n");
        for (const char* folder : {"deploy", "ops/notes", ".archive/old"})
            writeFileBytes(dir.filePath(QStringLiteral("skills/%1/SKILL.md").arg(QLatin1String(folder))),
                           QByteArray("---\nname: ") + QFileInfo(QLatin1String(folder)).fileName().toUtf8()
                               + "\n---\n");
        auto ws = sediment::test::openWorkspace(dir.path());
        QVERIFY(ws);
        SkillsPage page(**ws, m_clock);
        QCOMPARE(page.model()->rowCount(), 2);
        QCOMPARE(cell(page, QStringLiteral("deploy"), SkillTableModel::CreatedByColumn), QStringLiteral("user"));
        QCOMPARE(cell(page, QStringLiteral("notes"), SkillTableModel::StateColumn), QStringLiteral("active"));
        QCOMPARE(cell(page, QStringLiteral("old"), SkillTableModel::NameColumn), QStringLiteral("<no row>"));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("skills/.usage.json"))));
    }
};

QTEST_MAIN(SkillsPageHermesTest)
#include "skills_page_hermes_test.moc"
