#include "FreshDatabase.h"
#include "store/Database.h"
#include "store/ScarRepository.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

// The scars repository's reads at scale: the full-text candidates recall re-ranks (the best
// matches by (bm25, id), archived and out-of-scope scars left out however many of them outrank
// the ones that count), and the scope list.
class ScarRepositoryTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

    qint64 add(const QString& title, const QString& scope = QStringLiteral("general"), bool archived = false,
               const QString& context = {})
    {
        Scar s;
        s.title = title;
        s.context = context;
        s.lesson = QStringLiteral("lesson");
        s.scope = scope;
        s.archived = archived;
        s.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        auto id = ScarRepository(*m_db).insert(s);
        if (!id)
            qFatal("insert failed");
        return *id;
    }

    // A strong match: the word alone, three times. A weak one: once, in a longer title.
    qint64 strong(const QString& scope = QStringLiteral("general"), bool archived = false)
    {
        return add(QStringLiteral("deploy deploy deploy"), scope, archived);
    }
    qint64 weak(const QString& scope = QStringLiteral("general"))
    {
        return add(QStringLiteral("deploy after the nightly backup of the cluster"), scope);
    }

    static std::vector<qint64> ids(const std::vector<ScarRepository::Candidate>& cs)
    {
        std::vector<qint64> out;
        for (const auto& c : cs)
            out.push_back(c.scar.id);
        return out;
    }

    static bool inRankOrder(const std::vector<ScarRepository::Candidate>& cs)
    {
        for (size_t i = 1; i < cs.size(); ++i) {
            const auto& a = cs[i - 1];
            const auto& b = cs[i];
            if (a.bm25 > b.bm25 || (a.bm25 == b.bm25 && a.scar.id > b.scar.id))
                return false;
        }
        return true;
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("s.db")); }

    void bestMatchesComeFirstAndEqualOnesInIdOrder()
    {
        const qint64 a = weak();
        const qint64 b = strong();
        const qint64 c = weak();
        const qint64 d = strong();
        auto found = ScarRepository(*m_db).candidates(QStringLiteral("deploy"), {}, 10);
        QVERIFY(found);
        QCOMPARE(ids(*found), (std::vector<qint64>{b, d, a, c}));
        QVERIFY(found->front().bm25 < found->back().bm25);
        QVERIFY(found->back().bm25 < 0);
    }

    void findsInScopeMatchesRankedBehindAWindowFullOfOtherScopes()
    {
        // limit 2 ranks a window of 16 matches first: all of them out of scope here.
        for (int i = 0; i < 30; ++i)
            strong();
        const qint64 ci1 = weak(QStringLiteral("ci"));
        const qint64 ci2 = weak(QStringLiteral("ci"));
        weak(QStringLiteral("ci"));
        auto found = ScarRepository(*m_db).candidates(QStringLiteral("deploy"), QStringLiteral("ci"), 2);
        QVERIFY(found);
        QCOMPARE(ids(*found), (std::vector<qint64>{ci1, ci2}));
        for (const auto& c : *found)
            QCOMPARE(c.scar.scope, QStringLiteral("ci"));
    }

    void archivedScarsNeverComeBackEvenWhenTheyRankFirst()
    {
        for (int i = 0; i < 50; ++i)
            strong(QStringLiteral("general"), true);
        const qint64 a = weak();
        const qint64 b = weak();
        auto found = ScarRepository(*m_db).candidates(QStringLiteral("deploy"), {}, 5);
        QVERIFY(found);
        QCOMPARE(ids(*found), (std::vector<qint64>{a, b}));
    }

    void allScopeAndEmptyScopeBothMeanAnyScope()
    {
        const qint64 a = strong(QStringLiteral("ci"));
        const qint64 b = strong(QStringLiteral("general"));
        ScarRepository repo(*m_db);
        auto any = repo.candidates(QStringLiteral("deploy"), QStringLiteral("all"), 5);
        auto empty = repo.candidates(QStringLiteral("deploy"), {}, 5);
        QVERIFY(any && empty);
        QCOMPARE(ids(*any), (std::vector<qint64>{a, b}));
        QCOMPARE(ids(*empty), ids(*any));
    }

    void aShortListIsThePrefixOfTheFullRankingForEveryScopeAndLimit()
    {
        // Random titles over a small vocabulary, three scopes, some archived: for each query and
        // scope, every limit must give the first `limit` of the complete ranking, which itself
        // holds only live in-scope scars, in (bm25, id) order.
        const QStringList vocabulary{QStringLiteral("cache"),  QStringLiteral("lock"),  QStringLiteral("retry"),
                                     QStringLiteral("schema"), QStringLiteral("token"), QStringLiteral("queue")};
        const QStringList scopes{QStringLiteral("general"), QStringLiteral("ci"), QStringLiteral("billing")};
        QRandomGenerator rng(11);
        for (int i = 0; i < 600; ++i) {
            QStringList words;
            const int n = 1 + int(rng.bounded(6));
            for (int w = 0; w < n; ++w)
                words << vocabulary[int(rng.bounded(vocabulary.size()))];
            // Mostly "general", so the rarer scopes sit behind a full window.
            const int s = rng.bounded(10) < 8 ? 0 : 1 + int(rng.bounded(2));
            add(words.join(QLatin1Char(' ')), scopes[s], rng.bounded(5) == 0);
        }
        ScarRepository repo(*m_db);
        for (const QString& query : {QStringLiteral("cache"), QStringLiteral("lock queue")}) {
            for (const QString& scope : {QString(), scopes[1], scopes[2]}) {
                auto full = repo.candidates(query, scope, 100000);
                QVERIFY(full);
                QVERIFY(full->size() >= 10);
                QVERIFY(inRankOrder(*full));
                const std::vector<qint64> all = ids(*full);
                for (const auto& c : *full) {
                    QVERIFY(!c.scar.archived);
                    QVERIFY(scope.isEmpty() || c.scar.scope == scope);
                }
                for (int limit : {1, 3, 5, 50}) {
                    auto part = repo.candidates(query, scope, limit);
                    QVERIFY(part);
                    const std::vector<qint64> want(all.begin(),
                                                   all.begin() + std::min<qsizetype>(limit, qsizetype(all.size())));
                    QCOMPARE(ids(*part), want);
                }
            }
        }
    }

    void scopesAreListedOnceEachInOrderWithOrWithoutTheScopeIndex()
    {
        add(QStringLiteral("a"), QStringLiteral("general"));
        add(QStringLiteral("b"), QStringLiteral("ci"));
        add(QStringLiteral("c"), QStringLiteral("general"), true);
        add(QStringLiteral("d"), QStringLiteral("billing"));
        add(QStringLiteral("e"), QStringLiteral("ci"));
        const std::vector<QString> want{QStringLiteral("billing"), QStringLiteral("ci"), QStringLiteral("general")};
        auto before = ScarRepository(*m_db).scopes();
        QVERIFY(before);
        QCOMPARE(*before, want);
        // The index a schema migration adds; the list must not change with it.
        QVERIFY(m_db->exec("CREATE INDEX IF NOT EXISTS scars_by_scope ON scars(scope)"));
        auto after = ScarRepository(*m_db).scopes();
        QVERIFY(after);
        QCOMPARE(*after, want);
    }

    void noScarsMeansNoScopes()
    {
        auto scopes = ScarRepository(*m_db).scopes();
        QVERIFY(scopes);
        QVERIFY(scopes->empty());
    }

    void aQueryWithoutWordsFindsNothing()
    {
        strong();
        auto found = ScarRepository(*m_db).candidates(QStringLiteral("  ()*  "), {}, 5);
        QVERIFY(found);
        QVERIFY(found->empty());
    }
};

QTEST_GUILESS_MAIN(ScarRepositoryTest)
#include "scar_repository_test.moc"
