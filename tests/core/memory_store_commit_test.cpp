// MemoryStore::apply with an afterReplace hook: the caller's commit runs once the new contents
// are in place, still under the lock, and a failed commit puts the previous file back.
#include "FileBytes.h"
#include "memory/MemoryStore.h"
#include "MemoryOps.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using test::op;

namespace {

Status recordNothing(const MemoryOutcome&) { return {}; }

} // namespace

class MemoryStoreCommitTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path() const { return m_dir.filePath(QStringLiteral("memories/MEMORY.md")); }
    MemoryStore store() const { return MemoryStore(QStringLiteral("memory"), path(), 2200); }
    void writeFile(const QByteArray& bytes) const { test::writeFileBytes(path(), bytes); }
    QByteArray fileBytes() const { return test::fileBytes(path()); }
    QStringList leftovers() const
    {
        return QDir(QFileInfo(path()).absolutePath())
            .entryList({QStringLiteral(".MEMORY.md.tmp-*")}, QDir::Files | QDir::Hidden);
    }

private Q_SLOTS:
    void init() { QFile::remove(path()); }

    void theCommitRunsOnceWithTheNewContentsAlreadyInPlace()
    {
        writeFile("first");
        int calls = 0;
        QByteArray seen;
        auto r = store().apply(op("add", QStringLiteral("second")), &recordNothing, [&]() -> Status {
            ++calls;
            seen = fileBytes();
            return {};
        });
        QVERIFY(r.has_value());
        QVERIFY(r->success);
        QCOMPARE(calls, 1);
        QCOMPARE(seen, QByteArray("first\n§\nsecond"));
        QCOMPARE(fileBytes(), QByteArray("first\n§\nsecond"));
        QVERIFY(leftovers().isEmpty());
    }

    void aFailedCommitPutsTheExactOldBytesBack()
    {
        // A BOM, CRLF line ends and a duplicate entry: bytes the canonical writer would change.
        const QByteArray original = "\xEF\xBB\xBFone\r\n§\r\none\r\n§\r\ntwo";
        writeFile(original);
        auto r =
            store().apply(op("replace", QStringLiteral("three"), QStringLiteral("two")), &recordNothing,
                          []() -> Status { return fail(Error::io(QStringLiteral("database error: disk I/O error"))); });
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, ErrorKind::Io);
        QCOMPARE(r.error().message, QStringLiteral("database error: disk I/O error"));
        QCOMPARE(fileBytes(), original);
        QVERIFY(leftovers().isEmpty());
    }

    void aFailedCommitOnANewStoreLeavesNoFile()
    {
        QVERIFY(!QFileInfo::exists(path()));
        auto r = store().apply(op("add", QStringLiteral("fresh")), &recordNothing, []() -> Status {
            return fail(Error::io(QStringLiteral("database error: database or disk is full")));
        });
        QVERIFY(!r.has_value());
        QVERIFY(!QFileInfo::exists(path()));
    }

    void aRefusalOrANoOpNeverReachesTheCommit()
    {
        writeFile("kept");
        int calls = 0;
        const auto commit = [&]() -> Status {
            ++calls;
            return {};
        };
        auto refused = store().apply(op("remove", std::nullopt, QStringLiteral("absent")), &recordNothing, commit);
        QVERIFY(refused.has_value());
        QVERIFY(!refused->success);
        auto duplicate = store().apply(op("add", QStringLiteral("kept")), &recordNothing, commit);
        QVERIFY(duplicate.has_value());
        QVERIFY(duplicate->success);
        QVERIFY(!duplicate->changed);
        QCOMPARE(calls, 0);
        QCOMPARE(fileBytes(), QByteArray("kept"));
    }

    void aFailingAuditHookStopsBeforeTheFileAndTheCommit()
    {
        writeFile("kept");
        int calls = 0;
        auto r = store().apply(
            op("add", QStringLiteral("new")),
            [](const MemoryOutcome&) -> Status { return fail(Error::io(QStringLiteral("no audit"))); },
            [&]() -> Status {
                ++calls;
                return {};
            });
        QVERIFY(!r.has_value());
        QCOMPARE(calls, 0);
        QCOMPARE(fileBytes(), QByteArray("kept"));
    }
};

QTEST_GUILESS_MAIN(MemoryStoreCommitTest)
#include "memory_store_commit_test.moc"
