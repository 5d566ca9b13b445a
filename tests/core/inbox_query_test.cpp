#include "model/InboxQuery.h"

#include <QtTest>

using namespace sediment;

class InboxQueryTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void emptyQueryFiltersNothing()
    {
        auto f = InboxQuery::parse(QStringLiteral("   "));
        QVERIFY(f.has_value());
        QCOMPARE(*f, InboxFilter());
    }

    void freeWordsAndQuotedPhrasesAreTextTerms()
    {
        auto f = InboxQuery::parse(QStringLiteral("deploy \"dry run\" -flaky"));
        QVERIFY(f.has_value());
        QCOMPARE(f->text.include, (QStringList{QStringLiteral("deploy"), QStringLiteral("dry run")}));
        QCOMPARE(f->text.exclude, QStringList{QStringLiteral("flaky")});
    }

    void destinationValuesAreAlternativesAndCaseInsensitive()
    {
        auto f = InboxQuery::parse(QStringLiteral("dest:Memory,user dest:skill"));
        QVERIFY(f.has_value());
        QCOMPARE(f->destination.include,
                 (QStringList{QStringLiteral("memory"), QStringLiteral("user"), QStringLiteral("skill")}));
    }

    void negatedKeysGoToExclusions()
    {
        auto f = InboxQuery::parse(QStringLiteral("-dest:claude_md -agent:bot -status:refused"));
        QVERIFY(f.has_value());
        QCOMPARE(f->destination.exclude, QStringList{QStringLiteral("claude_md")});
        QCOMPARE(f->agent.exclude, QStringList{QStringLiteral("bot")});
        QCOMPARE(f->status.exclude, QStringList{QStringLiteral("refused")});
        QVERIFY(f->destination.include.isEmpty());
    }

    void profileNamesAreLoweredAsHermesDoes()
    {
        auto f = InboxQuery::parse(QStringLiteral("profile:Work,default -profile:night_owl"));
        QVERIFY(f.has_value());
        QCOMPARE(f->profile.include, (QStringList{QStringLiteral("work"), QStringLiteral("default")}));
        QCOMPARE(f->profile.exclude, QStringList{QStringLiteral("night_owl")});
    }

    void aProfileNameHermesWouldRefuseIsAnError()
    {
        auto f = InboxQuery::parse(QStringLiteral("profile:../etc"));
        QVERIFY(!f.has_value());
        QVERIFY(f.error().message.contains(QLatin1String("not a Hermes profile name")));
        QVERIFY(!InboxQuery::parse(QStringLiteral("profile:")).has_value());
    }

    void agentKeepsItsCaseAndAcceptsQuotes()
    {
        auto f = InboxQuery::parse(QStringLiteral("agent:\"Night Owl\""));
        QVERIFY(f.has_value());
        QCOMPARE(f->agent.include, QStringList{QStringLiteral("Night Owl")});
    }

    void scoreComparisonsParseEveryOperator()
    {
        auto f = InboxQuery::parse(QStringLiteral("score>=0.8 score<0.95 score>.1 score<=1 -score=0.5"));
        QVERIFY(f.has_value());
        QCOMPARE(f->score.size(), size_t(5));
        QCOMPARE(f->score[0].compare, InboxFilter::Compare::GreaterOrEqual);
        QCOMPARE(f->score[0].value, 0.8);
        QCOMPARE(f->score[1].compare, InboxFilter::Compare::Less);
        QCOMPARE(f->score[2].compare, InboxFilter::Compare::Greater);
        QCOMPARE(f->score[2].value, 0.1);
        QCOMPARE(f->score[3].compare, InboxFilter::Compare::LessOrEqual);
        QCOMPARE(f->score[4].compare, InboxFilter::Compare::Equal);
        QVERIFY(f->score[4].negated);
    }

    void isStaleAndItsNegation()
    {
        auto yes = InboxQuery::parse(QStringLiteral("is:stale"));
        auto no = InboxQuery::parse(QStringLiteral("-is:stale"));
        QVERIFY(yes.has_value() && no.has_value());
        QCOMPARE(yes->stale, std::optional<bool>(true));
        QCOMPARE(no->stale, std::optional<bool>(false));
    }

    void statusAllLiftsTheDefault()
    {
        auto f = InboxQuery::parse(QStringLiteral("status:all"));
        QVERIFY(f.has_value());
        QVERIFY(f->allStatuses);
        QVERIFY(f->status.isEmpty());
    }

    void unknownKeysAreSearchedAsText()
    {
        auto f = InboxQuery::parse(QStringLiteral("http://example.org"));
        QVERIFY(f.has_value());
        QCOMPARE(f->text.include, QStringList{QStringLiteral("http://example.org")});
    }

    void rejectsUnknownDestinationNamingTheChoices()
    {
        auto f = InboxQuery::parse(QStringLiteral("dest:memroy"));
        QVERIFY(!f.has_value());
        QCOMPARE(f.error().kind, ErrorKind::Invalid);
        QVERIFY(f.error().message.contains(QStringLiteral("memroy")));
        QVERIFY(f.error().message.contains(QStringLiteral("claude_md")));
    }

    void rejectsScoreWithoutANumber()
    {
        auto f = InboxQuery::parse(QStringLiteral("score>=high"));
        QVERIFY(!f.has_value());
        QVERIFY(f.error().message.contains(QStringLiteral("high")));
    }

    void rejectsUnknownStatusAndIsValue()
    {
        QVERIFY(!InboxQuery::parse(QStringLiteral("status:done")).has_value());
        QVERIFY(!InboxQuery::parse(QStringLiteral("is:fresh")).has_value());
        QVERIFY(!InboxQuery::parse(QStringLiteral("dest:")).has_value());
    }

    void loneDashIsIgnored()
    {
        auto f = InboxQuery::parse(QStringLiteral("- memory"));
        QVERIFY(f.has_value());
        QCOMPARE(f->text.include, QStringList{QStringLiteral("memory")});
        QVERIFY(f->text.exclude.isEmpty());
    }
};

QTEST_GUILESS_MAIN(InboxQueryTest)
#include "inbox_query_test.moc"
