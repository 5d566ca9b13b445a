// Live import while the app is open (docs/verbs.md#hermes): the PendingWatcher imports Hermes' staged files on
// open, a new staged file appears in the inbox within a second, and a decision taken by another
// process gets its staged file settled.
#include "hermes/PendingWatcher.h"
#include "HermesUiFixture.h"
#include "inbox/InboxService.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

class HermesLiveTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    SystemClock m_clock;

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    qint64 inboxCount() { return InboxRepository(m_ws->db()).count().value_or(-1); }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_ws = testing::openHermesHomeCopy(m_dir->path());
        QVERIFY(m_ws);
    }

    void importsOnOpenAndANewStagedFileWithinASecond()
    {
        PendingWatcher watcher(*m_ws, m_clock, QStringLiteral("human:founder"));
        QSignalSpy imported(&watcher, &PendingWatcher::imported);
        QSignalSpy problems(&watcher, &PendingWatcher::problemsChanged);
        watcher.start();
        QCOMPARE(inboxCount(), qint64(11));
        QCOMPARE(imported.size(), 1);
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().first().toStringList().first().startsWith(
            QStringLiteral("pending/memory/bad0bad0.json: not valid JSON")));

        // Hermes stages a write the way it does: a temporary file renamed into place.
        QFile f(path(QStringLiteral("pending/memory/.tmp-77aa88bb")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"id": "77aa88bb", "subsystem": "memory", "action": "add", "summary": "add to memory: x",)"
            R"( "origin": "background_review", "created_at": 1788950000.0,)"
            R"( "payload": {"action": "add", "target": "memory", "content": "Docs build with mkdocs.", "old_text": null}})");
        f.close();
        QVERIFY(QFile::rename(f.fileName(), path(QStringLiteral("pending/memory/77aa88bb.json"))));
        QTRY_COMPARE_WITH_TIMEOUT(inboxCount(), qint64(12), 1000);
        QCOMPARE(imported.size(), 2);
        QCOMPARE(watcher.lastReport().imported.front().hermesId, QStringLiteral("77aa88bb"));
    }

    void settlesAFileDecidedByAnotherProcess()
    {
        PendingWatcher watcher(*m_ws, m_clock, QStringLiteral("human:founder"));
        watcher.start();
        // Another connection (the CLI) refuses an item without settling its file.
        auto other = sediment::test::openWorkspace(m_dir->path());
        QVERIFY(other.has_value());
        auto record = HermesRepository((*other)->db()).find(QStringLiteral("1a2b3c04"));
        QVERIFY(record && *record);
        InboxRepository repo((*other)->db());
        InboxItem it = **repo.find((*record)->inboxId);
        it.status = QStringLiteral("refused");
        it.refusalCode = QStringLiteral("stale");
        QVERIFY(repo.saveDecision(it).has_value());
        QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(path(QStringLiteral("pending/memory/1a2b3c04.json"))), 2000);
    }
};

QTEST_MAIN(HermesLiveTest)
#include "hermes_live_test.moc"
