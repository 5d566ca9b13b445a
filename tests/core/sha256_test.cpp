#include "util/Sha256.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

using namespace sediment;

class Sha256Test final : public QObject {
    Q_OBJECT

    static bool nettleMapped()
    {
        QFile maps(QStringLiteral("/proc/self/maps"));
        return maps.open(QIODevice::ReadOnly) && maps.readAll().contains("libnettle");
    }

private Q_SLOTS:
    // First, while nothing has been hashed: a process that hashes a few KiB (`memory apply`) never
    // opens nettle; past 64 KiB in all, it does, and the digests stay the same.
    void opensNettleOnlyPastSixtyFourKiB()
    {
        QVERIFY(!nettleMapped());
        const QByteArray small(4096, 'a');
        for (int i = 0; i < 15; ++i)
            QCOMPARE(Sha256::digest(std::string_view(small.constData(), std::size_t(small.size()))),
                     QCryptographicHash::hash(small, QCryptographicHash::Sha256));
        QVERIFY(!nettleMapped());
        const QByteArray large(Sha256::kPortableBytes, 'b');
        QCOMPARE(Sha256::digest(std::string_view(large.constData(), std::size_t(large.size()))),
                 QCryptographicHash::hash(large, QCryptographicHash::Sha256));
        QVERIFY(nettleMapped());
    }

    void knownDigests()
    {
        QCOMPARE(Sha256::hex(""), QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(Sha256::hex("abc"), QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(Sha256::hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    }

    // nettle is what hashes here (.ci/deps installs it, the .deb depends on it): a fallback taken
    // by mistake would pass every digest check and cost approvals a quarter of their time.
    void nettleIsOpened() { QVERIFY(Sha256::accelerated()); }

    // Every length around the block and padding boundaries, random bytes: the same digest as Qt's.
    void agreesWithQtForEveryLengthUpToFiveBlocks()
    {
        QRandomGenerator rng(42);
        for (int length = 0; length <= 320; ++length) {
            QByteArray data(length, Qt::Uninitialized);
            for (char& c : data)
                c = char(rng.bounded(256));
            const std::string_view view(data.constData(), std::size_t(data.size()));
            QCOMPARE(Sha256::digest(view), QCryptographicHash::hash(data, QCryptographicHash::Sha256));
            QCOMPARE(Sha256::portableDigest(view), Sha256::digest(view));
        }
    }
};

QTEST_GUILESS_MAIN(Sha256Test)
#include "sha256_test.moc"
