// A memory provider plugin's own records in pending/memory/ (the Mnemosyne provider's remember,
// update, forget, invalidate), through the real `sediment` process on a Hermes-shaped home: they
// are named as provider records left for their plugin by import-pending, list and status, never
// imported, never applied to MEMORY.md/USER.md, never removed.
#include "TempHome.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sediment;
using clitest::Run;

class HermesProviderRecordsCliTest : public QObject {
    Q_OBJECT

private:
    clitest::TempHome m_home;

    void stage(const QString& rel, const Json& payload)
    {
        const Json r = {{"id", QFileInfo(rel).baseName().toStdString()},
                        {"subsystem", "memory"},
                        {"action", payload["action"]},
                        {"summary", "mnemosyne: stage"},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.5},
                        {"payload", payload}};
        m_home.write(rel, QByteArray::fromStdString(r.dump(2)));
    }

private Q_SLOTS:
    void init()
    {
        m_home.clear();
        m_home.write(QStringLiteral("config.yaml"), "memory:\n  write_approval: true\n");
        m_home.write(QStringLiteral("memories/MEMORY.md"), "Deploys go through staging.");
        stage(QStringLiteral("pending/memory/ee000001.json"), {{"action", "remember"}, {"content", "likes tea"}});
        stage(QStringLiteral("pending/memory/ee000002.json"),
              {{"action", "update"}, {"memory_id", "m-17"}, {"content", "likes green tea"}});
        stage(QStringLiteral("pending/memory/ee000003.json"), {{"action", "forget"}, {"memory_id", "m-18"}});
        stage(QStringLiteral("profiles/work/pending/memory/ee000004.json"),
              {{"action", "invalidate"}, {"memory_id", "m-19"}, {"replacement_id", "m-20"}});
        stage(QStringLiteral("pending/memory/ee000005.json"), {{"action", "add"}, {"content", "a real write"}});
        m_home.write(QStringLiteral("pending/memory/ee000006.json"), "{\"id\": \"ee000006\"");
    }

    void importNamesProviderRecordsAndLeavesThemUntouched()
    {
        const QByteArray before = m_home.bytesOf(QStringLiteral("pending/memory/ee000002.json"));
        Run r = m_home.run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json j = r.json();
        QCOMPARE(j["imported"].size(), std::size_t(1));
        QCOMPARE(j["unparseable"].size(), std::size_t(1));
        QVERIFY(j["unparseable"][0]["file"] == Json("ee000006.json"));
        QCOMPARE(j["provider_records"].size(), std::size_t(4));
        QVERIFY(j["provider_records"][1].dump()
                == Json({{"hermes_id", "ee000002"},
                         {"profile", "default"},
                         {"file", "ee000002.json"},
                         {"action", "update"},
                         {"memory_id", "m-17"},
                         {"summary", "mnemosyne: stage"}})
                       .dump());
        QVERIFY(j["provider_records"][3]["profile"] == Json("work"));

        r = m_home.run({QStringLiteral("hermes"), QStringLiteral("import-pending")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("pending/memory/ee000003.json: provider record (forget m-18), left for their plugin\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains("profiles/work/pending/memory/ee000004.json: provider record (invalidate m-19), "
                                "left for their plugin\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains("0 imported, 1 waiting for a decision, 0 settled, 1 unusable, 4 provider records "
                                "left for their plugin\n"),
                 r.out.constData());
        QVERIFY(!r.out.contains("cannot use pending/memory/ee00000"
                                "1"));

        // Nothing of theirs reaches the inbox, the store, or the bin.
        const Json list = Json::parse(
            m_home.run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(list.size(), std::size_t(1));
        QVERIFY(list[0]["hermes"]["id"] == Json("ee000005"));
        QCOMPARE(
            m_home
                .run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(list[0]["id"].get<qint64>())})
                .code,
            0);
        QCOMPARE(m_home.bytesOf(QStringLiteral("memories/MEMORY.md")),
                 QByteArray("Deploys go through staging.\n§\na real write"));
        QCOMPARE(m_home.bytesOf(QStringLiteral("pending/memory/ee000002.json")), before);
        for (const char* rel : {"pending/memory/ee000001.json", "pending/memory/ee000003.json",
                                "profiles/work/pending/memory/ee000004.json", "pending/memory/ee000006.json"})
            QVERIFY2(QFile::exists(m_home.path(QLatin1String(rel))), rel);
        QVERIFY(!QFile::exists(m_home.path(QStringLiteral("memories/USER.md"))));
    }

    void statusAndListCountThemApartFromUnusableFiles()
    {
        Run r = m_home.run({QStringLiteral("hermes"), QStringLiteral("status"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        Json j = r.json();
        QVERIFY(j["staged_files"] == Json(6));
        QVERIFY(j["unparseable_files"] == Json(1));
        QCOMPARE(j["provider_records"].size(), std::size_t(4));
        QVERIFY(j["provider_records"][0]["action"] == Json("remember"));
        QVERIFY(j["provider_records"][0]["memory_id"] == Json(nullptr));
        // They wait for their plugin, not for a reviewer here.
        QVERIFY(j["pending"] == Json(1));

        r = m_home.run({QStringLiteral("hermes"), QStringLiteral("status")});
        QVERIFY2(r.out.contains("staged files: 6 (1 unusable, 4 provider records left for their plugin)\n"
                                "pending/memory/ee000001.json: provider record (remember), left for their plugin\n"),
                 r.out.constData());

        QCOMPARE(m_home.run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        r = m_home.run({QStringLiteral("hermes"), QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("pending/memory/ee000002.json: provider record (update m-17), left for their plugin\n"),
                 r.out.constData());
    }
};

QTEST_GUILESS_MAIN(HermesProviderRecordsCliTest)
#include "hermes_provider_records_cli_test.moc"
