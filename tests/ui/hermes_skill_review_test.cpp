// The desktop flow for a staged Hermes skill write, offscreen: the record is imported, the
// detail pane shows Hermes' gist and a word-level diff of the skill on disk against the patch
// as Hermes would match it, and `A` applies it, settling the staged record.
#include "FileBytes.h"
#include "hermes/PendingQueue.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxPage.h"
#include "inbox/WritePlanView.h"
#include "shared/DiffView.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace sediment;
using namespace sediment::ui;

namespace {

const QByteArray kSkill = "---\nname: deploy\ndescription: Ship the app\n---\n\n1. Build the bundle.\n"
                          "2. Upload it.\n";

} // namespace

class HermesSkillReviewTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 23), QTime(9, 0), Qt::UTC)};

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    void write(const QString& rel, const QByteArray& bytes) { test::writeFileBytes(path(rel), bytes); }
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
        write(QStringLiteral("config.yaml"), "skills:\n  write_approval: true\n");
        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill);
        const Json record = {{"id", "dd000001"},
                             {"subsystem", "skills"},
                             {"action", "patch"},
                             {"summary", "patch 'deploy' SKILL.md (+1/-1 lines)"},
                             {"origin", "background_review"},
                             {"created_at", 1795400000.0},
                             {"payload",
                              {{"action", "patch"},
                               {"name", "deploy"},
                               {"old_string", "  2. Upload it."},
                               {"new_string", "2. Upload it to the staging bucket."},
                               {"replace_all", false}}}};
        write(QStringLiteral("pending/skills/dd000001.json"), QByteArray::fromStdString(record.dump(2)));
        auto ws = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(ws.has_value());
        m_ws = std::move(*ws);
        auto report = PendingQueue(*m_ws, m_clock).importAll(QStringLiteral("human:founder"));
        QVERIFY(report.has_value());
        QCOMPARE(report->imported.size(), std::size_t(1));
    }

    void cleanup() { m_ws.reset(); }

    void showsTheGistAndAWordDiffThenAppliesWithA()
    {
        InboxPage page(*m_ws, m_clock);
        page.resize(1200, 800);
        page.show();
        QApplication::setActiveWindow(&page);
        QVERIFY(QTest::qWaitForWindowActive(&page));
        const qint64 id = inboxIdOf("dd000001");
        QVERIFY(page.selectId(id));
        const WritePlanView* plan = page.detail()->writePlan();
        QCOMPARE(plan->summaryText(), QStringLiteral("patch 'deploy' SKILL.md (+1/-1 lines)"));
        const DiffView* diff = page.detail()->diffView();
        const QString html = diff->diffHtml();
        // The fuzzy matcher found the line despite the indentation; the diff is the file's.
        QVERIFY2(html.contains(QStringLiteral("skills/deploy/SKILL.md now")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("Build the bundle")));
        QVERIFY(html.contains(QStringLiteral("staging")));
        QCOMPARE(diff->changedWordCount() > 0, true);

        page.table()->setFocus();
        QTest::keyClick(page.table(), Qt::Key_A);
        auto item = InboxRepository(m_ws->db()).find(id);
        QVERIFY(item && *item);
        QCOMPARE((*item)->status, QStringLiteral("applied"));
        QFile f(path(QStringLiteral("skills/deploy/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("2. Upload it to the staging bucket.\n"));
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/skills/dd000001.json"))));
    }

    // A patch whose old_string is not in the skill: the reason it would fail, over what it looks for.
    void aPatchThatDoesNotApplySaysWhyBeforeApproval()
    {
        const Json record = {{"id", "dd000002"},
                             {"subsystem", "skills"},
                             {"action", "patch"},
                             {"summary", "patch 'deploy' SKILL.md"},
                             {"created_at", 1795400100.0},
                             {"payload",
                              {{"action", "patch"},
                               {"name", "deploy"},
                               {"old_string", "3. Celebrate."},
                               {"new_string", "3. Tell the channel."}}}};
        write(QStringLiteral("pending/skills/dd000002.json"), QByteArray::fromStdString(record.dump(2)));
        auto report = PendingQueue(*m_ws, m_clock).importAll(QStringLiteral("human:founder"));
        QVERIFY(report.has_value());
        InboxPage page(*m_ws, m_clock);
        page.resize(1200, 800);
        page.show();
        QVERIFY(page.selectId(inboxIdOf("dd000002")));
        const QString html = page.detail()->diffView()->diffHtml();
        QVERIFY2(html.contains(QStringLiteral("Approval would fail: Could not find a match for old_string")),
                 qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("What the patch looks for in skill")), qPrintable(html));
        QVERIFY(html.contains(QStringLiteral("Celebrate")));
    }

    // Hermes keeps a staged write whose approval failed: the pane says how to go on, and `A`
    // tries it again once the skill holds what the patch looks for.
    void aFailedWriteSaysHowToGoOnAndATriesItAgain()
    {
        const Json record = {{"id", "dd000003"},
                             {"subsystem", "skills"},
                             {"action", "patch"},
                             {"summary", "patch 'deploy' SKILL.md"},
                             {"created_at", 1795400200.0},
                             {"payload",
                              {{"action", "patch"},
                               {"name", "deploy"},
                               {"old_string", "3. Celebrate."},
                               {"new_string", "3. Tell the channel."}}}};
        write(QStringLiteral("pending/skills/dd000003.json"), QByteArray::fromStdString(record.dump(2)));
        QVERIFY(PendingQueue(*m_ws, m_clock).importAll(QStringLiteral("human:founder")).has_value());
        const qint64 id = inboxIdOf("dd000003");
        InboxPage page(*m_ws, m_clock);
        page.resize(1200, 800);
        page.show();
        QApplication::setActiveWindow(&page);
        QVERIFY(QTest::qWaitForWindowActive(&page));
        QVERIFY(page.selectId(id));
        page.table()->setFocus();
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE((*InboxRepository(m_ws->db()).find(id))->status, QStringLiteral("failed"));
        QVERIFY(QFile::exists(path(QStringLiteral("pending/skills/dd000003.json"))));

        page.searchBox()->setText(QStringLiteral("status:failed"));
        page.applyQuery();
        QVERIFY(page.selectId(id));
        const auto* banner = page.detail()->findChild<QLabel*>(QStringLiteral("detailBanner"));
        QVERIFY(banner && banner->isVisible());
        QVERIFY2(banner->text().startsWith(QStringLiteral("Failed: Could not find a match for old_string")),
                 qPrintable(banner->text()));
        QVERIFY(banner->text().endsWith(QStringLiteral("Press A to try again, E to patch it, or R to refuse it.")));

        write(QStringLiteral("skills/deploy/SKILL.md"), kSkill + "3. Celebrate.\n");
        page.table()->setFocus();
        QTest::keyClick(page.table(), Qt::Key_A);
        QCOMPARE((*InboxRepository(m_ws->db()).find(id))->status, QStringLiteral("applied"));
        QFile f(path(QStringLiteral("skills/deploy/SKILL.md")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().endsWith("2. Upload it.\n3. Tell the channel.\n"));
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/skills/dd000003.json"))));
    }
};

QTEST_MAIN(HermesSkillReviewTest)
#include "hermes_skill_review_test.moc"
