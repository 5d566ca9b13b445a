// The verb reference (docs/verbs.md) against the real binary's help: the reference promises each
// verb's help verbatim, so a help text changed without its copy in the document fails here. For
// every verb that `sediment help` lists, the document has a "## <verb>" section whose one
// ```text block is, byte for byte, what `sediment <verb> --help` prints; the "Global usage"
// block is `sediment help` itself; and the document has no section for a verb that is gone.
#include "CliRun.h"

#include <algorithm>

#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using clitest::Run;

namespace {

const QString kGlobal = QStringLiteral("Global usage");
const QString kExitCodes = QStringLiteral("Exit codes");

// The document's "## " sections, each heading mapped to the contents of the ```text blocks under
// it (the lines between the fences, each with its newline).
QMap<QString, QStringList> textBlocksBySection(const QString& markdown)
{
    QMap<QString, QStringList> sections;
    QString heading;
    QString block;
    bool inText = false;
    bool inOther = false;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (inText) {
            if (line == QLatin1String("```")) {
                sections[heading] << block;
                inText = false;
            } else {
                block += line + QLatin1Char('\n');
            }
        } else if (inOther) {
            inOther = line != QLatin1String("```");
        } else if (line.startsWith(QLatin1String("## "))) {
            heading = line.mid(3).trimmed();
            sections.insert(heading, {});
        } else if (line == QLatin1String("```text")) {
            inText = true;
            block.clear();
        } else if (line.startsWith(QLatin1String("```"))) {
            inOther = true;
        }
    }
    return sections;
}

// The verb names of `sediment help`: the indented lines after "Verbs:", up to the blank line.
QStringList listedVerbs(const QString& help)
{
    QStringList verbs;
    bool inList = false;
    for (const QString& line : help.split(QLatin1Char('\n'))) {
        if (line == QLatin1String("Verbs:"))
            inList = true;
        else if (inList && line.isEmpty())
            break;
        else if (inList)
            verbs << line.trimmed().section(QLatin1Char(' '), 0, 0);
    }
    return verbs;
}

// Where two texts part, line by line, for a failure message that shows the stale line.
QString firstDifference(const QString& documented, const QString& printed)
{
    const QStringList a = documented.split(QLatin1Char('\n'));
    const QStringList b = printed.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        const QString left = i < a.size() ? a[i] : QStringLiteral("<end>");
        const QString right = i < b.size() ? b[i] : QStringLiteral("<end>");
        if (left != right)
            return QStringLiteral("line %1:\n  docs/verbs.md: %2\n  sediment:      %3").arg(i + 1).arg(left, right);
    }
    return {};
}

} // namespace

class VerbsDocCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;
    QString m_help;
    QMap<QString, QStringList> m_sections;

    // Help never opens the workspace; the folder is there so that nothing else is touched.
    Run run(const QStringList& args) { return clitest::runAsIs(m_ws, args); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_root.isValid());
        m_ws = m_root.path() + QStringLiteral("/ws");
        QFile doc(QStringLiteral(SEDIMENT_SOURCE_DIR "/docs/verbs.md"));
        QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
        m_sections = textBlocksBySection(QString::fromUtf8(doc.readAll()));
        const Run help = run({QStringLiteral("help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.err.isEmpty());
        m_help = QString::fromUtf8(help.out);
        const nlohmann::json list =
            nlohmann::json::parse(run({QStringLiteral("help"), QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(QString::fromStdString(list.value("usage", std::string())), m_help);
        QCOMPARE(qsizetype(list["verbs"].size()), listedVerbs(m_help).size());
    }

    void globalUsageIsTheHelpWithoutAVerb()
    {
        QVERIFY2(m_sections.contains(kGlobal), "docs/verbs.md has no '## Global usage' section");
        QCOMPARE(m_sections.value(kGlobal).size(), 1);
        const QString documented = m_sections.value(kGlobal).first();
        QVERIFY2(documented == m_help, qPrintable(firstDifference(documented, m_help)));
        const Run dashed = run({QStringLiteral("--help")});
        QCOMPARE(dashed.code, 0);
        QCOMPARE(QString::fromUtf8(dashed.out), m_help);
    }

    void everyListedVerbHasItsHelpVerbatim_data()
    {
        QTest::addColumn<QString>("verb");
        const QStringList verbs = listedVerbs(m_help);
        QVERIFY2(verbs.size() >= 10, qPrintable(m_help));
        for (const QString& verb : verbs)
            QTest::newRow(qPrintable(verb)) << verb;
    }

    void everyListedVerbHasItsHelpVerbatim()
    {
        QFETCH(QString, verb);
        const Run usage = run({verb, QStringLiteral("--help")});
        QCOMPARE(usage.code, 0);
        QVERIFY(usage.err.isEmpty());
        const QString printed = QString::fromUtf8(usage.out);
        QVERIFY2(!printed.isEmpty(), qPrintable(verb));

        // `sediment help VERB` prints the same text as `sediment VERB --help`.
        const Run viaHelp = run({QStringLiteral("help"), verb});
        QCOMPARE(viaHelp.code, 0);
        QCOMPARE(QString::fromUtf8(viaHelp.out), printed);
        // Every verb takes --json, help too: the same text, as a JSON string.
        const Run asJson = run({QStringLiteral("help"), verb, QStringLiteral("--json")});
        QCOMPARE(asJson.code, 0);
        const nlohmann::json j = nlohmann::json::parse(asJson.out.toStdString());
        QCOMPARE(QString::fromStdString(j.value("usage", std::string())), printed);
        QCOMPARE(QString::fromStdString(j.value("verb", std::string())), verb);

        QVERIFY2(m_sections.contains(verb),
                 qPrintable(QStringLiteral("docs/verbs.md has no '## %1' section").arg(verb)));
        const QStringList blocks = m_sections.value(verb);
        QVERIFY2(blocks.size() == 1,
                 qPrintable(QStringLiteral("'## %1' has %2 ```text blocks, one expected (its help); examples go in "
                                           "```console blocks")
                                .arg(verb)
                                .arg(blocks.size())));
        QVERIFY2(blocks.first() == printed, qPrintable(QStringLiteral("'## %1' differs from `sediment %1 --help`, %2")
                                                           .arg(verb, firstDifference(blocks.first(), printed))));
    }

    void noSectionForAVerbThatIsGone()
    {
        const QStringList verbs = listedVerbs(m_help);
        for (auto it = m_sections.cbegin(); it != m_sections.cend(); ++it)
            QVERIFY2(
                it.key() == kGlobal || it.key() == kExitCodes || verbs.contains(it.key()),
                qPrintable(
                    QStringLiteral("docs/verbs.md has '## %1', which `sediment help` does not list").arg(it.key())));
    }
};

QTEST_GUILESS_MAIN(VerbsDocCliTest)
#include "verbs_doc_cli_test.moc"
