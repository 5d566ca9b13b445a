// The server's twin of a statement written for SQLite: placeholders numbered as SQLite numbers
// them, quoted text and comments left alone, a negative LIMIT keeping SQLite's meaning.
#include "store/postgres/PostgresPlaceholders.h"

#include <QTest>

using sediment::postgres::numberPlaceholders;

class PostgresPlaceholdersTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void barePlaceholdersAreNumberedInOrder()
    {
        int n = 0;
        QCOMPARE(numberPlaceholders("INSERT INTO t(a, b, c) VALUES (?,?, ?)", &n),
                 std::string("INSERT INTO t(a, b, c) VALUES ($1,$2, $3)"));
        QCOMPARE(n, 3);
    }

    void numberedPlaceholdersKeepTheirNumberAndABareOneFollowsTheLargest()
    {
        int n = 0;
        // SQLite: a bare ? after ?5 is ?6.
        QCOMPARE(numberPlaceholders("a = ?5 OR b = ?2 OR c = ? OR d = ?5", &n),
                 std::string("a = $5 OR b = $2 OR c = $6 OR d = $5"));
        QCOMPARE(n, 6);
    }

    void quotedTextNamesAndCommentsAreCopiedAsTheyAre()
    {
        int n = 0;
        QCOMPARE(numberPlaceholders("SELECT '?', 'it''s ?', \"we?ird\" -- why ?\nFROM t WHERE x = ?", &n),
                 std::string("SELECT '?', 'it''s ?', \"we?ird\" -- why ?\nFROM t WHERE x = $1"));
        QCOMPARE(n, 1);
    }

    void aLimitPlaceholderTakesANegativeValueAsNoLimit()
    {
        int n = 0;
        QCOMPARE(
            numberPlaceholders("SELECT id FROM t ORDER BY id limit ?3 OFFSET ?4", &n),
            std::string("SELECT id FROM t ORDER BY id limit NULLIF(GREATEST(CAST($3 AS BIGINT), -1), -1) OFFSET $4"));
        QCOMPARE(n, 4);
        // Only the keyword, not a name ending in it.
        QCOMPARE(numberPlaceholders("SELECT rate_limit ? FROM t", &n), std::string("SELECT rate_limit $1 FROM t"));
    }

    void noPlaceholderNoParameter()
    {
        int n = 7;
        QCOMPARE(numberPlaceholders("SELECT 1", &n), std::string("SELECT 1"));
        QCOMPARE(n, 0);
        QCOMPARE(numberPlaceholders("", &n), std::string());
    }
};

QTEST_GUILESS_MAIN(PostgresPlaceholdersTest)
#include "postgres_placeholders_test.moc"
