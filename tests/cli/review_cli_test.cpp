#include "CliRun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using clitest::Run;
using clitest::sediment;

} // namespace

class ReviewCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;
    QString m_summary;

    QString write(const QString& name, const QByteArray& body)
    {
        const QString path = m_root.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(body);
        return path;
    }

    Run review(const QString& cmd, const QStringList& extra = {})
    {
        return sediment(m_ws, QStringList{QStringLiteral("review"), QStringLiteral("--summary-file"), m_summary,
                                          QStringLiteral("--proposer-cmd"), cmd, QStringLiteral("--json")}
                                  + extra);
    }

    qint64 inboxRows()
    {
        const Run r = sediment(m_ws, {QStringLiteral("stats"), QStringLiteral("--json")});
        return nlohmann::json::parse(r.out.toStdString())["inbox"]["total"].get<qint64>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_ws = m_root.filePath(QStringLiteral("ws"));
        QVERIFY(QDir().mkpath(m_ws));
        m_summary = write(QStringLiteral("summary.txt"), "We learnt that the build needs ninja.");
    }

    void proposalsFromTheCommandGoThroughTheGate()
    {
        // The proposer sees the summary as {"summary": ...} on its stdin.
        const QString script = write(QStringLiteral("proposer.sh"),
                                     "#!/bin/sh\nread -r line\ncase \"$line\" in *ninja*) ;; *) exit 9;; esac\n"
                                     "echo '{\"target\":\"memory\",\"op\":{\"action\":\"add\",\"content\":\"Build with "
                                     "ninja\"},\"score\":0.9}'\n");
        const Run r = review(QStringLiteral("sh ") + script);
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["path"].get<std::string>(), std::string("gate:human"));
        QCOMPARE(j["pending"].size(), size_t(1));
        QCOMPARE(inboxRows(), 1);
    }

    void blankSummaryIsNothingToSave()
    {
        const QString blank = write(QStringLiteral("blank.txt"), "  \n");
        const Run r = sediment(m_ws, {QStringLiteral("review"), QStringLiteral("--summary-file"), blank,
                                      QStringLiteral("--proposer-cmd"), QStringLiteral("exit 1")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QByteArray("Nothing to save.\n"));
    }

    void proposerFailuresFailClosed_data()
    {
        QTest::addColumn<QString>("cmd");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("non-zero exit") << QStringLiteral("echo boom >&2; exit 4") << 3
                                       << QByteArray("exited with code 4: boom");
        QTest::newRow("crash") << QStringLiteral("kill -SEGV $$") << 3 << QByteArray("proposer command");
        QTest::newRow("time-out") << QStringLiteral("sleep 30") << 3 << QByteArray("timed out after 1 s");
        QTest::newRow("malformed") << QStringLiteral("echo '{not json'") << 2
                                   << QByteArray("proposer output is malformed: line 1: malformed JSON");
        QTest::newRow("invalid proposal") << QStringLiteral(
            "echo '{\"target\":\"memory\",\"op\":{\"action\":\"add\",\"content\":\"x\"},\"score\":7}'")
                                          << 2 << QByteArray("proposal 1: score must be a number in [0,1] (got 7)");
    }

    void proposerFailuresFailClosed()
    {
        QFETCH(QString, cmd);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        const qint64 before = inboxRows();
        const Run r = review(cmd, {QStringLiteral("--timeout"), QStringLiteral("1")});
        QCOMPARE(r.code, code);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QCOMPARE(inboxRows(), before);
    }

    void usageErrors()
    {
        QCOMPARE(sediment(m_ws, {QStringLiteral("review")}).code, 2);
        QCOMPARE(review(QStringLiteral("true"), {QStringLiteral("--timeout"), QStringLiteral("-1")}).code, 2);
    }
};

QTEST_GUILESS_MAIN(ReviewCliTest)
#include "review_cli_test.moc"
