// Claims (docs/verbs.md#hermes), run as real `sediment` processes on Hermes-shaped
// homes: an approval takes the staged record out of Hermes' listing before writing, gives it
// back when the decision does not stand, is withdrawn when the record vanished first, waits
// while someone else's claim lies beside it, and a killed process's claim is settled by the
// next command. Then two processes approving the same record at the same moment, 200 rounds:
// every record applied exactly once.
#include "CliRun.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// A record as Hermes' stage_write lays it out (pretty-printed, indent 2).
QByteArray record(const QString& id, const Json& payload)
{
    const Json r = {{"id", toStd(id)},
                    {"subsystem", "memory"},
                    {"action", payload.value("action", std::string())},
                    {"summary", "a staged memory write"},
                    {"origin", "foreground"},
                    {"created_at", 1764000000.5},
                    {"payload", payload}};
    return QByteArray::fromStdString(r.dump(2));
}

QByteArray addRecord(const QString& id, const QString& content)
{
    return record(id, Json{{"action", "add"}, {"target", "memory"}, {"content", toStd(content)}});
}

// The entries of a MEMORY.md, as Hermes splits them.
QStringList entries(const QString& path)
{
    const QString text = QString::fromUtf8(readAll(path));
    return text.isEmpty() ? QStringList() : text.split(QStringLiteral("\n\u00a7\n"));
}

// The names in a pending folder: the records and whatever lies beside them.
QStringList listing(const QString& folder) { return QDir(folder).entryList(QDir::Files | QDir::Hidden, QDir::Name); }

} // namespace

class HermesClaimsCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString home() const { return m_dir.path() + QStringLiteral("/home"); }
    QString path(const QString& rel) const { return home() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args, const QStringList& env = {})
    {
        teamtest::prepareWorkspace(home()); // names the team store when the suite runs against it
        return clitest::runAsIs(home(), args, {}, env);
    }

    // Stages `bytes` as pending/memory/<id>.json and imports it: its inbox id.
    qint64 stageAndImport(const QString& id, const QByteArray& bytes)
    {
        if (!writeAll(path(QStringLiteral("pending/memory/%1.json").arg(id)), bytes))
            return 0;
        const Json j =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        for (const Json& w : j.value("imported", Json::array()))
            if (w.value("hermes_id", std::string()) == id.toStdString())
                return w.value("inbox_id", qint64(0));
        return 0;
    }

    QString status(qint64 id)
    {
        const Json j =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
                .json();
        return QString::fromStdString(j.value("status", std::string()));
    }

private Q_SLOTS:
    void init()
    {
        QDir(home()).removeRecursively();
        QVERIFY(writeAll(path(QStringLiteral("config.yaml")),
                         "memory:\n  memory_char_limit: 100000\n  write_approval: true\n"));
        QVERIFY(writeAll(path(QStringLiteral("memories/MEMORY.md")), "First entry"));
    }

    void anApprovalClaimsTheRecordAndLeavesNothingBehind()
    {
        const qint64 id =
            stageAndImport(QStringLiteral("c1000001"), addRecord(QStringLiteral("c1000001"), QStringLiteral("Fact A")));
        QVERIFY(id > 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 0);
        QCOMPARE(entries(path(QStringLiteral("memories/MEMORY.md"))),
                 QStringList({QStringLiteral("First entry"), QStringLiteral("Fact A")}));
        QCOMPARE(listing(path(QStringLiteral("pending/memory"))), QStringList());
    }

    void aRecordThatVanishedBeforeTheClaimIsWithdrawnAndNothingIsWritten()
    {
        const qint64 id =
            stageAndImport(QStringLiteral("c1000002"), addRecord(QStringLiteral("c1000002"), QStringLiteral("Fact B")));
        QVERIFY(id > 0);
        // Hermes' own `/memory approve` (or reject) took it meanwhile.
        QVERIFY(QFile::remove(path(QStringLiteral("pending/memory/c1000002.json"))));
        const QByteArray before = readAll(path(QStringLiteral("memories/MEMORY.md")));
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("is withdrawn: its staged Hermes file c1000002.json disappeared before it could be "
                                "claimed"),
                 r.err.constData());
        QCOMPARE(readAll(path(QStringLiteral("memories/MEMORY.md"))), before);
        QCOMPARE(status(id), QStringLiteral("rejected"));
        const Json shown =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
                .json();
        QVERIFY(shown.value("reason", std::string()).starts_with("withdrawn: "));
        // Approving it again is refused as decided; the audit chain holds the withdrawal.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 1);
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    void aClaimOfSomebodyElseBesideTheRecordHoldsTheApprovalUntilItIsGone()
    {
        const QByteArray bytes = addRecord(QStringLiteral("c1000003"), QStringLiteral("Fact C"));
        const qint64 id = stageAndImport(QStringLiteral("c1000003"), bytes);
        QVERIFY(id > 0);
        const QByteArray before = readAll(path(QStringLiteral("memories/MEMORY.md")));
        const QStringList claims{QStringLiteral("c1000003.json.claim"), QStringLiteral("c1000003.lock"),
                                 QStringLiteral("c1000003.json.sediment-0badcafe")};
        for (const QString& claim : claims) {
            QVERIFY(writeAll(path(QStringLiteral("pending/memory/") + claim), "{}"));
            const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.contains(QStringLiteral("is applying the staged Hermes file c1000003.json (%1 lies beside "
                                                   "it); approve it again once that file is gone")
                                        .arg(claim)
                                        .toUtf8()),
                     r.err.constData());
            QVERIFY(r.err.contains(claim.contains(QLatin1String("sediment-")) ? "another Sediment workspace"
                                                                              : "Hermes (or another program)"));
            QCOMPARE(readAll(path(QStringLiteral("memories/MEMORY.md"))), before);
            QCOMPARE(readAll(path(QStringLiteral("pending/memory/c1000003.json"))), bytes);
            QCOMPARE(status(id), QStringLiteral("pending"));
            // The importer does not mistake a held record for a vanished one.
            QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
            QCOMPARE(status(id), QStringLiteral("pending"));
            QVERIFY(QFile::remove(path(QStringLiteral("pending/memory/") + claim)));
        }
        // A backup or Hermes' staging temporary is nobody's claim.
        QVERIFY(writeAll(path(QStringLiteral("pending/memory/c1000003.json.tmp")), "{}"));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QCOMPARE(entries(path(QStringLiteral("memories/MEMORY.md"))).count(QStringLiteral("Fact C")), 1);
        QCOMPARE(listing(path(QStringLiteral("pending/memory"))), QStringList({QStringLiteral("c1000003.json.tmp")}));
    }

    void aDecisionThatDoesNotStandGivesTheRecordBack()
    {
        // Pinned to an entry that is no longer there: Hermes' failure, and the record stays.
        const QByteArray bytes = record(QStringLiteral("c1000004"), Json{{"action", "replace"},
                                                                         {"target", "memory"},
                                                                         {"old_text", "Gone"},
                                                                         {"content", "New text"},
                                                                         {"matched_entry", "Gone entry"}});
        const qint64 id = stageAndImport(QStringLiteral("c1000004"), bytes);
        QVERIFY(id > 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(status(id), QStringLiteral("failed"));
        QVERIFY2(r.out.contains("Entry changed since it was staged")
                     || r.err.contains("Entry changed since it was staged"),
                 r.out.constData());
        QCOMPARE(listing(path(QStringLiteral("pending/memory"))), QStringList({QStringLiteral("c1000004.json")}));
        QCOMPARE(readAll(path(QStringLiteral("pending/memory/c1000004.json"))), bytes);
        QCOMPARE(readAll(path(QStringLiteral("memories/MEMORY.md"))), QByteArray("First entry"));
    }

    void aKilledProcessesClaimIsSettledByTheNextCommand()
    {
        // Killed right after the claim: nothing written, the record goes back byte for byte.
        const QByteArray one = addRecord(QStringLiteral("c1000005"), QStringLiteral("Fact E"));
        const qint64 first = stageAndImport(QStringLiteral("c1000005"), one);
        QVERIFY(first > 0);
        Run killed = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(first)},
                         {QStringLiteral("SEDIMENT_CRASH_AT=after-claim")});
        QCOMPARE(killed.code, -1);
        QStringList left = listing(path(QStringLiteral("pending/memory")));
        QCOMPARE(left.size(), 1);
        QVERIFY2(left[0].startsWith(QLatin1String("c1000005.json.sediment-")), qPrintable(left[0]));
        QCOMPARE(status(first), QStringLiteral("pending")); // the next command gave it back
        QCOMPARE(listing(path(QStringLiteral("pending/memory"))), QStringList({QStringLiteral("c1000005.json")}));
        QCOMPARE(readAll(path(QStringLiteral("pending/memory/c1000005.json"))), one);
        QCOMPARE(entries(path(QStringLiteral("memories/MEMORY.md"))).count(QStringLiteral("Fact E")), 0);

        // Killed after the decision was committed: the claimed file is settled, nothing applied twice.
        for (const char* point : {"after-write", "after-commit"}) {
            const QString hid = QStringLiteral("c10000%1").arg(point[6] == 'w' ? 60 : 61);
            const qint64 id = stageAndImport(hid, addRecord(hid, QStringLiteral("Fact ") + hid));
            QVERIFY(id > 0);
            killed = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)},
                         {QStringLiteral("SEDIMENT_CRASH_AT=") + QLatin1String(point)});
            QCOMPARE(killed.code, -1);
            QCOMPARE(status(id), QStringLiteral("applied"));
            QVERIFY(!listing(path(QStringLiteral("pending/memory"))).join(QLatin1Char(' ')).contains(hid));
            QCOMPARE(entries(path(QStringLiteral("memories/MEMORY.md"))).count(QStringLiteral("Fact ") + hid), 1);
        }
        // The item left pending is approved once, normally.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(first)}).code, 0);
        QCOMPARE(entries(path(QStringLiteral("memories/MEMORY.md"))).count(QStringLiteral("Fact E")), 1);
        QCOMPARE(listing(path(QStringLiteral("pending/memory"))), QStringList());
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    // Two processes approve the same staged record at the same moment. Even rounds: both in one
    // workspace (the root). Odd rounds: one in the root (which sees the record as profile p's)
    // and one in profiles/p opened as a workspace of its own, with its own database.
    void twoProcessesApprovingOneRecordApplyItExactlyOnce()
    {
        constexpr int kRounds = 200;
        const QString profile = path(QStringLiteral("profiles/p"));
        QVERIFY(writeAll(profile + QStringLiteral("/config.yaml"),
                         "memory:\n  memory_char_limit: 100000\n  write_approval: true\n"));
        QVERIFY(writeAll(profile + QStringLiteral("/memories/MEMORY.md"), "Profile entry"));
        for (int k = 0; k < kRounds; ++k) {
            const QString id = QStringLiteral("d%1").arg(k, 7, 10, QLatin1Char('0'));
            const QString folder =
                k % 2 ? profile + QStringLiteral("/pending/memory/") : path(QStringLiteral("pending/memory/"));
            QVERIFY(
                writeAll(folder + id + QStringLiteral(".json"), addRecord(id, QStringLiteral("Race fact %1").arg(k))));
        }
        teamtest::prepareWorkspace(profile);
        // The inbox ids of every record in each workspace.
        std::map<QString, qint64> inRoot, inProfile;
        const auto importInto = [](const QString& ws, std::map<QString, qint64>& ids) {
            const Json j = clitest::runAsIs(ws, {QStringLiteral("hermes"), QStringLiteral("import-pending"),
                                                 QStringLiteral("--json")})
                               .json();
            for (const Json& w : j.value("imported", Json::array()))
                ids[QString::fromStdString(w.value("hermes_id", std::string()))] = w.value("inbox_id", qint64(0));
        };
        importInto(home(), inRoot);
        importInto(profile, inProfile);
        QCOMPARE(int(inRoot.size()), kRounds);
        QCOMPARE(int(inProfile.size()), kRounds / 2);

        int sameWinners = 0, crossWinners = 0;
        for (int k = 0; k < kRounds; ++k) {
            const QString id = QStringLiteral("d%1").arg(k, 7, 10, QLatin1Char('0'));
            const bool cross = k % 2;
            const QString first = home();
            const QString second = cross ? profile : home();
            const qint64 firstId = inRoot[id];
            const qint64 secondId = cross ? inProfile[id] : inRoot[id];
            QProcess a, b;
            a.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), first, QStringLiteral("inbox"),
                                                      QStringLiteral("approve"), QString::number(firstId)});
            b.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), second, QStringLiteral("inbox"),
                                                      QStringLiteral("approve"), QString::number(secondId)});
            QVERIFY(a.waitForFinished(60000) && b.waitForFinished(60000));
            QCOMPARE(a.exitStatus(), QProcess::NormalExit);
            QCOMPARE(b.exitStatus(), QProcess::NormalExit);
            const int wins = (a.exitCode() == 0) + (b.exitCode() == 0);
            QVERIFY2(wins == 1, qPrintable(QStringLiteral("round %1: %2 approvals succeeded: %3 | %4")
                                               .arg(k)
                                               .arg(wins)
                                               .arg(QString::fromUtf8(a.readAllStandardError()),
                                                    QString::fromUtf8(b.readAllStandardError()))));
            (cross ? crossWinners : sameWinners) += wins;
            const QString memory =
                cross ? profile + QStringLiteral("/memories/MEMORY.md") : path(QStringLiteral("memories/MEMORY.md"));
            QCOMPARE(entries(memory).count(QStringLiteral("Race fact %1").arg(k)), 1);
            const QString folder =
                cross ? profile + QStringLiteral("/pending/memory") : path(QStringLiteral("pending/memory"));
            QVERIFY(!listing(folder).join(QLatin1Char(' ')).contains(id));
        }
        QCOMPARE(sameWinners + crossWinners, kRounds);
        // Each workspace's own view afterwards: every item decided once, nothing pending, the
        // chain intact; the losing side of a cross round sees its item withdrawn.
        for (const QString& ws : {home(), profile}) {
            QCOMPARE(clitest::runAsIs(ws, {QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
            const Json pending = clitest::runAsIs(ws, {QStringLiteral("inbox"), QStringLiteral("list"),
                                                       QStringLiteral("status:pending"), QStringLiteral("--json")})
                                     .json();
            QVERIFY(pending.is_array());
            QCOMPARE(pending.size(), size_t(0));
            QCOMPARE(clitest::runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
        }
        qInfo("%d rounds: %d in one workspace, %d across two; every record applied exactly once", kRounds, sameWinners,
              crossWinners);
    }
};

QTEST_GUILESS_MAIN(HermesClaimsCliTest)
#include "hermes_claims_cli_test.moc"
