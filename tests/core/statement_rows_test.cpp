// Statement's row readers, in both stores: collectMap keys each row by its first column and keeps
// a repeated key's last value; firstText reads one text or nothing; an absent id binds NULL.
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
};

QTEST_GUILESS_MAIN(StatementRowsTest)
#include "statement_rows_test.moc"
