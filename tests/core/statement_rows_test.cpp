// Statement's row readers, in both stores: collectMap keys each row by its first column and keeps
// a repeated key's last value; firstText reads one text or nothing; an absent id binds NULL; the
// store's one-statement calls bind their values in the order given and report a failed prepare
// as an error that changed nothing.
#include "TeamStore.h"

#include <QHash>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace sediment;

namespace {

constexpr const char* kRows = "SELECT k, v FROM (SELECT 'a' AS k, 1 AS v UNION ALL SELECT 'b', 2 "
                              "UNION ALL SELECT 'a', 3) AS t ORDER BY v";

} // namespace

class StatementRowsTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("statement_rows.db"));
        test::removeStore(path);
        auto opened = test::openStore(path);
        QVERIFY2(opened.has_value(), opened ? "" : qPrintable(opened.error().message));
        m_db = std::move(*opened);
    }

    void cleanupTestCase()
    {
        m_db.reset();
        test::removeStore(m_dir.filePath(QStringLiteral("statement_rows.db")));
    }

    void collectMapKeepsTheLastValueOfAKey()
    {
        auto st = m_db->prepare(kRows);
        QVERIFY(st.has_value());
        auto counts = st->collectMap<QMap<QString, qint64>>([](const Statement& row) { return row.int64(1); });
        QVERIFY(counts.has_value());
        QCOMPARE(*counts, (QMap<QString, qint64>{{QStringLiteral("a"), 3}, {QStringLiteral("b"), 2}}));

        st->reset();
        auto texts = st->collectMap<QHash<QString, QString>>([](const Statement& row) { return row.text(1); });
        QVERIFY(texts.has_value());
        QCOMPARE(*texts, (QHash<QString, QString>{{QStringLiteral("a"), QStringLiteral("3")},
                                                  {QStringLiteral("b"), QStringLiteral("2")}}));
    }

    void collectMapOfNoRowsIsEmpty()
    {
        auto st = m_db->prepare("SELECT k, v FROM (SELECT 'a' AS k, 1 AS v) AS t WHERE v > 1");
        QVERIFY(st.has_value());
        auto none = st->collectMap<std::map<QString, qint64>>([](const Statement& row) { return row.int64(1); });
        QVERIFY(none.has_value());
        QVERIFY(none->empty());
    }

    void firstTextReadsOneTextOrNothing()
    {
        auto st = m_db->prepare(kRows);
        QVERIFY(st.has_value());
        auto first = st->firstText();
        QVERIFY(first.has_value());
        QCOMPARE(*first, std::optional<QString>(QStringLiteral("a")));

        auto empty = m_db->prepare("SELECT k FROM (SELECT 'a' AS k) AS t WHERE k = 'b'");
        QVERIFY(empty.has_value());
        auto nothing = empty->firstText();
        QVERIFY(nothing.has_value());
        QCOMPARE(*nothing, std::optional<QString>());
    }

    void anAbsentIdBindsNull()
    {
        auto st = m_db->prepare("SELECT COALESCE(?, -1)");
        QVERIFY(st.has_value());
        QCOMPARE(*st->bind(1, std::optional<qint64>(7)).scalar(), qint64(7));
        QCOMPARE(*st->bind(1, std::optional<qint64>()).scalar(), qint64(-1));
    }

    void oneStatementCallsBindTheirValuesInOrder()
    {
        QVERIFY(
            m_db->exec(Sql{"CREATE TABLE one_shot(id INTEGER PRIMARY KEY AUTOINCREMENT, t TEXT, n INTEGER, x INTEGER)",
                           "CREATE TABLE one_shot(id BIGSERIAL PRIMARY KEY, t TEXT, n BIGINT, x BIGINT)"}));
        const char* insert = "INSERT INTO one_shot(t, n, x) VALUES (?, ?, ?)";
        auto first = m_db->insert(insert, QStringLiteral("a"), 2, std::optional<qint64>());
        QVERIFY(first.has_value());
        auto second = m_db->insert(insert, QStringLiteral("b"), 3, std::optional<qint64>(9));
        QVERIFY(second.has_value());
        QCOMPARE(*second, *first + 1);

        QCOMPARE(*m_db->firstText("SELECT t FROM one_shot WHERE n = ? AND x IS NULL", 2),
                 std::optional<QString>(QStringLiteral("a")));
        QCOMPARE(*m_db->firstInt64("SELECT x FROM one_shot WHERE t = ? AND n = ?", QStringLiteral("b"), 3),
                 std::optional<qint64>(9));
        QCOMPARE(*m_db->firstInt64("SELECT x FROM one_shot WHERE t = ?", QStringLiteral("c")), std::optional<qint64>());
        QCOMPARE(*m_db->scalar("SELECT COUNT(*) FROM one_shot WHERE n >= ?", 2), qint64(2));

        QVERIFY(m_db->run("UPDATE one_shot SET n = ? WHERE t = ?", 5, QStringLiteral("b")));
        QCOMPARE(m_db->changes(), qint64(1));
        QCOMPARE(*m_db->scalar("SELECT n FROM one_shot WHERE id = ?", *second), qint64(5));

        // A statement that does not prepare is an error value from each call; nothing is written.
        const char* broken = "INSERT INTO no_such_table(t) VALUES (?)";
        QVERIFY(!m_db->insert(broken, QStringLiteral("z")).has_value());
        QVERIFY(!m_db->run(broken, QStringLiteral("z")).has_value());
        QVERIFY(!m_db->scalar("SELECT COUNT(*) FROM no_such_table WHERE t = ?", QStringLiteral("z")).has_value());
        QCOMPARE(*m_db->scalar("SELECT COUNT(*) FROM one_shot"), qint64(2));
        QVERIFY(m_db->exec("DROP TABLE one_shot"));
    }
};

QTEST_GUILESS_MAIN(StatementRowsTest)
#include "statement_rows_test.moc"
