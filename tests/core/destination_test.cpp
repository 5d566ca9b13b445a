// Destination's spelling is what agents send and what the inbox stores: each destination keeps
// exactly its word, and a word that is not one is an error, never a guess.
#include "model/Destination.h"

#include <QTest>

using namespace sediment;

class DestinationTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachDestinationIsSpeltAsProposalsSendIt()
    {
        QCOMPARE(toString(Destination::Memory), QStringLiteral("memory"));
        QCOMPARE(toString(Destination::User), QStringLiteral("user"));
        QCOMPARE(toString(Destination::ClaudeMd), QStringLiteral("claude_md"));
        QCOMPARE(toString(Destination::SettingsJson), QStringLiteral("settings_json"));
        QCOMPARE(toString(Destination::BrainInbox), QStringLiteral("brain_inbox"));
        QCOMPARE(toString(Destination::Skill), QStringLiteral("skill"));
        QCOMPARE(toString(Destination::ChantierOutil), QStringLiteral("chantier_outil"));
    }

    void everyDestinationRoundTrips()
    {
        for (const Destination d : allWords<Destination>()) {
            auto back = parseWord<Destination>(toString(d));
            QVERIFY2(back, qPrintable(toString(d)));
            QVERIFY(*back == d);
        }
    }

    void theListHasEachDestinationOnceInTheDocumentedOrder()
    {
        QCOMPARE(allWords<Destination>().size(), size_t(8));
        QCOMPARE(wordTexts<Destination>(),
                 (QStringList{QStringLiteral("memory"), QStringLiteral("user"), QStringLiteral("claude_md"),
                              QStringLiteral("settings_json"), QStringLiteral("brain_inbox"), QStringLiteral("skill"),
                              QStringLiteral("chantier_outil"), QStringLiteral("claude_memory")}));
    }

    void anUnknownWordIsAnInvalidErrorNamingIt()
    {
        for (const char* word : {"", "Memory", "claude-md", "settings.json", "notes", " user"}) {
            auto d = parseWord<Destination>(QString::fromLatin1(word));
            QVERIFY2(!d, word);
            QCOMPARE(d.error().kind, ErrorKind::Invalid);
            QCOMPARE(d.error().message, QStringLiteral("unknown destination '%1'").arg(QLatin1String(word)));
        }
    }

    void theMemoryStoresAndTheNotesAreTheirOwnGroups()
    {
        for (const Destination d : allWords<Destination>()) {
            QCOMPARE(isMemoryStore(d), d == Destination::Memory || d == Destination::User);
            QCOMPARE(isNote(d), d == Destination::BrainInbox || d == Destination::ChantierOutil);
        }
    }
};

QTEST_GUILESS_MAIN(DestinationTest)
#include "destination_test.moc"
