#include "CliRun.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;

// Every file under `dir` with its bytes' hash, the database's included: what "nothing changed"
// is checked against.
QMap<QString, QByteArray> filesOf(const QString& dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.endsWith(QLatin1String("-shm")) || path.endsWith(QLatin1String(".journal-lock")))
            continue; // SQLite's shared index and our lock file change with every open
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.insert(path, QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256));
    }
    return files;
}

qint64 auditRows(const QString& ws)
{
    const Run r = clitest::sediment(ws, {QStringLiteral("stats"), QStringLiteral("--json")});
    return r.json()["audit"]["rows"].get<qint64>();
}

} // namespace

class InitCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;

private Q_SLOTS:
    void demoRefusesAWorkspaceThatHoldsWorkAndChangesNothing()
    {
        const QString ws = m_root.filePath(QStringLiteral("real"));
        QCOMPARE(clitest::sediment(ws, {QStringLiteral("init")}).code, 0);
        QFile claude(ws + QStringLiteral("/CLAUDE.md"));
        QVERIFY(claude.open(QIODevice::WriteOnly));
        claude.write("# my own directives\n");
        claude.close();
        QCOMPARE(clitest::sediment(ws, {QStringLiteral("memory"), QStringLiteral("add"), QStringLiteral("--target"),
                                        QStringLiteral("user"), QStringLiteral("--content"),
                                        QStringLiteral("Prefers short answers.")})
                     .code,
                 0);
        const qint64 rowsBefore = auditRows(ws);
        const auto before = filesOf(ws);

        const Run r = clitest::sediment(ws, {QStringLiteral("init"), QStringLiteral("--demo")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.startsWith("sediment: ") && r.err.count('\n') == 1, r.err.constData());
        for (const char* named : {"CLAUDE.md", "1 user entry", "1 audit row", "nothing was changed"})
            QVERIFY2(r.err.contains(named), r.err.constData());
        QCOMPARE(filesOf(ws), before);
        QCOMPARE(auditRows(ws), rowsBefore);
    }

    void demoTwiceLeavesTheSampleAsItIs()
    {
        const QString ws = m_root.filePath(QStringLiteral("demo"));
        const Run first = clitest::sediment(ws, {QStringLiteral("init"), QStringLiteral("--demo")});
        QCOMPARE(first.code, 0);
        QVERIFY2(first.out.contains("Demo content: "), first.out.constData());
        const qint64 rows = auditRows(ws);
        QVERIFY(rows > 100);

        const Run again =
            clitest::sediment(ws, {QStringLiteral("init"), QStringLiteral("--demo"), QStringLiteral("--json")});
        QCOMPARE(again.code, 0);
        QCOMPARE(again.json()["demo"]["already_there"].get<bool>(), true);
        QCOMPARE(auditRows(ws), rows);
    }
};

QTEST_GUILESS_MAIN(InitCliTest)
#include "init_cli_test.moc"
