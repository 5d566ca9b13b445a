// A background review's consolidation through the real `sediment` process, on a Hermes home whose
// memory.write_approval is off (Hermes stages these anyway): the item says it is one, in `inbox
// show`, `hermes list` and `inbox list --json`, with Hermes' own summary, and approving it
// replaces exactly the pinned entry.
#include "TempHome.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

const char* const kSummary = "background review consolidation (replace on memory): - replace entry matching 'tea' "
                             "-> whole entry becomes: Drinks green tea, no sugar.";

} // namespace

class HermesBackgroundReviewCliTest : public QObject {
    Q_OBJECT

private:
    clitest::TempHome m_home;

private Q_SLOTS:
    void init()
    {
        m_home.clear();
        m_home.write(QStringLiteral("config.yaml"), "memory:\n  write_approval: false\n");
        m_home.write(QStringLiteral("memories/MEMORY.md"), "Deploys go through staging.\n§\nLikes tea.");
        const Json record = {{"id", "bb000001"},
                             {"subsystem", "memory"},
                             {"action", "replace"},
                             {"summary", kSummary},
                             {"origin", "background_review"},
                             {"created_at", 1795400000.5},
                             {"payload",
                              {{"action", "replace"},
                               {"target", "memory"},
                               {"content", "Drinks green tea, no sugar."},
                               {"old_text", "tea"},
                               {"matched_entry", "Likes tea."}}}};
        m_home.write(QStringLiteral("pending/memory/bb000001.json"), QByteArray::fromStdString(record.dump(2)));
    }

    void aConsolidationIsShownAsSuchAndApprovesItsPinnedEntry()
    {
        QCOMPARE(m_home.run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            m_home.run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(list.size(), std::size_t(1));
        QVERIFY(list[0]["hermes"]["origin"] == Json("background_review"));
        QVERIFY(list[0]["hermes"]["summary"] == Json(kSummary));
        const QString id = QString::number(list[0]["id"].get<qint64>());

        Run r = m_home.run({QStringLiteral("inbox"), QStringLiteral("show"), id});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("\nOrigin: background_review (a background review consolidation: Hermes stages "
                                "these even with memory.write_approval off)\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains(QByteArray(QByteArray("\nHermes summary: ") + kSummary + "\n")), r.out.constData());
        // A memory write is no skill write: nothing is checked against skill_manage.
        QVERIFY2(!r.out.contains("Approval would fail"), r.out.constData());

        r = m_home.run({QStringLiteral("hermes"), QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QByteArray(" bb000001 [pending] memory background_review \xe2\x80\x94 ")),
                 r.out.constData());
        QVERIFY2(r.out.contains(QByteArray(QByteArray("\n    Hermes summary: ") + kSummary + "\n")), r.out.constData());

        r = m_home.run({QStringLiteral("inbox"), QStringLiteral("approve"), id});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(m_home.bytesOf(QStringLiteral("memories/MEMORY.md")),
                 QByteArray("Deploys go through staging.\n§\nDrinks green tea, no sugar."));
        QVERIFY(!QFile::exists(m_home.path(QStringLiteral("pending/memory/bb000001.json"))));
    }
};

QTEST_GUILESS_MAIN(HermesBackgroundReviewCliTest)
#include "hermes_background_review_cli_test.moc"
