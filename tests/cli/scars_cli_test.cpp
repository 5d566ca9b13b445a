#include "CliRun.h"
#include "TeamStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using Json = nlohmann::ordered_json;

class ScarsCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_ws;

    using Run = clitest::Run;

    Run sediment(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_ws.path(), args, input);
    }

    qint64 addScar(const QString& title, const QString& lesson, int importance, const QString& now,
                   const QStringList& extra = {})
    {
        const Run r =
            sediment(QStringList{QStringLiteral("scars"), QStringLiteral("add"), QStringLiteral("--title"), title,
                                 QStringLiteral("--lesson"), lesson, QStringLiteral("--importance"),
                                 QString::number(importance), QStringLiteral("--now"), now, QStringLiteral("--json")}
                     + extra);
        if (r.code != 0)
            qWarning("%s", r.err.constData());
        return r.code == 0 ? r.json()["id"].get<qint64>() : -1;
    }

private Q_SLOTS:
    void init()
    {
        sediment::test::removeStore(m_ws.filePath(QStringLiteral("sediment.db"))); // the file, or the server schema
        QFile::remove(m_ws.filePath(QStringLiteral("sediment.db-wal")));
        QFile::remove(m_ws.filePath(QStringLiteral("sediment.db-shm")));
    }

    void addListAndRecallWithRankingAndBump()
    {
        const qint64 old = addScar(QStringLiteral("migration deadlock"), QStringLiteral("take locks in order"), 9,
                                   QStringLiteral("2023-01-01T00:00:00Z"));
        const qint64 fresh = addScar(QStringLiteral("migration deadlock again"), QStringLiteral("add a lock timeout"),
                                     6, QStringLiteral("2026-05-30T00:00:00Z"));
        QVERIFY(old > 0 && fresh > 0);
        Run list = sediment({QStringLiteral("scars"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        QCOMPARE(int(list.json().size()), 2);

        Run recall =
            sediment({QStringLiteral("scars"), QStringLiteral("recall"), QStringLiteral("migration deadlock"),
                      QStringLiteral("--now"), QStringLiteral("2026-06-01T00:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(recall.code, 0);
        const Json hits = recall.json();
        QCOMPARE(int(hits.size()), 2);
        QCOMPARE(hits[0]["id"].get<qint64>(), fresh); // three years sink the more important one
        QVERIFY(hits[0]["score"].get<double>() > hits[1]["score"].get<double>());
        QVERIFY(hits[0].contains("similarity") && hits[0].contains("why"));

        list = sediment({QStringLiteral("scars"), QStringLiteral("list"), QStringLiteral("--json")});
        for (const Json& s : list.json()) {
            QCOMPARE(s["recall_count"].get<int>(), 1);
            QCOMPARE(s["last_recalled_at"].get<std::string>(), std::string("2026-06-01T00:00:00.000Z"));
        }
    }

    void archiveUnrecalledSparesRecalledScars()
    {
        const qint64 recalled =
            addScar(QStringLiteral("dns outage"), QStringLiteral("cache"), 5, QStringLiteral("2025-01-01T00:00:00Z"));
        const qint64 forgotten =
            addScar(QStringLiteral("font glitch"), QStringLiteral("x"), 5, QStringLiteral("2025-01-01T00:00:00Z"));
        QCOMPARE(sediment({QStringLiteral("scars"), QStringLiteral("recall"), QStringLiteral("dns"),
                           QStringLiteral("--now"), QStringLiteral("2025-02-01T00:00:00Z")})
                     .code,
                 0);
        const Run r = sediment({QStringLiteral("scars"), QStringLiteral("archive-unrecalled"),
                                QStringLiteral("--older-than"), QStringLiteral("90"), QStringLiteral("--now"),
                                QStringLiteral("2026-01-01T00:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["archived"] == Json::array({forgotten}));
        const Run all = sediment(
            {QStringLiteral("scars"), QStringLiteral("list"), QStringLiteral("--archived"), QStringLiteral("--json")});
        for (const Json& s : all.json())
            QCOMPARE(s["archived"].get<bool>(), s["id"].get<qint64>() != recalled);
        const Run audit = sediment({QStringLiteral("audit"), QStringLiteral("--json")});
        if (audit.code == 0)
            QVERIFY(audit.out.contains("scar.archive"));
    }

    void badInputIsOneErrorLineAndStoresNothing()
    {
        Run r = sediment({QStringLiteral("scars"), QStringLiteral("add"), QStringLiteral("--title"),
                          QStringLiteral("x"), QStringLiteral("--kind"), QStringLiteral("oops")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains("unknown --kind 'oops' (accepted: failure, victory)"));
        r = sediment({QStringLiteral("scars"), QStringLiteral("add"), QStringLiteral("--title"), QStringLiteral("x"),
                      QStringLiteral("--importance"), QStringLiteral("11")});
        QCOMPARE(r.code, 2);
        r = sediment({QStringLiteral("scars"), QStringLiteral("archive-unrecalled")});
        QCOMPARE(r.code, 2);
        r = sediment({QStringLiteral("scars"), QStringLiteral("recall"), QStringLiteral("x"), QStringLiteral("--k"),
                      QStringLiteral("0")});
        QCOMPARE(r.code, 2);
        r = sediment({QStringLiteral("scars"), QStringLiteral("frobnicate")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sediment: scars: unknown subcommand 'frobnicate' (accepted: add, list, recall, "
                                   "suggest, archive-unrecalled)\n"));
        r = sediment({QStringLiteral("scars")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sediment: scars: a subcommand is required (accepted: add, list, recall, suggest, "
                                   "archive-unrecalled)\n"));
        const Run list = sediment({QStringLiteral("scars"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        QVERIFY(list.json().empty());
    }

    void suggestQueuesTheLessonAsAMemoryProposal()
    {
        const qint64 low = addScar(QStringLiteral("minor"), QStringLiteral("Prefer small commits."), 3,
                                   QStringLiteral("2026-01-01T00:00:00Z"));
        const qint64 high = addScar(QStringLiteral("major"), QStringLiteral("Always run the migration dry-run first."),
                                    8, QStringLiteral("2026-01-01T00:00:00Z"));
        addScar(QStringLiteral("private"), QStringLiteral("not to learn"), 10, QStringLiteral("2026-01-01T00:00:00Z"),
                {QStringLiteral("--not-learnable")});
        const Run r = sediment({QStringLiteral("scars"), QStringLiteral("suggest"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const Json out = r.json();
        QCOMPARE(out["count"].get<int>(), 2);
        QCOMPARE(out["suggested"][0]["scar"].get<qint64>(), high); // most important first
        QCOMPARE(out["suggested"][1]["scar"].get<qint64>(), low);
        const qint64 inboxId = out["suggested"][0]["inbox_id"].get<qint64>();
        const Run item = sediment(
            {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(inboxId), QStringLiteral("--json")});
        if (item.code == 0) {
            QVERIFY(item.out.contains("Always run the migration dry-run first."));
            const Json j = item.json();
            QCOMPARE(j["score"].get<double>(), 0.8);
        }
        const Run list = sediment({QStringLiteral("scars"), QStringLiteral("list"), QStringLiteral("--json")});
        for (const Json& s : list.json())
            QCOMPARE(s["suggestion_id"].is_null(), s["title"] == "private");
        // Nothing left to suggest: a second run queues nothing.
        const Run again = sediment({QStringLiteral("scars"), QStringLiteral("suggest"), QStringLiteral("--json")});
        QCOMPARE(again.json()["count"].get<int>(), 0);
    }

    void proposerCommandSeesRedactedTextAndItsAnswerIsRedactedToo()
    {
        addScar(QStringLiteral("leaked contact"), QStringLiteral("mail ops@example.com or call +1 415 555 0100"), 7,
                QStringLiteral("2026-01-01T00:00:00Z"));
        const QString seen = m_ws.filePath(QStringLiteral("seen.json"));
        const QString cmd =
            QStringLiteral("cat > '%1'; echo '{\"destination\":\"memory\",\"op\":{\"action\":\"add\",\"content\":"
                           "\"Escalate via boss@example.org with token "
                           "sk-abcdefghijklmnopqrstuvwx\"},\"rationale\":\"r\",\"score\":0.5}'")
                .arg(seen);
        const Run r = sediment({QStringLiteral("scars"), QStringLiteral("suggest"), QStringLiteral("--proposer-cmd"),
                                cmd, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(seen);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray sent = f.readAll();
        QVERIFY(!sent.contains("ops@example.com"));
        QVERIFY(!sent.contains("555 0100"));
        QVERIFY(sent.contains("[email]") && sent.contains("[phone]"));
        QCOMPARE(r.json()["redacted"].get<int>(), 4);
        const qint64 inboxId = r.json()["suggested"][0]["inbox_id"].get<qint64>();
        const Run item = sediment(
            {QStringLiteral("inbox"), QStringLiteral("show"), QString::number(inboxId), QStringLiteral("--json")});
        if (item.code == 0) {
            QVERIFY(!item.out.contains("boss@example.org"));
            QVERIFY(!item.out.contains("sk-abcdefghijklmnopqrstuvwx"));
        }
    }
};

QTEST_GUILESS_MAIN(ScarsCliTest)
#include "scars_cli_test.moc"
