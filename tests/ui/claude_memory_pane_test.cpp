// The Memory page's Claude Code tab offscreen (docs/user-guide.md#claude-code), on a home with a
// real Claude Code project: the project, its index and its topic files with their type and
// description; an edit saved from the page lands in the file with an audit row naming it; a
// file Claude Code rewrote meanwhile is not overwritten.
#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditPage.h"
#include "audit/AuditTableModel.h"
#include "FileBytes.h"
#include "HermesStaging.h"
#include "memory/ClaudeMemoryPane.h"
#include "memory/MemoryPage.h"
#include "store/AuditRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace sediment;

class ClaudeMemoryPaneTest final : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_ws;
    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<Workspace> m_workspace;
    QByteArray m_realHome = qgetenv("HOME");
    FixedClock m_clock{QDateTime(QDate(2026, 11, 28), QTime(9, 0), QTimeZone::utc())};

    QString memory(const QString& file) const
    {
        return m_home->path() + QStringLiteral("/.claude/projects/-home-ana-shop/memory/") + file;
    }
    static QByteArray read(const QString& path) { return sediment::test::readAll(path); }
    static void write(const QString& path, const QByteArray& bytes) { sediment::test::writeFileBytes(path, bytes); }
    std::vector<AuditEntry> claudeRows()
    {
        auto r = AuditRepository(m_workspace->db(), m_clock)
                     .list({QStringLiteral("claude_memory"), QString(), QString(), QString(), 0, -1, false});
        return r ? *r : std::vector<AuditEntry>();
    }

private Q_SLOTS:
    void init()
    {
        m_ws = std::make_unique<QTemporaryDir>();
        m_home = std::make_unique<QTemporaryDir>();
        write(m_ws->path() + QStringLiteral("/sediment.json"), R"({"reviewer": "ana"})");
        auto ws = sediment::test::openWorkspace(m_ws->path());
        QVERIFY(ws.has_value());
        m_workspace = std::move(*ws);
        write(memory(QStringLiteral("MEMORY.md")), "- [Run the tests first](feedback_tests.md) — before a commit\n");
        write(memory(QStringLiteral("feedback_tests.md")), "---\nname: Run the tests first\n"
                                                           "description: Ana wants ctest run before every commit\n"
                                                           "type: feedback\n---\nRun ctest.\n");
        write(memory(QStringLiteral("reference_dashboards.md")),
              "---\nmetadata:\n  name: Dashboards\n  description: Grafana boards for the shop\n"
              "  type: reference\n---\nhttps://grafana.example/shop\n");
        // The page reads the user's home: the test's own.
        qputenv("HOME", m_home->path().toUtf8());
    }

    void cleanup() { qputenv("HOME", m_realHome); }

    void listsTheProjectsIndexAndTopicsWithTypeAndDescription()
    {
        ui::MemoryPage page(*m_workspace, m_clock);
        QVERIFY(page.showSection(QStringLiteral("claude-code")));
        page.show();
        auto* tabs = page.findChild<QTabWidget*>(QStringLiteral("memorySources"));
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Claude Code (1)"));
        ui::ClaudeMemoryPane* pane = page.claudePane();
        QCOMPARE(pane->projectCount(), 1);
        const QStringList rows = pane->listing();
        QCOMPARE(rows.value(0), QStringLiteral("-home-ana-shop"));
        QVERIFY(rows.value(1).startsWith(QStringLiteral("  MEMORY.md | index | ")));
        QCOMPARE(rows.value(2),
                 QStringLiteral("  feedback_tests.md | feedback | Ana wants ctest run before every commit"));
        QCOMPARE(rows.value(3), QStringLiteral("  reference_dashboards.md | reference | Grafana boards for the shop"));
        // The pane opens on the index, not on an empty editor.
        QCOMPARE(pane->openPath(), memory(QStringLiteral("MEMORY.md")));
        QVERIFY(pane->editorText().contains(QStringLiteral("[Run the tests first](feedback_tests.md)")));
    }

    void anEditSavedFromThePageIsWrittenAndAudited()
    {
        ui::MemoryPage page(*m_workspace, m_clock);
        page.show();
        QSignalSpy changed(&page, &ui::Page::workspaceChanged);
        ui::ClaudeMemoryPane* pane = page.claudePane();
        const QString path = memory(QStringLiteral("feedback_tests.md"));
        QVERIFY(pane->openFile(path));
        const QString next =
            pane->editorText().replace(QStringLiteral("type: feedback"), QStringLiteral("type: project"));
        pane->setEditorText(next);
        auto saved = pane->save();
        QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
        QVERIFY(*saved);
        QCOMPARE(read(path), next.toUtf8());
        QCOMPARE(changed.count(), 1);
        // The listing follows the file's new type.
        QVERIFY(pane->listing().contains(
            QStringLiteral("  feedback_tests.md | project | Ana wants ctest run before every commit")));
        const auto rows = claudeRows();
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(rows[0].action, toString(AuditAction::ClaudeMemoryEdit));
        QCOMPARE(rows[0].subjectId, path);
        QCOMPARE(rows[0].actor, Actor::human(*m_workspace)); // on a team server, its role
        QCOMPARE(rows[0].after, std::optional<QString>(next));

        // The Audit page lists it like any other row, filtered by its subject.
        ui::AuditPage audit(*m_workspace, m_clock);
        QComboBox* subjects = audit.subjectTypeBox();
        subjects->setCurrentIndex(subjects->findData(QStringLiteral("claude_memory")));
        QVERIFY(subjects->currentIndex() > 0);
        audit.applyFilter();
        QCOMPARE(audit.model()->rowCount(), 1);
        QCOMPARE(audit.model()->data(audit.model()->index(0, ui::AuditTableModel::ActionColumn)).toString(),
                 QStringLiteral("claude_memory.edit"));
        QVERIFY(
            audit.model()->data(audit.model()->index(0, ui::AuditTableModel::SubjectColumn)).toString().contains(path));
    }

    void aFileClaudeRewroteMeanwhileIsNotOverwritten()
    {
        ui::MemoryPage page(*m_workspace, m_clock);
        ui::ClaudeMemoryPane* pane = page.claudePane();
        const QString path = memory(QStringLiteral("feedback_tests.md"));
        QVERIFY(pane->openFile(path));
        pane->setEditorText(QStringLiteral("mine"));
        write(path, "---\nname: Run the tests first\ntype: feedback\n---\nClaude's newer text.\n");
        auto saved = pane->save();
        QVERIFY(!saved);
        QVERIFY(saved.error().message.contains(QStringLiteral("changed on disk")));
        QVERIFY(read(path).contains("Claude's newer text."));
        QCOMPARE(pane->editorText(), QStringLiteral("mine")); // the person's text is not lost
        QVERIFY(claudeRows().empty());
    }

    void followsAFileClaudeCodeRewrites()
    {
        ui::MemoryPage page(*m_workspace, m_clock);
        QVERIFY(page.showSection(QStringLiteral("claude-code")));
        page.show();
        ui::ClaudeMemoryPane* pane = page.claudePane();
        const QString path = memory(QStringLiteral("feedback_tests.md"));
        QVERIFY(pane->openFile(path));
        write(path, "---\nname: Run the tests first\ndescription: Now with the slow suite\ntype: feedback\n---\n"
                    "Run ctest, slow suite included.\n");
        pane->checkDisk(); // what the pane's timer does
        QVERIFY(pane->listing().contains(QStringLiteral("  feedback_tests.md | feedback | Now with the slow suite")));
        QVERIFY(pane->editorText().contains(QStringLiteral("slow suite included")));
    }

    void aHomeWithoutClaudeShowsHowToStart()
    {
        qputenv("HOME", QDir::tempPath().toUtf8() + "/no-such-home-for-sediment");
        ui::MemoryPage page(*m_workspace, m_clock);
        QCOMPARE(page.claudePane()->projectCount(), 0);
        QVERIFY(page.claudePane()->listing().isEmpty());
    }
};

QTEST_MAIN(ClaudeMemoryPaneTest)
#include "claude_memory_pane_test.moc"
