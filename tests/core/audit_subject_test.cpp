// An audit row's subject type is hashed into the chain and filtered on: each subject keeps exactly
// the word the log has always held, and AuditRow::of, the one way a row is begun, writes those
// words and nothing else.
#include "audit/AuditRow.h"
#include "audit/AuditSubject.h"

#include <QSet>
#include <QTest>

using namespace sediment;

class AuditSubjectTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void subjectsKeepTheWordsTheLogHolds()
    {
        QCOMPARE(toString(AuditSubject::InboxItem), QStringLiteral("inbox_item"));
        QCOMPARE(toString(AuditSubject::Memory), QStringLiteral("memory"));
        QCOMPARE(toString(AuditSubject::SkillsUsage), QStringLiteral("skills_usage"));
        QCOMPARE(toString(AuditSubject::CalibrationSnapshot), QStringLiteral("calibration_snapshot"));
        QCOMPARE(toString(AuditSubject::HermesStaged), QStringLiteral("hermes_staged"));
        QCOMPARE(toString(AuditSubject::ClaudeMemory), QStringLiteral("claude_memory"));
        QCOMPARE(toString(AuditSubject::Reviewer), QStringLiteral("reviewer"));
    }

    void everySubjectRoundTripsAndIsSpeltOnce()
    {
        QSet<QString> seen;
        for (std::size_t i = 0; i < kAuditSubjectCount; ++i) {
            const AuditSubject s = allWords<AuditSubject>()[i];
            QVERIFY(s == static_cast<AuditSubject>(i)); // a table missing one would repeat another
            const QString text = toString(s);
            QVERIFY(!text.isEmpty());
            QVERIFY2(!seen.contains(text), qPrintable(text));
            seen.insert(text);
            auto back = parseWord<AuditSubject>(text);
            QVERIFY2(back, qPrintable(text));
            QVERIFY(*back == s);
            QVERIFY(isWord(text, s));
        }
        QCOMPARE(seen.size(), qsizetype(kAuditSubjectCount));
    }

    void anUnknownWordIsAnErrorNeverAGuess()
    {
        for (const char* word : {"Inbox_Item", "inbox", "", "skills"}) {
            auto r = parseWord<AuditSubject>(QString::fromLatin1(word));
            QVERIFY2(!r, word);
            QVERIFY2(r.error().message.contains(QStringLiteral("audit subject")), qPrintable(r.error().message));
        }
    }

    void aRowBeginsWithItsFourWordsOnly()
    {
        const AuditEntry e =
            AuditRow::of(QStringLiteral("human:ana"), AuditAction::ScarAdd, AuditSubject::Scar, QStringLiteral("7"));
        QCOMPARE(e.actor, QStringLiteral("human:ana"));
        QCOMPARE(e.action, QStringLiteral("scar.add"));
        QCOMPARE(e.subjectType, QStringLiteral("scar"));
        QCOMPARE(e.subjectId, QStringLiteral("7"));
        QVERIFY(e.at.isEmpty() && e.hash.isEmpty() && e.prevHash.isEmpty()); // the repository stamps those
        QVERIFY(!e.reason && !e.before && !e.after);
        QVERIFY(e.details.is_object() && e.details.empty());
    }
};

QTEST_GUILESS_MAIN(AuditSubjectTest)
#include "audit_subject_test.moc"
