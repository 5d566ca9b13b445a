// An audit row's action is hashed into the chain and filtered on: each action keeps exactly the
// word the log has always held, and a word that is not one is an error, never a guess.
#include "audit/AuditAction.h"

#include <QSet>
#include <QTest>

using namespace sediment;

class AuditActionTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void actionsKeepTheWordsTheLogHolds()
    {
        QCOMPARE(toString(AuditAction::ProposalApplied), QStringLiteral("proposal.applied"));
        QCOMPARE(toString(AuditAction::ProposalRejected), QStringLiteral("proposal.rejected"));
        QCOMPARE(toString(AuditAction::InboxMakeRoom), QStringLiteral("inbox.make_room"));
        QCOMPARE(toString(AuditAction::InboxUndoRefuse), QStringLiteral("inbox.undo_refuse"));
        QCOMPARE(toString(AuditAction::HermesImport), QStringLiteral("hermes_import"));
        QCOMPARE(toString(AuditAction::JournalNeedsAttention), QStringLiteral("journal.needs_attention"));
        QCOMPARE(toString(AuditAction::SkillsImported), QStringLiteral("skills.imported"));
        QCOMPARE(toString(AuditAction::SkillPinned), QStringLiteral("skill.pinned"));
        QCOMPARE(toString(AuditAction::CalibrationSnapshot), QStringLiteral("calibration.snapshot"));
        QCOMPARE(toString(AuditAction::TeamFilesHost), QStringLiteral("team.files_host"));
        QCOMPARE(toString(AuditAction::MemoryReplace), QStringLiteral("memory.replace"));
    }

    void everyActionRoundTripsAndIsSpeltOnce()
    {
        QSet<QString> seen;
        for (const AuditAction a : allWords<AuditAction>()) {
            const QString text = toString(a);
            QVERIFY(!text.isEmpty());
            QVERIFY2(!seen.contains(text), qPrintable(text));
            seen.insert(text);
            auto back = parseWord<AuditAction>(text);
            QVERIFY2(back, qPrintable(text));
            QVERIFY(*back == a);
        }
        QCOMPARE(seen.size(), qsizetype(kAuditActionCount));
    }

    void theListCoversEveryEnumerator()
    {
        // The enumerators are consecutive from 0, so a table missing one would repeat another.
        for (std::size_t i = 0; i < kAuditActionCount; ++i)
            QVERIFY(allWords<AuditAction>()[i] == static_cast<AuditAction>(i));
    }

    void aMemoryEditIsNamedByTheToolsOwnWord()
    {
        QVERIFY(*memoryEditAction(u"add") == AuditAction::MemoryAdd);
        QVERIFY(*memoryEditAction(u"replace") == AuditAction::MemoryReplace);
        QVERIFY(*memoryEditAction(u"remove") == AuditAction::MemoryRemove);
        QVERIFY(*memoryEditAction(u"batch") == AuditAction::MemoryBatch);
        for (const char16_t* word : {u"", u"Add", u"memory.add", u"delete"}) {
            auto a = memoryEditAction(word);
            QVERIFY(!a);
            QCOMPARE(a.error().message, QStringLiteral("unknown memory action '%1'").arg(QStringView(word)));
        }
    }

    void anUnknownWordIsAnInvalidErrorNamingIt()
    {
        for (const char* word : {"", "proposal", "proposal.Applied", "inbox.make-room", "memory.", "scar.delete"}) {
            auto a = parseWord<AuditAction>(QString::fromLatin1(word));
            QVERIFY2(!a, word);
            QCOMPARE(a.error().kind, ErrorKind::Invalid);
            QCOMPARE(a.error().message, QStringLiteral("unknown audit action '%1'").arg(QLatin1String(word)));
        }
    }
};

QTEST_GUILESS_MAIN(AuditActionTest)
#include "audit_action_test.moc"
