// What the Claude Code hook files (ClaudeCodeStager): the same write is one item whichever folder
// of the session asked for it, and items a workspace holds from before the session's folder left
// the content hash are still found, pending or refused, when the same write comes again from
// their own folder.
#include "claudecode/ClaudeCodeOp.h"
#include "claudecode/ClaudeCodeStager.h"
#include "model/Destination.h"
#include "model/InboxItem.h"
#include "proposal/ProposalValidator.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class ClaudeCodeStagerTest final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_home;
    QString m_project;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC)};

    ClaudeHookCall write(const QString& cwd, const char* content) const
    {
        ClaudeHookCall call;
        call.sessionId = QStringLiteral("s1");
        call.cwd = cwd;
        call.eventName = QStringLiteral("PreToolUse");
        call.toolName = QStringLiteral("Write");
        call.toolUseId = QStringLiteral("t1");
        call.toolInput = Json{{"file_path", toStd(memoryFile())}, {"content", content}};
        return call;
    }

    QString memoryFile() const { return m_home + QStringLiteral("/.claude/projects/-p/memory/a.md"); }

    // An item as the hook filed it before: its hash taken over the op with its `cwd`.
    static qint64 fileAsBefore(Workspace& ws, const ClaudeHookCall& call, InboxStatus status)
    {
        InboxItem item;
        item.destination = toString(Destination::ClaudeMemory);
        item.op = call.toolInput;
        item.op["tool"] = "Write";
        item.op["cwd"] = toStd(call.cwd);
        item.contentHash = ProposalValidator::contentHash(item.destination, item.op);
        item.rationale = QStringLiteral("before");
        item.agent = QStringLiteral("claude-code");
        item.createdAt = QStringLiteral("2026-11-28T12:00:00Z");
        item.setStatus(status);
        if (status == InboxStatus::Refused) {
            item.reason = QStringLiteral("no");
            item.refusalCode = QStringLiteral("wrong");
            item.decidedAt = item.createdAt;
            item.decidedBy = QStringLiteral("human:ada");
        }
        auto id = InboxRepository(ws.db()).insert(item);
        return id ? *id : -1;
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
        m_home = m_dir.path() + QStringLiteral("/home");
        m_project = m_dir.path() + QStringLiteral("/p");
        QDir().mkpath(m_project + QStringLiteral("/src"));
        QDir().mkpath(m_dir.path() + QStringLiteral("/ws"));
    }

    void sameWriteFromAnotherFolderIsSeenAgain()
    {
        auto ws = Workspace::open(m_dir.path() + QStringLiteral("/ws"));
        QVERIFY(ws.has_value());
        ClaudeCodeStager stager(**ws, m_clock, m_home);
        auto first = stager.stage(write(m_project, "same"), ClaudeFileKind::Memory);
        QVERIFY2(first.has_value(), first ? "" : qPrintable(first.error().message));
        auto again = stager.stage(write(m_project + QStringLiteral("/src"), "same"), ClaudeFileKind::Memory);
        QVERIFY(again.has_value());
        QCOMPARE(again->id, first->id);
        QCOMPARE(again->seen, 2);
        auto other = stager.stage(write(m_project, "other"), ClaudeFileKind::Memory);
        QVERIFY(other.has_value());
        QVERIFY(other->id != first->id);
    }

    void itemFiledBeforeIsFoundFromItsOwnFolder()
    {
        auto ws = Workspace::open(m_dir.path() + QStringLiteral("/ws"));
        QVERIFY(ws.has_value());
        const qint64 old = fileAsBefore(**ws, write(m_project, "same"), InboxStatus::Pending);
        QVERIFY(old > 0);
        auto again = ClaudeCodeStager(**ws, m_clock, m_home).stage(write(m_project, "same"), ClaudeFileKind::Memory);
        QVERIFY2(again.has_value(), again ? "" : qPrintable(again.error().message));
        QCOMPARE(again->id, old);
        QCOMPARE(again->seen, 2);
    }

    void writeRefusedBeforeIsRefusedAgain()
    {
        auto ws = Workspace::open(m_dir.path() + QStringLiteral("/ws"));
        QVERIFY(ws.has_value());
        QVERIFY(fileAsBefore(**ws, write(m_project, "same"), InboxStatus::Refused) > 0);
        auto again = ClaudeCodeStager(**ws, m_clock, m_home).stage(write(m_project, "same"), ClaudeFileKind::Memory);
        QVERIFY2(again.has_value(), again ? "" : qPrintable(again.error().message));
        QVERIFY(again->refused.has_value());
    }
};

QTEST_GUILESS_MAIN(ClaudeCodeStagerTest)
#include "claude_code_stager_test.moc"
