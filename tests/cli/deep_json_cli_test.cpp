// JSON nested hundreds of thousands of levels deep, as an agent could send it (well under the
// 16 MiB input limit): refused with exit 2 and one line, never a crash from a stack exhausted by
// printing, hashing or merging the value, and nothing stored.
#include "CliRun.h"
#include "WorkspaceDump.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

QByteArray nested(int depth) { return QByteArray(depth, '[') + QByteArray(depth, ']'); }

} // namespace

class DeepJsonCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;

    void expectRefused(const QStringList& args, const QByteArray& input, const QByteArray& fragment)
    {
        const QString db = test::dumpDatabase(m_ws + QStringLiteral("/sediment.db"));
        const QString files = test::dumpTree(m_ws);
        const Run r = clitest::sediment(m_ws, args, input);
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(QString::fromUtf8(r.err))));
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(fragment), r.err.constData());
        QCOMPARE(test::dumpDatabase(m_ws + QStringLiteral("/sediment.db")), db);
        QCOMPARE(test::dumpTree(m_ws), files);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_ws = m_root.filePath(QStringLiteral("ws"));
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("init")}).code, 0);
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("-")},
                                        R"({"destination":"settings_json","op":{"patch":{"a":1}},"score":0.5})");
        QCOMPARE(r.code, 0);
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("inbox"), QStringLiteral("list")}).code, 0);
    }

    void proposeRefusesADeepSettingsPatch()
    {
        const QByteArray proposal =
            R"({"destination":"settings_json","op":{"patch":{"a":)" + nested(300000) + R"(}},"score":0.9})";
        expectRefused({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")}, proposal,
                      "nest deeper than 512 levels");
        // The same as one line of JSON Lines, after a good proposal.
        const QByteArray lines = R"({"target":"memory","op":{"action":"add","content":"x"},"score":0.9})"
                                 "\n"
                                 + proposal + "\n";
        expectRefused({QStringLiteral("propose"), QStringLiteral("-")}, lines, "deeper than 512 levels");
    }

    void proposeStillTakesModestNesting()
    {
        const QByteArray proposal =
            R"({"destination":"settings_json","op":{"patch":{"a":)" + nested(20) + R"(}},"score":0.5})";
        const Run r = clitest::sediment(m_ws, {QStringLiteral("propose"), QStringLiteral("-")}, proposal);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void memoryApplyRefusesADeepRequest()
    {
        const QByteArray request = R"({"action":"add","target":"memory","content":"x","extra":)" + nested(300000) + "}";
        expectRefused({QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")}, request,
                      "not valid JSON");
    }

    void inboxPatchRefusesADeepOp()
    {
        const QByteArray op = R"({"patch":{"a":)" + nested(300000) + "}}";
        expectRefused({QStringLiteral("inbox"), QStringLiteral("patch"), QStringLiteral("1"), QStringLiteral("--file"),
                       QStringLiteral("-")},
                      op, "deeper than 512 levels");
    }
};

QTEST_GUILESS_MAIN(DeepJsonCliTest)
#include "deep_json_cli_test.moc"
