// A person's edit of a Claude Code memory file (docs/user-guide.md#claude-code): the bytes land
// atomically with one audit row naming the file, a file changed on disk since it was read is not
// overwritten, and nothing outside the memory folders can be written this way.
#include "audit/AuditAction.h"
#include "claudecode/ClaudeMemoryEditor.h"
#include "FileBytes.h"
#include "HermesStaging.h"
#include "store/AuditRepository.h"
#include "store/JournalRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace sediment;

class ClaudeMemoryEditorTest final : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_ws;
    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<Workspace> m_workspace;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 28), QTime(9, 0), QTimeZone::utc())};

    QString topic() const
    {
        return m_home->path() + QStringLiteral("/.claude/projects/-home-ana-shop/memory/feedback_tests.md");
    }
    static QByteArray read(const QString& path) { return sediment::test::readAll(path); }
    static void write(const QString& path, const QByteArray& bytes) { sediment::test::writeFileBytes(path, bytes); }
    std::vector<AuditEntry> rows()
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
        write(topic(), "---\nname: Tests\ndescription: run them\ntype: feedback\n---\nRun ctest.\n");
    }

    void writesTheFileWithOneAuditRowNamingIt()
    {
        const QByteArray loaded = read(topic());
        const QString next =
            QStringLiteral("---\nname: Tests\ndescription: run them\ntype: feedback\n---\nRun ctest -j1.\n");
        auto saved = ClaudeMemoryEditor(*m_workspace, m_clock, m_home->path())
                         .save(topic(), loaded, next, QStringLiteral("human:ana"));
        QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
        QVERIFY(*saved);
        QCOMPARE(read(topic()), next.toUtf8());
        const auto audit = rows();
        QCOMPARE(audit.size(), std::size_t(1));
        QCOMPARE(audit[0].action, toString(AuditAction::ClaudeMemoryEdit));
        QCOMPARE(audit[0].subjectId, topic());
        QCOMPARE(audit[0].actor, QStringLiteral("human:ana"));
        QCOMPARE(audit[0].before, std::optional<QString>(QString::fromUtf8(loaded)));
        QCOMPARE(audit[0].after, std::optional<QString>(next));
        // The journal row is closed: nothing is left for a settler.
        auto open = JournalRepository(m_workspace->db()).anyOpen();
        QVERIFY(open);
        QVERIFY(!*open);
    }

    void createsAMissingIndex()
    {
        const QString index = QFileInfo(topic()).absolutePath() + QStringLiteral("/MEMORY.md");
        auto saved = ClaudeMemoryEditor(*m_workspace, m_clock, m_home->path())
                         .save(index, std::nullopt, QStringLiteral("- [Tests](feedback_tests.md) — run them\n"),
                               QStringLiteral("human:ana"));
        QVERIFY(saved && *saved);
        QCOMPARE(read(index), QByteArray("- [Tests](feedback_tests.md) — run them\n"));
        QCOMPARE(rows().size(), std::size_t(1));
        QVERIFY(!rows()[0].before);
    }

    void leavesAnUnchangedFileAndTheLogAlone()
    {
        const QByteArray loaded = read(topic());
        auto saved = ClaudeMemoryEditor(*m_workspace, m_clock, m_home->path())
                         .save(topic(), loaded, QString::fromUtf8(loaded), QStringLiteral("human:ana"));
        QVERIFY(saved);
        QVERIFY(!*saved);
        QVERIFY(rows().empty());
    }

    void refusesAFileChangedOnDiskSinceItWasRead()
    {
        const QByteArray loaded = read(topic());
        write(topic(), "---\nname: Tests\ntype: feedback\n---\nClaude wrote this meanwhile.\n");
        auto saved = ClaudeMemoryEditor(*m_workspace, m_clock, m_home->path())
                         .save(topic(), loaded, QStringLiteral("mine"), QStringLiteral("human:ana"));
        QVERIFY(!saved);
        QCOMPARE(saved.error().kind, ErrorKind::Refused);
        QVERIFY(saved.error().message.contains(QStringLiteral("changed on disk")));
        QVERIFY(read(topic()).contains("meanwhile"));
        QVERIFY(rows().empty());
    }

    void refusesAFileOutsideTheMemoryFolders()
    {
        const QString directive = m_home->path() + QStringLiteral("/.claude/CLAUDE.md");
        const QString settings = m_home->path() + QStringLiteral("/.claude/settings.json");
        for (const QString& path : {directive, settings}) {
            auto saved = ClaudeMemoryEditor(*m_workspace, m_clock, m_home->path())
                             .save(path, std::nullopt, QStringLiteral("x"), QStringLiteral("human:ana"));
            QVERIFY(!saved);
            QCOMPARE(saved.error().kind, ErrorKind::Refused);
            QVERIFY(!QFile::exists(path));
        }
        QVERIFY(rows().empty());
    }
};

QTEST_GUILESS_MAIN(ClaudeMemoryEditorTest)
#include "claude_memory_editor_test.moc"
