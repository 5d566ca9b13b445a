#include "store/PendingKeys.h"

#include <QTest>

#include <random>
#include <set>

using namespace sediment;

// The pass's set of pending keys: exactly the keys added, whatever their values, through growth.
class PendingKeysTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void holdsExactlyTheKeysAddedThroughGrowth()
    {
        PendingKeys keys(4); // grows many times below
        std::mt19937_64 rng(7);
        std::set<qint64> added;
        for (int i = 0; i < 20000; ++i) {
            const qint64 k = qint64(rng() >> 4) * ((i % 3 == 0) ? -1 : 1); // negative: malformed hashes
            keys.add(k);
            keys.add(k); // twice is once
            added.insert(k);
        }
        for (qint64 k : added)
            QVERIFY(keys.hasHashKey(k));
        std::mt19937_64 other(8);
        int falsePositives = 0;
        for (int i = 0; i < 20000; ++i) {
            const qint64 k = qint64(other() >> 4);
            if (!added.contains(k) && keys.hasHashKey(k))
                ++falsePositives;
        }
        QCOMPARE(falsePositives, 0);
    }

    void zeroIsAKeyLikeAnyOther()
    {
        PendingKeys keys;
        QVERIFY(!keys.hasHashKey(0));
        keys.add(1);
        QVERIFY(!keys.hasHashKey(0));
        keys.add(0);
        QVERIFY(keys.hasHashKey(0));
        QVERIFY(keys.hasHashKey(1));
    }

    void agentIdsAreExact()
    {
        PendingKeys keys;
        keys.addExtId(QStringLiteral("agent-1"));
        QVERIFY(keys.hasExtId(QStringLiteral("agent-1")));
        QVERIFY(!keys.hasExtId(QStringLiteral("Agent-1")));
        QVERIFY(!keys.hasExtId(QString()));
    }
};

QTEST_GUILESS_MAIN(PendingKeysTest)
#include "pending_keys_test.moc"
