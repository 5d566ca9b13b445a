#include "CliRun.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;
using clitest::sediment;

// A fingerprint of every file in the workspace but the database's WAL side files, plus the
// database's row counts read through the CLI: "nothing changed" means both are equal.
QByteArray fingerprint(const QString& ws)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    QDirIterator it(ws, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString& f : files) {
        if (f.contains(QLatin1String("sediment.db")))
            continue;
        QFile file(f);
        if (file.open(QIODevice::ReadOnly)) {
            h.addData(f.toUtf8());
            h.addData(file.readAll());
        }
    }
    QProcess p;
    teamtest::prepareWorkspace(ws); // against the team server, the folder names it
    p.start(QStringLiteral(SEDIMENT_BINARY),
            {QStringLiteral("--workspace"), ws, QStringLiteral("stats"), QStringLiteral("--json")});
    p.waitForFinished(60000);
    h.addData(p.readAllStandardOutput());
    return h.result().toHex();
}

} // namespace

class HostileInputCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;

private Q_SLOTS:
    void initTestCase()
    {
        m_ws = m_root.filePath(QStringLiteral("ws"));
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/brain/permanent")));
        QFile f(m_ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"gate":"score"})");
        f.close();
        QVERIFY(QFile::link(m_root.path(), m_ws + QStringLiteral("/escape")));
        // Something already stored, which no hostile input may touch.
        const Run seed = sediment(m_ws, {QStringLiteral("propose")},
                                  R"({"target":"memory","op":{"action":"add","content":"kept"},"score":0.9})");
        QCOMPARE(seed.code, 0);
    }

    void refusedWithOneLineAndNothingChanged_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("expected"); // a fragment of the one stderr line
        const QByteArray ok = R"({"target":"memory","op":{"action":"add","content":"fine"},"score":0.9})"
                              "\n";
        QTest::newRow("invalid UTF-8")
            << (ok + "{\"target\":\"memory\",\"op\":{\"action\":\"add\",\"content\":\"\xff\xfe\"},\"score\":0.9}")
            << QByteArray("line 2: input is not valid UTF-8");
        QTest::newRow("NaN") << QByteArray(R"({"target":"memory","op":{"action":"add","content":"x"},"score":NaN})")
                             << QByteArray("NaN and Infinity are not valid JSON numbers");
        QTest::newRow("score 1.5") << (ok + R"({"target":"memory","op":{"action":"add","content":"x"},"score":1.5})")
                                   << QByteArray("proposal 2: score must be a number in [0,1] (got 1.5)");
        QTest::newRow("path traversal") << QByteArray(
            R"({"destination":"claude_md","op":{"path":"../x","before":"","after":"pwned"},"score":0.9})")
                                        << QByteArray("proposal 1: op.path: ");
        QTest::newRow("absolute path") << QByteArray(
            R"({"destination":"settings_json","op":{"path":"/etc/x.json","patch":{"a":1}},"score":0.9})")
                                       << QByteArray("must be relative");
        QTest::newRow("symlink out") << QByteArray(
            R"({"destination":"claude_md","op":{"path":"escape/CLAUDE.md","before":"","after":"pwned"},"score":0.9})")
                                     << QByteArray("resolves outside the workspace");
        QTest::newRow("brain/permanent") << QByteArray(
            R"({"destination":"claude_md","op":{"path":"brain/permanent/x.md","before":"","after":"pwned"},"score":0.9})")
                                         << QByteArray("protected");
        QTest::newRow("sediment.db") << QByteArray(
            R"({"destination":"claude_md","op":{"path":"sediment.db","before":"","after":"pwned"},"score":0.9})")
                                     << QByteArray("protected");
        QTest::newRow("unknown destination") << QByteArray(R"({"destination":"crontab","op":{},"score":0.9})")
                                             << QByteArray("proposal 1: destination must be one of");
        QTest::newRow("malformed JSON") << (ok + R"({"target":"memory",)") << QByteArray("line 2: malformed JSON");
        QTest::newRow("number overflow") << QByteArray(
            R"([{"target":"memory","op":{"action":"add","content":"x"},"score":1e999}])")
                                         << QByteArray("malformed JSON: number overflow parsing '1e999'");
        QTest::newRow("oversized stdin") << QByteArray(16 * 1024 * 1024 + 10, ' ') << QByteArray("larger than 16 MiB");
    }

    void refusedWithOneLineAndNothingChanged()
    {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        const QByteArray before = fingerprint(m_ws);
        const Run r = sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")}, input);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.endsWith('\n'));
        QVERIFY2(r.err.contains(expected), r.err.constData());
        QVERIFY2(!r.err.contains("json.exception"), r.err.constData()); // the library's words, not the mistake's
        QCOMPARE(fingerprint(m_ws), before);
        QVERIFY(!QFile::exists(m_root.filePath(QStringLiteral("CLAUDE.md"))));
        QVERIFY(!QFile::exists(m_root.filePath(QStringLiteral("x"))));
    }

    // Bad input changes nothing, not even by leaving behind the workspace a command created to
    // hold it: a missing folder (and its missing parents) is taken away again, a folder that
    // existed keeps what it held and only that; a workspace that was there is left as it was.
    void badInputLeavesNoNewWorkspaceBehind()
    {
        const QString missing = m_root.filePath(QStringLiteral("not-yet/deeper/ws"));
        const Run bad = clitest::runAsIs(missing, {QStringLiteral("propose")}, "{bad");
        QCOMPARE(bad.code, 2);
        QVERIFY(!QFileInfo::exists(m_root.filePath(QStringLiteral("not-yet"))));
        const Run target =
            clitest::runAsIs(missing, {QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")},
                             R"({"action":"add","target":"bogus","content":"x"})");
        QCOMPARE(target.code, 2);
        QVERIFY(!QFileInfo::exists(m_root.filePath(QStringLiteral("not-yet"))));
        QCOMPARE(
            clitest::runAsIs(missing, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral("bogus")})
                .code,
            2);
        QVERIFY(!QFileInfo::exists(m_root.filePath(QStringLiteral("not-yet"))));

        const QString existing = m_root.filePath(QStringLiteral("plain-folder"));
        QVERIFY(QDir().mkpath(existing));
        QFile keep(existing + QStringLiteral("/notes.txt"));
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("mine");
        keep.close();
        QCOMPARE(clitest::runAsIs(existing, {QStringLiteral("propose")}, "{bad").code, 2);
        QCOMPARE(QDir(existing).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("notes.txt")});

        // Good input creates it as ever; a workspace that was there stays as it was.
        QCOMPARE(clitest::runAsIs(missing, {QStringLiteral("propose")},
                                  R"({"target":"memory","op":{"action":"add","content":"x"}})")
                     .code,
                 0);
        QVERIFY(QFileInfo::exists(missing + QStringLiteral("/sediment.db")));
        const QString kept = m_root.filePath(QStringLiteral("kept"));
        QCOMPARE(
            sediment(kept, {QStringLiteral("propose")}, R"({"target":"memory","op":{"action":"add","content":"x"}})")
                .code,
            0);
        const QByteArray before = fingerprint(kept);
        QCOMPARE(sediment(kept, {QStringLiteral("propose")}, "{bad").code, 2);
        QCOMPARE(fingerprint(kept), before);
    }

    void brokenJsonElsewhereIsNamedWithoutTheLibrarysIdentifiers()
    {
        const QString ws = m_root.filePath(QStringLiteral("broken-config"));
        QVERIFY(QDir().mkpath(ws));
        QFile config(ws + QStringLiteral("/sediment.json"));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("{");
        config.close();
        const Run stats = clitest::runAsIs(ws, {QStringLiteral("stats")});
        QCOMPARE(stats.code, 2);
        QVERIFY2(stats.err.contains("sediment.json: invalid JSON: parse error at line 1, column 2")
                     && !stats.err.contains("json.exception"),
                 stats.err.constData());

        // A configuration over 16 MiB is refused unread, like every other input.
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write("{" + QByteArray(17 * 1024 * 1024, ' ') + "}");
        config.close();
        const Run huge = clitest::runAsIs(ws, {QStringLiteral("stats")});
        QCOMPARE(huge.code, 2);
        QVERIFY2(huge.err.contains("sediment.json is larger than 16 MiB (17825794 bytes)"), huge.err.constData());

        const Run imported =
            sediment(m_ws, {QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")},
                     "{\"description\": \"x\",\n");
        QCOMPARE(imported.code, 2);
        QVERIFY2(imported.err.contains("line 1: not valid JSON (parse error at line 1")
                     && !imported.err.contains("json.exception"),
                 imported.err.constData());
    }
};

QTEST_GUILESS_MAIN(HostileInputCliTest)
#include "hostile_input_cli_test.moc"
