// Bad option values and arguments, verb by verb, through the real binary: each is exit 2 with
// one line on stderr that names the value and what is accepted, and the workspace (database rows
// and files) is exactly as it was. Never an empty answer that looks like success.
#include "CliRun.h"
#include "WorkspaceDump.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

// "inbox list --status bogus" → {"inbox", "list", "--status", "bogus"}; '_' stands for an
// empty argument.
QStringList words(const char* line)
{
    QStringList out = QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (QString& w : out)
        if (w == QLatin1String("_"))
            w.clear();
    return out;
}

} // namespace

class OptionValidationCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;

    Run run(const QStringList& args, const QByteArray& input = {}) { return clitest::sediment(m_ws, args, input); }

    // Runs `line`, expecting the refusal: exit 2, one stderr line holding every fragment, nothing
    // on stdout, nothing stored changed.
    void expectRefused(const char* line, const QStringList& fragments)
    {
        const QString dbBefore = test::dumpDatabase(m_ws + QStringLiteral("/sediment.db"));
        const QString filesBefore = test::dumpTree(m_ws);
        const Run r = run(words(line));
        QVERIFY2(r.code == 2, qPrintable(QStringLiteral("%1: exit %2, stderr %3")
                                             .arg(QString::fromUtf8(line))
                                             .arg(r.code)
                                             .arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.startsWith("sediment: ") && r.err.count('\n') == 1 && r.err.endsWith('\n'), r.err.constData());
        for (const QString& f : fragments)
            QVERIFY2(
                r.err.contains(f.toUtf8()),
                qPrintable(
                    QStringLiteral("%1: '%2' not in %3").arg(QString::fromUtf8(line), f, QString::fromUtf8(r.err))));
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(test::dumpDatabase(m_ws + QStringLiteral("/sediment.db")), dbBefore);
        QCOMPARE(test::dumpTree(m_ws), filesBefore);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_ws = m_root.filePath(QStringLiteral("ws"));
        QCOMPARE(run(words("init")).code, 0);
        // One of everything, so that a refusal has something to leave alone.
        QCOMPARE(
            run(words("propose -"), R"({"target":"memory","op":{"action":"add","content":"kept"},"score":0.9})").code,
            0);
        QCOMPARE(run(words("inbox list")).code, 0); // files the proposal into the inbox
        QCOMPARE(run(words("memory add --target memory --content entry-one")).code, 0);
        QCOMPARE(run(words("skills use tidy-logs")).code, 0);
        QCOMPARE(run(words("scars add --kind failure --title broke")).code, 0);
        QCOMPARE(run(words("decisions import -"),
                     R"({"description":"d","confidence":0.8,"category":"process","stakes":"low"})")
                     .code,
                 0);
    }

    void anyVerbRefusesUnknownOptionNamingTheAcceptedOnes()
    {
        expectRefused("stats --bogus",
                      {QStringLiteral("unknown option '--bogus'"), QStringLiteral("accepted: --json, --help")});
        expectRefused("inbox list --stauts pending", {QStringLiteral("'--stauts'"), QStringLiteral("--status")});
        expectRefused("inbox list --status pending --status applied",
                      {QStringLiteral("--status is given twice"), QStringLiteral("'pending' and 'applied'")});
        expectRefused("inbox list --json=yes", {QStringLiteral("--json takes no value (got 'yes')")});
        expectRefused("inbox list --status", {QStringLiteral("--status needs a value")});
        expectRefused("--workspace= stats", {QStringLiteral("--workspace needs a value")});
    }

    void initRefusesExtraFolders()
    {
        expectRefused("init a b", {QStringLiteral("init: unexpected argument 'b'")});
        expectRefused("init --demo=yes", {QStringLiteral("--demo takes no value")});
        expectRefused("init _", {QStringLiteral("init: the folder name is empty")});
        expectRefused("propose _", {QStringLiteral("propose: the file name is empty")});
        expectRefused("inbox release 999999", {QStringLiteral("no inbox item 999999")});
    }

    void proposeRefusesExtraFilesAndBadTimes()
    {
        expectRefused("propose a b", {QStringLiteral("propose: unexpected argument 'b'")});
        expectRefused("propose - --now yesterday", {QStringLiteral("--now: invalid ISO-8601 time 'yesterday'"),
                                                    QStringLiteral("accepted: YYYY-MM-DD")});
        expectRefused("propose - --now 2026-02-30T10:00:00Z", {QStringLiteral("'2026-02-30T10:00:00Z'")});
        expectRefused("propose - --now 2026-01-01T10:00:00+99:00", {QStringLiteral("'2026-01-01T10:00:00+99:00'")});
        expectRefused("propose - --now 2026-01-01T10:00:00+01:75", {QStringLiteral("'2026-01-01T10:00:00+01:75'")});
    }

    void reviewRefusesBadTimeoutAndArguments()
    {
        expectRefused("review x --summary-file - --proposer-cmd true",
                      {QStringLiteral("review: unexpected argument 'x'")});
        expectRefused("review --summary-file - --proposer-cmd true --timeout soon",
                      {QStringLiteral("--timeout"), QStringLiteral("(got 'soon')")});
        expectRefused("review --summary-file - --proposer-cmd true --timeout -1", {QStringLiteral("(got '-1')")});
    }

    void inboxRefusesUnknownValuesBeforeTouchingAnything()
    {
        expectRefused("inbox list --status bogus --json",
                      {QStringLiteral("inbox list: unknown --status 'bogus'"),
                       QStringLiteral("accepted: pending, applied, failed, refused")});
        expectRefused("inbox list --status _", {QStringLiteral("unknown --status ''")});
        expectRefused("inbox list --destination memries",
                      {QStringLiteral("unknown --destination 'memries'"), QStringLiteral("memory, user, claude_md")});
        // One QUERY in the query language (docs/verbs.md#inbox); a second word, or a query the
        // language cannot read, is refused.
        expectRefused("inbox list one extra", {QStringLiteral("inbox list: unexpected argument 'extra'")});
        expectRefused("inbox list status:bogus", {QStringLiteral("inbox list: unknown status 'bogus'")});
        expectRefused("inbox", {QStringLiteral("inbox: which action?"), QStringLiteral("list, show, approve")});
        expectRefused("inbox aprove 1", {QStringLiteral("unknown action 'aprove'"), QStringLiteral("approve")});
        expectRefused("inbox approve", {QStringLiteral("inbox approve: which inbox item?")});
        expectRefused("inbox approve one",
                      {QStringLiteral("'one' is not a valid inbox item id"), QStringLiteral(">= 1")});
        expectRefused("inbox approve 0", {QStringLiteral("'0' is not a valid inbox item id")});
        expectRefused("inbox approve -3", {QStringLiteral("'-3' is not a valid inbox item id")});
        expectRefused("inbox approve 1 2", {QStringLiteral("inbox approve: unexpected argument '2'")});
        expectRefused("inbox approve 999", {QStringLiteral("no inbox item 999")});
        expectRefused("inbox approve 1 --status pending",
                      {QStringLiteral("inbox approve: option --status does not apply here"),
                       QStringLiteral("accepted: --make-room, --reviewer, --now")});
        expectRefused("inbox approve 1 --reviewer _", {QStringLiteral("--reviewer needs a non-empty value")});
        expectRefused("inbox approve 1 --now 10:00", {QStringLiteral("--now: invalid ISO-8601 time '10:00'")});
        expectRefused("inbox refuse 1",
                      {QStringLiteral("--reason CODE is required"), QStringLiteral("duplicate, wrong")});
        expectRefused("inbox refuse 1 --reason meh",
                      {QStringLiteral("inbox refuse: unknown --reason 'meh'"),
                       QStringLiteral("accepted: duplicate, wrong, too_specific, stale, unsafe, low_value, other")});
        expectRefused("inbox refuse 1 --reason other", {QStringLiteral("needs a text")});
        expectRefused("inbox patch 1", {QStringLiteral("--file F is required")});
        expectRefused("inbox patch x --file -", {QStringLiteral("'x' is not a valid inbox item id")});
        expectRefused("inbox list --reason wrong", {QStringLiteral("option --reason does not apply here")});
        expectRefused("inbox show 1 --text hi", {QStringLiteral("inbox show: option --text does not apply")});
    }

    void inboxStillAnswersGoodValues()
    {
        Run r = run(words("inbox list --status pending --json"));
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().size(), size_t(1));
        r = run(words("inbox list --status refused --destination memory --json"));
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QByteArray("[]\n"));
        QCOMPARE(run(words("inbox show #1 --json")).code, 0);
    }

    void jsonIsAGlobalOptionBeforeTheVerb()
    {
        // The help lists --json among the global options: before the verb it is the verb's own.
        for (const char* line : {"inbox list", "stats", "memory show", "skills list", "audit"}) {
            const Run before = run(QStringList{QStringLiteral("--json")} + words(line));
            const Run after = run(words(line) + QStringList{QStringLiteral("--json")});
            QVERIFY2(before.code == 0, before.err.constData());
            QCOMPARE(before.out, after.out);
            QVERIFY(!before.json().is_discarded());
        }
        expectRefused("--json", {QStringLiteral("--json needs a verb")});
    }

    void memoryRefusesOptionsOfAnotherCommand()
    {
        expectRefused("memory", {QStringLiteral("memory: which command?"), QStringLiteral("add, apply")});
        expectRefused("memory forget", {QStringLiteral("unknown command 'forget'"), QStringLiteral("replace, show")});
        expectRefused("memory show --content x", {QStringLiteral("memory show: option --content does not apply"),
                                                  QStringLiteral("--target, --snapshot")});
        expectRefused("memory add --target memory --content x --old-text y",
                      {QStringLiteral("memory add: option --old-text does not apply")});
        expectRefused("memory show --target mem", {QStringLiteral("Invalid target 'mem'. Use 'memory' or 'user'.")});
        expectRefused("memory add --target notes --content x", {QStringLiteral("'notes'")});
        expectRefused("memory show extra", {QStringLiteral("unexpected argument 'extra'")});
    }

    void skillsRefuseUnknownStatesAndNames()
    {
        expectRefused("skills list --state gone", {QStringLiteral("skills list: unknown --state 'gone'"),
                                                   QStringLiteral("active, stale, archived")});
        expectRefused("skills list --created-by robot",
                      {QStringLiteral("unknown --created-by 'robot'"), QStringLiteral("agent, user, bundled, hub")});
        expectRefused("skills use ../etc",
                      {QStringLiteral("'../etc' is not a skill name"), QStringLiteral("[a-z0-9]")});
        expectRefused("skills use", {QStringLiteral("skills use: missing skill NAME")});
        expectRefused("skills pin a b", {QStringLiteral("skills pin: unexpected argument 'b'")});
        expectRefused("skills pin tidy-logs --dry-run", {QStringLiteral("option --dry-run does not apply")});
        expectRefused("skills list --now 2026-01-01", {QStringLiteral("skills list: option --now does not apply")});
        expectRefused("skills curate --now tomorrow", {QStringLiteral("--now: invalid ISO-8601 time 'tomorrow'")});
        expectRefused("skills curate extra", {QStringLiteral("skills curate: unexpected argument 'extra'")});
        expectRefused("skills", {QStringLiteral("skills: which action?"), QStringLiteral("list")});
        expectRefused("skills forget x", {QStringLiteral("unknown action 'forget'")});
    }

    void scarsRefuseUnknownKindsAndNumbers()
    {
        expectRefused("scars add --kind oops --title t",
                      {QStringLiteral("scars add: unknown --kind 'oops'"), QStringLiteral("failure, victory")});
        expectRefused("scars add --title t --importance 11",
                      {QStringLiteral("--importance must be an integer in [0,10] (got '11')")});
        expectRefused("scars add --title t --importance high", {QStringLiteral("(got 'high')")});
        expectRefused("scars add stray --title t", {QStringLiteral("scars add: unexpected argument 'stray'")});
        expectRefused("scars list --kind bad", {QStringLiteral("scars list: unknown --kind 'bad'")});
        expectRefused("scars list a b", {QStringLiteral("scars list: unexpected argument 'b'")});
        expectRefused("scars list --limit -2", {QStringLiteral("--limit must be an integer")});
        expectRefused("scars recall x --k 0", {QStringLiteral("--k must be an integer in [1,1000] (got '0')")});
        expectRefused("scars suggest extra", {QStringLiteral("scars suggest: unexpected argument 'extra'")});
        expectRefused("scars archive-unrecalled --older-than many", {QStringLiteral("(got 'many')")});
        expectRefused("scars archive-unrecalled", {QStringLiteral("--older-than DAYS is required")});
        expectRefused("scars forget", {QStringLiteral("unknown subcommand 'forget'"), QStringLiteral("accepted: add")});
    }

    void decisionsRefuseUnknownOutcomesAndIds()
    {
        expectRefused("decisions list --outcome meh",
                      {QStringLiteral("decisions list: unknown --outcome 'meh'"),
                       QStringLiteral("pending, success, partial, failure, noise, superseded, reviewed")});
        expectRefused("decisions list --category food",
                      {QStringLiteral("unknown --category 'food'"), QStringLiteral("architecture")});
        expectRefused("decisions list --stakes huge",
                      {QStringLiteral("unknown --stakes 'huge'"), QStringLiteral("critical")});
        expectRefused("decisions list extra", {QStringLiteral("decisions list: unexpected argument 'extra'")});
        expectRefused("decisions show x", {QStringLiteral("'x' is not a valid decision id")});
        expectRefused("decisions show 1 2", {QStringLiteral("unexpected argument '2'")});
        expectRefused("decisions show 77", {QStringLiteral("no decision 77")});
        expectRefused("decisions review 1", {QStringLiteral("--outcome is required"), QStringLiteral("success")});
        expectRefused("decisions review 1 --outcome great",
                      {QStringLiteral("decisions review: unknown --outcome 'great'"), QStringLiteral("partial")});
        expectRefused("decisions review 1 --outcome success --reviewer _",
                      {QStringLiteral("--reviewer needs a non-empty value")});
        expectRefused("decisions review 1 --outcome superseded --superseded-by zero",
                      {QStringLiteral("--superseded-by 'zero' is not a valid decision id")});
        expectRefused("decisions review 1 --outcome success --now 1.1.2026", {QStringLiteral("'1.1.2026'")});
        expectRefused("decisions calibration extra",
                      {QStringLiteral("decisions calibration: unexpected argument 'extra'")});
        expectRefused("decisions import a b", {QStringLiteral("decisions import: unexpected argument 'b'")});
        expectRefused("decisions forget",
                      {QStringLiteral("unknown subcommand 'forget'"), QStringLiteral("accepted: import")});
    }

    void hermesRefusesUnknownCommandsAndArguments()
    {
        expectRefused("hermes status extra", {QStringLiteral("hermes status: unexpected argument 'extra'")});
        expectRefused("hermes import-pending --now never", {QStringLiteral("'never'")});
        expectRefused("hermes", {QStringLiteral("which command?"), QStringLiteral("import-pending, list, status")});
    }

    void auditRefusesUnknownSubjectTypes()
    {
        expectRefused("audit --subject bogus", {QStringLiteral("audit: unknown subject type 'bogus'"),
                                                QStringLiteral("inbox_item"), QStringLiteral("memory")});
        expectRefused("audit --subject inbox_item:",
                      {QStringLiteral("--subject must be TYPE or TYPE:ID (got 'inbox_item:')")});
        expectRefused("audit --verify --subject memory", {QStringLiteral("takes no --subject")});
        expectRefused("audit extra", {QStringLiteral("audit: unexpected argument 'extra'")});
        const Run r = run(words("audit --subject scar --json"));
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().size(), size_t(1));
    }

    void statsAndHelpRefuseStrayArguments()
    {
        expectRefused("stats extra", {QStringLiteral("stats: unexpected argument 'extra'")});
        expectRefused("help inbox extra", {QStringLiteral("help: unexpected argument 'extra'")});
        expectRefused("help inbx", {QStringLiteral("help: no verb 'inbx'"), QStringLiteral("inbox")});
        expectRefused("inbx", {QStringLiteral("unknown verb 'inbx'")});
    }

    void controlCharactersInOptionValuesAreRefused()
    {
        // An escape sequence would reach the audit log and every terminal that shows it; a line
        // break would split a reviewer's name over two lines of the log.
        expectRefused("scars add --title x\x1b[2J --lesson y",
                      {QStringLiteral("option --title holds a control character (U+001B)")});
        expectRefused("memory add --target user --content a\rb",
                      {QStringLiteral("option --content holds a control character (U+000D)")});
        expectRefused("inbox unrefuse 1 --reviewer evil\nname",
                      {QStringLiteral("option --reviewer holds a control character (U+000A)")});
    }
};

QTEST_GUILESS_MAIN(OptionValidationCliTest)
#include "option_validation_cli_test.moc"
