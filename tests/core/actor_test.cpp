// One rule for who acted (core/audit/Actor): the same person is the same name in every audit
// row, whichever verb or page wrote it.
#include "agents/Agents.h"
#include "audit/Actor.h"
#include "workspace/Workspace.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class ActorTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theReviewerOfTheWorkspaceNamesBothKinds()
    {
        QTemporaryDir dir;
        QFile config(dir.filePath(QStringLiteral("sediment.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(R"({"reviewer": "ana"})");
        config.close();
        auto ws = Agents::open(dir.path());
        QVERIFY2(ws, ws ? "" : qPrintable(ws.error().message));
        QCOMPARE(Actor::human(**ws), QStringLiteral("human:ana"));
        QCOMPARE(Actor::cli(**ws), QStringLiteral("cli:ana"));
        QCOMPARE(Actor::human(QStringLiteral("bo")), QStringLiteral("human:bo"));
    }

    void withoutAReviewerTheLoginNameThenFounder()
    {
        QTemporaryDir dir;
        const QByteArray user = qgetenv("USER");
        const QByteArray logname = qgetenv("LOGNAME");
        qputenv("USER", "");
        qputenv("LOGNAME", "lee");
        auto ws = Agents::open(dir.path());
        QVERIFY(ws);
        QCOMPARE(Actor::cli(**ws), QStringLiteral("cli:lee"));
        qputenv("LOGNAME", "");
        QCOMPARE(Actor::cli(**ws), QStringLiteral("cli:founder"));
        QCOMPARE(Actor::human(**ws), QStringLiteral("human:founder"));
        qputenv("USER", user);
        qputenv("LOGNAME", logname);
    }

    void theActorsThatAreNotPeopleKeepTheirAuditNames()
    {
        QCOMPARE(Actor::agent(QStringLiteral("hermes")), QStringLiteral("agent:hermes"));
        QCOMPARE(Actor::gate(QStringLiteral("score-then-human")), QStringLiteral("gate:score-then-human"));
        QCOMPARE(Actor::curator(), QStringLiteral("curator"));
        QCOMPARE(Actor::autoReviewer(), QStringLiteral("auto"));
    }

    void aDecisionReviewIsSignedByTheAutoReviewerOrAPerson()
    {
        QCOMPARE(Actor::reviewing(QStringLiteral("auto")), QStringLiteral("auto"));
        QCOMPARE(Actor::reviewing(QStringLiteral("ana")), QStringLiteral("human:ana"));
    }

    void thePersonOfAHumanActorIsTheNameAfterThePrefix()
    {
        QCOMPARE(Actor::personOf(QStringLiteral("human:ana")), QStringLiteral("ana"));
        QCOMPARE(Actor::personOf(QStringLiteral("human:")), QString());
        QCOMPARE(Actor::personOf(QStringLiteral("gate:score")), QStringLiteral("gate:score"));
        QCOMPARE(Actor::personOf(QStringLiteral("cli:ana")), QStringLiteral("cli:ana"));
    }
};

QTEST_GUILESS_MAIN(ActorTest)
#include "actor_test.moc"
