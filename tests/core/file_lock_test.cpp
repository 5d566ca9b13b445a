#include "util/FileLock.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

using namespace sediment;

namespace {

// Another holder of the lock, as Hermes' memory tool would hold it: its own open file
// description with an exclusive flock, which this process's own FileLock must wait for.
int holdLock(const QString& path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0 && ::flock(fd, LOCK_EX) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

class FileLockTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString lockPath() const { return m_dir.filePath(QStringLiteral("MEMORY.md.lock")); }

private Q_SLOTS:
    void aLockHeldPastTheWaitIsRefusedNamingItsFile()
    {
        const int holder = holdLock(lockPath());
        QVERIFY(holder >= 0);
        QElapsedTimer waited;
        waited.start();
        auto lock = FileLock::acquire(lockPath(), 200);
        const qint64 ms = waited.elapsed();
        ::close(holder);
        QVERIFY(!lock);
        QCOMPARE(lock.error().kind, ErrorKind::Io);
        QCOMPARE(lock.error().message, QStringLiteral("another process has held %1 for more than 0.2 s; try "
                                                      "again once it lets go")
                                           .arg(lockPath()));
        QVERIFY2(ms >= 200 && ms < 5000, qPrintable(QString::number(ms)));
    }

    void aLockLetGoWhileWaitingIsTaken()
    {
        const int holder = holdLock(lockPath());
        QVERIFY(holder >= 0);
        std::thread letGo([holder] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            ::close(holder);
        });
        auto lock = FileLock::acquire(lockPath(), 10000);
        letGo.join();
        QVERIFY2(lock.has_value(), lock ? "" : qPrintable(lock.error().message));
        // Held now: another taker is turned away at once.
        auto other = FileLock::tryAcquire(lockPath());
        QVERIFY(other.has_value());
        QVERIFY(!other->has_value());
    }

    void tryAcquireDoesNotWait()
    {
        const int holder = holdLock(lockPath());
        QVERIFY(holder >= 0);
        QElapsedTimer waited;
        waited.start();
        auto lock = FileLock::tryAcquire(lockPath());
        ::close(holder);
        QVERIFY(lock.has_value());
        QVERIFY(!lock->has_value());
        QVERIFY(waited.elapsed() < 1000);
    }
};

QTEST_GUILESS_MAIN(FileLockTest)
#include "file_lock_test.moc"
