// InboxStatus's spelling is persisted and searched for: each status keeps exactly the word the
// inbox has always written, and a word that is not one is an error, never a guess.
#include "model/InboxStatus.h"

#include <QSet>
#include <QTest>

using namespace sediment;

class InboxStatusTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachStatusIsSpeltAsTheInboxPersistsIt()
    {
        QCOMPARE(toString(InboxStatus::Pending), QStringLiteral("pending"));
        QCOMPARE(toString(InboxStatus::Applied), QStringLiteral("applied"));
        QCOMPARE(toString(InboxStatus::Failed), QStringLiteral("failed"));
        QCOMPARE(toString(InboxStatus::Refused), QStringLiteral("refused"));
        QCOMPARE(toString(InboxStatus::Modified), QStringLiteral("modified"));
        QCOMPARE(toString(InboxStatus::Reverted), QStringLiteral("reverted"));
        QCOMPARE(toString(InboxStatus::Rejected), QStringLiteral("rejected"));
        QCOMPARE(toString(InboxStatus::NeedsAttention), QStringLiteral("needs_attention"));
        QCOMPARE(toString(InboxStatus::Approved), QStringLiteral("approved"));
    }

    void everyStatusRoundTrips()
    {
        for (const InboxStatus s : allWords<InboxStatus>()) {
            const QString text = toString(s);
            QVERIFY(!text.isEmpty());
            auto back = parseWord<InboxStatus>(text);
            QVERIFY2(back, qPrintable(text));
            QVERIFY(*back == s);
        }
    }

    void theListHasEachStatusOnceInTheSearchOrder()
    {
        QCOMPARE(allWords<InboxStatus>().size(), size_t(9));
        QCOMPARE(
            wordTexts<InboxStatus>(),
            (QStringList{QStringLiteral("pending"), QStringLiteral("applied"), QStringLiteral("failed"),
                         QStringLiteral("refused"), QStringLiteral("modified"), QStringLiteral("reverted"),
                         QStringLiteral("rejected"), QStringLiteral("needs_attention"), QStringLiteral("approved")}));
        QCOMPARE(QSet<QString>(wordTexts<InboxStatus>().begin(), wordTexts<InboxStatus>().end()).size(), 9);
    }

    void anUnknownWordIsAnInvalidErrorNamingIt()
    {
        for (const char* word : {"", "Pending", "PENDING", "pending ", "accepted", "needs-attention"}) {
            auto s = parseWord<InboxStatus>(QString::fromLatin1(word));
            QVERIFY2(!s, word);
            QCOMPARE(s.error().kind, ErrorKind::Invalid);
            QCOMPARE(s.error().message, QStringLiteral("unknown inbox status '%1'").arg(QLatin1String(word)));
        }
    }

    void onlyAppliedAndModifiedWroteToTheStore()
    {
        for (const InboxStatus s : allWords<InboxStatus>())
            QCOMPARE(wroteToStore(s), s == InboxStatus::Applied || s == InboxStatus::Modified);
    }
};

QTEST_GUILESS_MAIN(InboxStatusTest)
#include "inbox_status_test.moc"
