// A background review's consolidation through the real `sediment` process, on a Hermes home whose
// memory.write_approval is off (Hermes stages these anyway): the item says it is one, in `inbox
// show`, `hermes list` and `inbox list --json`, with Hermes' own summary, and approving it
// replaces exactly the pinned entry.
#include "CliRun.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
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
    QTemporaryDir m_dir;

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir.path(), args); }
    void write(const QString& rel, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    QByteArray bytesOf(const QString& rel) const
    {
        QFile f(path(rel));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        write(QStringLiteral("config.yaml"), "memory:\n  write_approval: false\n");
        write(QStringLiteral("memories/MEMORY.md"), "Deploys go through staging.\n§\nLikes tea.");
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
        write(QStringLiteral("pending/memory/bb000001.json"), QByteArray::fromStdString(record.dump(2)));
    }

    void aConsolidationIsShownAsSuchAndApprovesItsPinnedEntry()
    {
        QCOMPARE(run({QStringLiteral("hermes"), QStringLiteral("import-pending")}).code, 0);
        const Json list = Json::parse(
            run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(list.size(), std::size_t(1));
        QVERIFY(list[0]["hermes"]["origin"] == Json("background_review"));
        QVERIFY(list[0]["hermes"]["summary"] == Json(kSummary));
        const QString id = QString::number(list[0]["id"].get<qint64>());

        Run r = run({QStringLiteral("inbox"), QStringLiteral("show"), id});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("\nOrigin: background_review (a background review consolidation: Hermes stages "
                                "these even with memory.write_approval off)\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains(QByteArray(QByteArray("\nHermes summary: ") + kSummary + "\n")), r.out.constData());
        // A memory write is no skill write: nothing is checked against skill_manage.
        QVERIFY2(!r.out.contains("Approval would fail"), r.out.constData());

        r = run({QStringLiteral("hermes"), QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QByteArray(" bb000001 [pending] memory background_review \xe2\x80\x94 ")),
                 r.out.constData());
        QVERIFY2(r.out.contains(QByteArray(QByteArray("\n    Hermes summary: ") + kSummary + "\n")), r.out.constData());

        r = run({QStringLiteral("inbox"), QStringLiteral("approve"), id});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(bytesOf(QStringLiteral("memories/MEMORY.md")),
                 QByteArray("Deploys go through staging.\n§\nDrinks green tea, no sugar."));
        QVERIFY(!QFile::exists(path(QStringLiteral("pending/memory/bb000001.json"))));
    }
};

QTEST_GUILESS_MAIN(HermesBackgroundReviewCliTest)
#include "hermes_background_review_cli_test.moc"
