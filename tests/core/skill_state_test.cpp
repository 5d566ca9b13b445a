// A skill's state is stored, filtered on and moved between by the curator: each state keeps the
// word the skills table has always held, and a word that is not one is an error, never a guess.
#include "model/SkillState.h"

#include <QTest>

using namespace sediment;

class SkillStateTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void statesKeepTheirWordsInOrder()
    {
        QCOMPARE(toString(SkillState::Active), QStringLiteral("active"));
        QCOMPARE(toString(SkillState::Stale), QStringLiteral("stale"));
        QCOMPARE(toString(SkillState::Archived), QStringLiteral("archived"));
        QCOMPARE(wordTexts<SkillState>(),
                 (QStringList{QStringLiteral("active"), QStringLiteral("stale"), QStringLiteral("archived")}));
    }

    void everyWordRoundTripsAndOthersAreRefused()
    {
        for (const SkillState s : {SkillState::Active, SkillState::Stale, SkillState::Archived}) {
            auto back = parseWord<SkillState>(toString(s));
            QVERIFY(back && *back == s);
            QVERIFY(isWord(toString(s), s));
        }
        QVERIFY(!isWord(QStringLiteral("active"), SkillState::Stale));
        for (const char* word : {"Active", "archive", "", "pinned"}) {
            auto r = parseWord<SkillState>(QString::fromLatin1(word));
            QVERIFY2(!r, word);
            QVERIFY2(r.error().message.contains(QStringLiteral("skill state")), qPrintable(r.error().message));
        }
    }

    void theWordIsOneSharedString()
    {
        // Rows read in their thousands hold the state without a copy each.
        QVERIFY(toString(SkillState::Stale).constData() == toString(SkillState::Stale).constData());
    }
};

QTEST_GUILESS_MAIN(SkillStateTest)
#include "skill_state_test.moc"
