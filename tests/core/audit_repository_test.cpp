// The audit log at the repository level (docs/user-guide.md#audit): rows chain by SHA-256, the table refuses UPDATE and
// DELETE, and verify() names the first row whose content or link no longer matches.
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "TeamStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sediment;

class AuditRepositoryTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 22), QTime(9, 0), Qt::UTC)};
    int m_n = 0;

    AuditEntry entry(const QString& subject, const char* action = "memory.add")
    {
        AuditEntry e;
        e.actor = QStringLiteral("human:ana");
        e.action = QLatin1String(action);
        e.subjectType = QStringLiteral("memory_entry");
        e.subjectId = subject;
        e.after = QStringLiteral("entry ") + subject;
        e.details = Json{{"store", "memory"}, {"note", "é ünïcode"}};
        return e;
    }

    void appendThree()
    {
        AuditRepository audit(*m_db, m_clock);
        for (const char* s : {"1", "2", "3"})
            QVERIFY(audit.append(entry(QLatin1String(s))).has_value());
    }

    // The store's own message for a statement it refuses (either store), empty when it ran.
    QString sqlError(const Sql& sql)
    {
        auto done = m_db->exec(sql);
        return done ? QString() : done.error().message.remove(QStringLiteral("database error: "));
    }

private Q_SLOTS:
    void init()
    {
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("a%1.db").arg(++m_n)));
        QVERIFY(db.has_value());
        m_db = std::move(*db);
    }

    void eachRowLinksToThePreviousOne()
    {
        AuditRepository audit(*m_db, m_clock);
        auto first = audit.append(entry(QStringLiteral("1")));
        auto second = audit.append(entry(QStringLiteral("2")));
        QVERIFY(first && second);
        QCOMPARE(first->prevHash, AuditRepository::genesisHash());
        QCOMPARE(second->prevHash, first->hash);
        QCOMPARE(first->hash, AuditRepository::computeHash(*first));
        QCOMPARE(first->hash.size(), 64);
        QCOMPARE(first->at, QStringLiteral("2026-11-22T09:00:00.000Z"));
        auto broken = audit.verify();
        QVERIFY(broken.has_value());
        QVERIFY(!broken->has_value());
    }

    void theTableRefusesUpdateAndDelete()
    {
        appendThree();
        QCOMPARE(sqlError("UPDATE audit_log SET actor='human:mallory' WHERE seq=2"),
                 QStringLiteral("the audit log is append-only"));
        QCOMPARE(sqlError("DELETE FROM audit_log WHERE seq=3"), QStringLiteral("the audit log is append-only"));
        AuditRepository audit(*m_db, m_clock);
        QCOMPARE(*audit.count(), 3);
        QVERIFY(!audit.verify()->has_value());
    }

    void anEditedRowIsNamedByVerify()
    {
        appendThree();
        QVERIFY(
            sqlError({"DROP TRIGGER audit_log_no_update", "DROP TRIGGER audit_log_no_update ON audit_log"}).isEmpty());
        QVERIFY(sqlError("UPDATE audit_log SET after='forged' WHERE seq=2").isEmpty());
        auto broken = AuditRepository(*m_db, m_clock).verify();
        QVERIFY(broken.has_value() && broken->has_value());
        QCOMPARE((*broken)->seq, 2);
        QVERIFY(!(*broken)->why.isEmpty());
    }

    void aDeletedRowBreaksTheLinkOfTheNext()
    {
        appendThree();
        QVERIFY(
            sqlError({"DROP TRIGGER audit_log_no_delete", "DROP TRIGGER audit_log_no_delete ON audit_log"}).isEmpty());
        QVERIFY(sqlError("DELETE FROM audit_log WHERE seq=2").isEmpty());
        auto broken = AuditRepository(*m_db, m_clock).verify();
        QVERIFY(broken.has_value() && broken->has_value());
        QCOMPARE((*broken)->seq, 3);
    }

    void aRowAppendedInARolledBackTransactionLeavesNoTrace()
    {
        appendThree();
        {
            auto tx = m_db->begin();
            QVERIFY(tx.has_value());
            QVERIFY(AuditRepository(*m_db, m_clock).append(entry(QStringLiteral("4"))).has_value());
            // no commit: the transaction rolls back as it goes out of scope
        }
        AuditRepository audit(*m_db, m_clock);
        QCOMPARE(*audit.count(), 3);
        auto next = audit.append(entry(QStringLiteral("5")));
        QVERIFY(next.has_value());
        QCOMPARE(next->seq, 4);
        QVERIFY(!audit.verify()->has_value());
    }

    void listFiltersBySubjectAndAction()
    {
        AuditRepository audit(*m_db, m_clock);
        QVERIFY(audit.append(entry(QStringLiteral("7"), "memory.add")).has_value());
        QVERIFY(audit.append(entry(QStringLiteral("7"), "memory.remove")).has_value());
        QVERIFY(audit.append(entry(QStringLiteral("8"), "memory.add")).has_value());
        AuditRepository::Query q;
        q.subjectType = QStringLiteral("memory_entry");
        q.subjectId = QStringLiteral("7");
        auto rows = audit.list(q);
        QVERIFY(rows.has_value());
        QCOMPARE(rows->size(), size_t(2));
        q.action = QStringLiteral("memory.remove");
        QCOMPARE(audit.list(q)->size(), size_t(1));
        QCOMPARE(audit.list(q)->front().details["note"].get<std::string>(), std::string("é ünïcode"));
    }
};

QTEST_GUILESS_MAIN(AuditRepositoryTest)
#include "audit_repository_test.moc"
