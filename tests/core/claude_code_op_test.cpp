// What approving a Claude Code write leaves in the file (ClaudeCodeOp::applyTo), and which files
// the hook stages and approval may write (ClaudeWatchedPaths), on real folders and links.
#include "claudecode/ClaudeCodeOp.h"
#include "claudecode/ClaudeWatchedPaths.h"
#include "proposal/Sanitizer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

namespace {

ClaudeCodeOp edits(std::vector<ClaudeCodeOp::Edit> list)
{
    ClaudeCodeOp op;
    op.tool = list.size() == 1 ? ClaudeCodeOp::Tool::Edit : ClaudeCodeOp::Tool::MultiEdit;
    op.filePath = QStringLiteral("/p/CLAUDE.md");
    op.edits = std::move(list);
    return op;
}

ClaudeCodeOp::Edit edit(const char* from, const char* to, bool all = false)
{
    return {QString::fromUtf8(from), QString::fromUtf8(to), all};
}

void touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
}

} // namespace

class ClaudeCodeOpTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void editReplacesTheOneOccurrence()
    {
        QCOMPARE(edits({edit("b", "B")}).applyTo(QStringLiteral("abc")).value(), QStringLiteral("aBc"));
    }

    void editFoundTwiceIsStaleUnlessReplaceAll()
    {
        QVERIFY(!edits({edit("a", "x")}).applyTo(QStringLiteral("a a")).has_value());
        QCOMPARE(edits({edit("a", "x", true)}).applyTo(QStringLiteral("a a")).value(), QStringLiteral("x x"));
    }

    void occurrencesAreCountedWithoutOverlap()
    {
        // "aa" is in "aaa" once as the tool counts (left to right, not overlapping).
        QCOMPARE(edits({edit("aa", "b")}).applyTo(QStringLiteral("aaa")).value(), QStringLiteral("ba"));
    }

    void missingTextOrFileIsStale()
    {
        QVERIFY(!edits({edit("zzz", "y")}).applyTo(QStringLiteral("abc")).has_value());
        QVERIFY(!edits({edit("a", "y")}).applyTo(std::nullopt).has_value());
    }

    void emptyOldStringCreatesTheFile()
    {
        QCOMPARE(edits({edit("", "new\n")}).applyTo(std::nullopt).value(), QStringLiteral("new\n"));
        QVERIFY(!edits({edit("", "new\n")}).applyTo(QStringLiteral("text")).has_value());
    }

    void multiEditAppliesInOrderAllOrNothing()
    {
        QCOMPARE(edits({edit("a", "b"), edit("bb", "c")}).applyTo(QStringLiteral("ab")).value(), QStringLiteral("c"));
        const auto broken = edits({edit("a", "b"), edit("q", "r")}).applyTo(QStringLiteral("ab"));
        QVERIFY(!broken.has_value());
        QVERIFY2(broken.error().startsWith(QLatin1String("edit 2:")), qPrintable(broken.error()));
    }

    void writeReplacesWhateverIsThere()
    {
        ClaudeCodeOp op;
        op.content = QStringLiteral("whole\n");
        QCOMPARE(op.applyTo(QStringLiteral("old")).value(), QStringLiteral("whole\n"));
        QCOMPARE(op.applyTo(std::nullopt).value(), QStringLiteral("whole\n"));
    }

    void normaliseKeepsTheToolsInputAndRefusesUnwatchedFiles()
    {
        QTemporaryDir home;
        const QString cwd = home.path() + QStringLiteral("/proj");
        QDir().mkpath(cwd);
        Json report = Json::array();
        Sanitizer sanitizer(1, report);
        const Json op{{"tool", "Edit"},
                      {"file_path", QString(cwd + QStringLiteral("/CLAUDE.md")).toStdString()},
                      {"cwd", cwd.toStdString()},
                      {"old_string", "a"},
                      {"new_string", "b"}};
        auto n = ClaudeCodeOp::normalise(op, ClaudeFileKind::Directive, home.path(), sanitizer);
        QVERIFY2(n.has_value(), n ? "" : qPrintable(n.error().message));
        QVERIFY((*n)["replace_all"] == false);
        QVERIFY(ClaudeCodeOp::parse(*n).has_value());
        QVERIFY(!ClaudeCodeOp::normalise(op, ClaudeFileKind::Memory, home.path(), sanitizer));
        Json elsewhere = op;
        elsewhere["file_path"] = "/etc/CLAUDE.mdx";
        QVERIFY(!ClaudeCodeOp::normalise(elsewhere, ClaudeFileKind::Directive, home.path(), sanitizer));
        Json extra = op;
        extra["mode"] = "x";
        QVERIFY(!ClaudeCodeOp::normalise(extra, ClaudeFileKind::Directive, home.path(), sanitizer));
    }

    void identityLeavesTheSessionsFolderOut()
    {
        const Json op{{"tool", "Write"},
                      {"file_path", "/h/.claude/projects/-p/memory/a.md"},
                      {"cwd", "/p/src"},
                      {"content", "x"}};
        Json other = op;
        other["cwd"] = "/p";
        QVERIFY(ClaudeCodeOp::identity(op) == ClaudeCodeOp::identity(other));
        QVERIFY(!ClaudeCodeOp::identity(op).contains("cwd"));
        other["content"] = "y";
        QVERIFY(ClaudeCodeOp::identity(op) != ClaudeCodeOp::identity(other));
    }

    void projectSlugAndGitRoot()
    {
        QCOMPARE(ClaudeWatchedPaths::projectSlug(QStringLiteral("/home/me/src/my_app.v2")),
                 QStringLiteral("-home-me-src-my-app-v2"));
        QTemporaryDir dir;
        const QString main = dir.path() + QStringLiteral("/main");
        QDir().mkpath(main + QStringLiteral("/.git/worktrees/wt"));
        QDir().mkpath(main + QStringLiteral("/sub"));
        QCOMPARE(ClaudeWatchedPaths::projectRoot(main + QStringLiteral("/sub")), main);
        // A linked worktree shares its main repository's memory.
        const QString wt = dir.path() + QStringLiteral("/wt");
        QDir().mkpath(wt);
        QFile git(wt + QStringLiteral("/.git"));
        QVERIFY(git.open(QIODevice::WriteOnly));
        git.write(QString(QStringLiteral("gitdir: ") + main + QStringLiteral("/.git/worktrees/wt\n")).toUtf8());
        git.close();
        QCOMPARE(ClaudeWatchedPaths::projectRoot(wt), main);
    }

    void watchedFilesAndLinks()
    {
        QTemporaryDir dir;
        const QString home = dir.path() + QStringLiteral("/home");
        const QString cwd = home + QStringLiteral("/proj/sub");
        QDir().mkpath(cwd);
        const ClaudeWatchedPaths watched(home, cwd);
        using K = ClaudeFileKind;
        QCOMPARE(watched.classify(home + QStringLiteral("/.claude/projects/x/memory/MEMORY.md")), K::Memory);
        QCOMPARE(watched.classify(home + QStringLiteral("/.claude/projects/x/memory/deep/a.md")), K::Memory);
        QCOMPARE(watched.classify(home + QStringLiteral("/.claude/projects/x/notes.md")), std::nullopt);
        QCOMPARE(watched.classify(home + QStringLiteral("/.claude/CLAUDE.md")), K::Directive);
        QCOMPARE(watched.classify(home + QStringLiteral("/.claude/rules/a/b.md")), K::Directive);
        QCOMPARE(watched.classify(home + QStringLiteral("/proj/CLAUDE.md")), K::Directive);
        QCOMPARE(watched.classify(home + QStringLiteral("/proj/.claude/CLAUDE.md")), K::Directive);
        QCOMPARE(watched.classify(cwd + QStringLiteral("/CLAUDE.local.md")), K::Directive);
        QCOMPARE(watched.classify(cwd + QStringLiteral("/.claude/rules/x.md")), K::Directive);
        QCOMPARE(watched.classify(cwd + QStringLiteral("/README.md")), std::nullopt);
        QCOMPARE(watched.classify(cwd + QStringLiteral("/.claude/rules/x.txt")), std::nullopt);
        QCOMPARE(watched.classify(dir.path() + QStringLiteral("/elsewhere/CLAUDE.md")), std::nullopt);
        QCOMPARE(watched.classify(cwd + QStringLiteral("/../../.claude/CLAUDE.md")), K::Directive);
        QVERIFY(!watched.resolve(QStringLiteral("relative/CLAUDE.md")));

        // A directive that is a link out of the watched files: staged, never written.
        const QString target = dir.path() + QStringLiteral("/dotfiles/notes.txt");
        touch(target);
        QVERIFY(QFile::link(target, cwd + QStringLiteral("/CLAUDE.md")));
        QCOMPARE(watched.classify(cwd + QStringLiteral("/CLAUDE.md")), K::Directive);
        QVERIFY(!watched.resolve(cwd + QStringLiteral("/CLAUDE.md")));
        // A link into a watched file is a write to it.
        touch(home + QStringLiteral("/.claude/CLAUDE.md"));
        QVERIFY(QFile::link(home + QStringLiteral("/.claude/CLAUDE.md"), dir.path() + QStringLiteral("/link.md")));
        QCOMPARE(watched.classify(dir.path() + QStringLiteral("/link.md")), K::Directive);
        // ... and approval writes that file, not the link.
        QCOMPARE(watched.resolve(dir.path() + QStringLiteral("/link.md")).value(),
                 QFileInfo(home + QStringLiteral("/.claude/CLAUDE.md")).canonicalFilePath());
        // A link out of the watched files that is not watched itself is nothing to write either.
        QVERIFY(QFile::link(target, dir.path() + QStringLiteral("/out.md")));
        QCOMPARE(watched.classify(dir.path() + QStringLiteral("/out.md")), std::nullopt);
        QVERIFY(!watched.resolve(dir.path() + QStringLiteral("/out.md")));
        // A folder on the way that is a link to elsewhere.
        QDir().mkpath(dir.path() + QStringLiteral("/out"));
        QDir().mkpath(home + QStringLiteral("/.claude/projects/y"));
        QVERIFY(QFile::link(dir.path() + QStringLiteral("/out"), home + QStringLiteral("/.claude/projects/y/memory")));
        QVERIFY(!watched.resolve(home + QStringLiteral("/.claude/projects/y/memory/a.md")));
    }

    void autoMemoryDirectoryFromTheUsersSettings()
    {
        QTemporaryDir dir;
        const QString home = dir.path();
        QDir().mkpath(home + QStringLiteral("/.claude"));
        QFile f(home + QStringLiteral("/.claude/settings.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"autoMemoryDirectory\": \"~/sync/mem\"}");
        f.close();
        const ClaudeWatchedPaths watched(home, home + QStringLiteral("/p"));
        QCOMPARE(watched.customMemoryDir(), std::optional<QString>(home + QStringLiteral("/sync/mem")));
        QCOMPARE(watched.classify(home + QStringLiteral("/sync/mem/MEMORY.md")), ClaudeFileKind::Memory);
        QCOMPARE(watched.classify(home + QStringLiteral("/sync/other.md")), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(ClaudeCodeOpTest)
#include "claude_code_op_test.moc"
