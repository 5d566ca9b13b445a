// `sediment claude-code hook` from the outside (docs/verbs.md#claude-code): the JSON Claude Code sends a
// PreToolUse command hook, for every file tool, on watched memory and directive files and on
// files that are not watched; the byte-exact answer, the exit code, the staged item, and the
// bytes after approval. HOME is a temporary folder, so ~/.claude is too.
#include "CliRun.h"

#include "claudecode/ClaudeSettingsHook.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using clitest::Run;
using OJson = nlohmann::ordered_json;

class ClaudeCodeCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_ws;
    QTemporaryDir m_home;
    QString m_project; // a git repository under the temporary home

    QStringList env() const { return {QStringLiteral("HOME=") + m_home.path()}; }

    // How install names this program in the hook's command.
    static QString program()
    {
        return sediment::ClaudeSettingsHook::shellQuoted(
            QFileInfo(QStringLiteral(SEDIMENT_BINARY)).canonicalFilePath());
    }

    Run run(const QStringList& args, const QByteArray& input = {}) const
    {
        teamtest::prepareWorkspace(m_ws.path());
        return clitest::runAsIs(m_ws.path(), args, input, env());
    }

    Run hook(const OJson& call) const
    {
        return run({QStringLiteral("claude-code"), QStringLiteral("hook")}, QByteArray::fromStdString(call.dump()));
    }

    // What Claude Code sends: every field of a PreToolUse call.
    OJson call(const char* tool, const OJson& input, const QString& cwd = {}) const
    {
        return {{"session_id", "sess-1"},
                {"transcript_path", QString(m_home.path() + QStringLiteral("/t.jsonl")).toStdString()},
                {"cwd", QString(cwd.isEmpty() ? m_project : cwd).toStdString()},
                {"permission_mode", "default"},
                {"hook_event_name", "PreToolUse"},
                {"tool_name", tool},
                {"tool_input", input},
                {"tool_use_id", "toolu_01"}};
    }

    QString memoryDir() const
    {
        QString slug = m_project;
        for (QChar& c : slug)
            if (!(c.isLetterOrNumber() && c.unicode() < 128))
                c = QLatin1Char('-');
        return m_home.path() + QStringLiteral("/.claude/projects/") + slug + QStringLiteral("/memory");
    }

    static QByteArray denial(qint64 id)
    {
        return QByteArray("{\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": "
                          "\"deny\", \"permissionDecisionReason\": \"Staged for human review in Sediment as inbox "
                          "item #")
               + QByteArray::number(id) + QByteArray("; it is written when approved. Do not retry it.\"}}\n");
    }

    // The inbox id named in a denial.
    static qint64 idIn(const Run& r)
    {
        const QByteArray marker("inbox item #");
        const qsizetype at = r.out.indexOf(marker);
        if (at < 0)
            return -1;
        return r.out.mid(at + marker.size()).split(';').first().toLongLong();
    }

    static void write(const QString& path, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(bytes), bytes.size());
    }

    static QByteArray bytesOf(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }

    OJson show(qint64 id) const
    {
        const Run r =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")});
        return r.json();
    }

    // Stages `c`, checks the exact denial, and returns the item's id.
    qint64 staged(const OJson& c) const
    {
        const Run r = hook(c);
        const qint64 id = idIn(r);
        if (r.code != 0 || id <= 0 || r.out != denial(id) || !r.err.isEmpty())
            qWarning("hook answered %d: %s %s", r.code, r.out.constData(), r.err.constData());
        return r.code == 0 && r.out == denial(id) ? id : -1;
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_ws.path()).removeRecursively();
        QDir().mkpath(m_ws.path());
        QDir(m_home.path()).removeRecursively();
        m_project = m_home.path() + QStringLiteral("/work/my.project");
        QDir().mkpath(m_project + QStringLiteral("/.git"));
        QDir().mkpath(m_project + QStringLiteral("/src/deep"));
    }

    void writeToAutoMemoryIsStagedThenWrittenOnApproval()
    {
        const QString file = memoryDir() + QStringLiteral("/MEMORY.md");
        const std::string content = "- [Build](build.md) \xe2\x80\x94 use ninja\n";
        const qint64 id = staged(call("Write", {{"file_path", file.toStdString()}, {"content", content}}));
        QVERIFY(id > 0);
        QVERIFY(!QFile::exists(file)); // denied: Claude Code did not write it, neither did Sediment

        const OJson item = show(id);
        QCOMPARE(item.value("destination", ""), "claude_memory");
        QCOMPARE(item.value("status", ""), "pending");
        QCOMPARE(item.value("agent", ""), "claude-code");
        QCOMPARE(item.value("session", ""), "sess-1");
        QCOMPARE(item["source"].value("cwd", ""), m_project.toStdString());
        QCOMPARE(item["source"].value("tool_use_id", ""), "toolu_01");
        QCOMPARE(item["op"].value("tool", ""), "Write");

        const Run ok = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(ok.code == 0, ok.err.constData());
        QCOMPARE(bytesOf(file), QByteArray::fromStdString(content));
        QCOMPARE(show(id).value("status", ""), "applied");

        // Revert takes the file away again: it did not exist before.
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(id)});
        QVERIFY2(back.code == 0, back.err.constData());
        QVERIFY(!QFile::exists(file));
    }

    void editOfClaudeMdIsStagedThenAppliedAndReverted()
    {
        const QString file = m_project + QStringLiteral("/CLAUDE.md");
        write(file, "# Rules\nUse tabs.\nKeep it short.\n");
        const qint64 id = staged(
            call("Edit",
                 {{"file_path", file.toStdString()}, {"old_string", "Use tabs."}, {"new_string", "Use four spaces."}},
                 m_project + QStringLiteral("/src/deep")));
        QVERIFY(id > 0);
        QCOMPARE(show(id).value("destination", ""), "claude_md");
        QCOMPARE(bytesOf(file), QByteArray("# Rules\nUse tabs.\nKeep it short.\n"));

        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QCOMPARE(bytesOf(file), QByteArray("# Rules\nUse four spaces.\nKeep it short.\n"));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(id)}).code, 0);
        QCOMPARE(bytesOf(file), QByteArray("# Rules\nUse tabs.\nKeep it short.\n"));
    }

    void directiveInAProjectSubfolderIsWatched()
    {
        // Claude Code loads a subfolder's CLAUDE.md when it reads files there.
        const QString file = m_project + QStringLiteral("/src/deep/CLAUDE.md");
        const qint64 id = staged(call("Write", {{"file_path", file.toStdString()}, {"content", "Deep rules.\n"}}));
        QVERIFY(id > 0);
        QCOMPARE(show(id).value("destination", ""), "claude_md");
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QCOMPARE(bytesOf(file), QByteArray("Deep rules.\n"));
    }

    void editWithReplaceAllChangesEveryOccurrence()
    {
        const QString file = m_home.path() + QStringLiteral("/.claude/CLAUDE.md");
        write(file, "npm run x\nnpm test\n");
        const qint64 id = staged(call(
            "Edit",
            {{"file_path", file.toStdString()}, {"old_string", "npm"}, {"new_string", "pnpm"}, {"replace_all", true}}));
        QVERIFY(id > 0);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QCOMPARE(bytesOf(file), QByteArray("pnpm run x\npnpm test\n"));
    }

    void multiEditAppliesInOrderAllOrNothing()
    {
        const QString file = m_project + QStringLiteral("/.claude/rules/style.md");
        write(file, "alpha\nbeta\n");
        const OJson edits = OJson::array({{{"old_string", "alpha"}, {"new_string", "gamma"}},
                                          {{"old_string", "gamma\nbeta"}, {"new_string", "gamma\ndelta"}}});
        const qint64 id = staged(call("MultiEdit", {{"file_path", file.toStdString()}, {"edits", edits}}));
        QVERIFY(id > 0);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}).code, 0);
        QCOMPARE(bytesOf(file), QByteArray("gamma\ndelta\n"));

        // The second edit no longer applies: nothing at all is written, the item is stale.
        const OJson broken = OJson::array(
            {{{"old_string", "gamma"}, {"new_string", "omega"}}, {{"old_string", "not there"}, {"new_string", "x"}}});
        const qint64 second = staged(call("MultiEdit", {{"file_path", file.toStdString()}, {"edits", broken}}));
        QVERIFY(second > 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(second)});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("stale"), r.err.constData());
        QCOMPARE(bytesOf(file), QByteArray("gamma\ndelta\n"));
        QCOMPARE(show(second).value("status", ""), "pending");
    }

    // A Write and the Edits after it, staged one by one, approved as one group (docs/user-guide.md#preflight): each
    // applied to what the one before it left, the file written once; reverted whole.
    void writesToOneMemoryFileAreApprovedAsOneGroup()
    {
        const QString file = memoryDir() + QStringLiteral("/build.md");
        const qint64 first = staged(call("Write", {{"file_path", file.toStdString()}, {"content", "Use make.\n"}}));
        const qint64 second =
            staged(call("Edit", {{"file_path", file.toStdString()}, {"old_string", "make"}, {"new_string", "ninja"}}));
        const qint64 third = staged(
            call("Edit", {{"file_path", file.toStdString()}, {"old_string", "ninja."}, {"new_string", "ninja -j2."}}));
        QVERIFY(first > 0 && second > 0 && third > 0);
        // Alone, the Edits are stale (the file is not there yet); as a group they apply.
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve-group"), QString::number(third)});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(bytesOf(file), QByteArray("Use ninja -j2.\n"));
        for (const qint64 id : {first, second, third})
            QCOMPARE(show(id).value("status", ""), "applied");
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(first)});
        QVERIFY2(back.code == 0, back.err.constData());
        QVERIFY(!QFile::exists(file));
        for (const qint64 id : {first, second, third})
            QCOMPARE(show(id).value("status", ""), "reverted");
    }

    void editWhoseTextChangedIsStale()
    {
        const QString file = memoryDir() + QStringLiteral("/build.md");
        write(file, "---\nname: build\n---\nUse make.\n");
        const qint64 id = staged(call(
            "Edit", {{"file_path", file.toStdString()}, {"old_string", "Use make."}, {"new_string", "Use ninja."}}));
        QVERIFY(id > 0);
        write(file, "---\nname: build\n---\nUse cmake.\n"); // somebody else's edit meanwhile
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("stale"), r.err.constData());
        QCOMPARE(bytesOf(file), QByteArray("---\nname: build\n---\nUse cmake.\n"));
        QCOMPARE(show(id).value("stale", false), true);

        // An old_string found twice is ambiguous without replace_all: stale too.
        write(file, "a\na\n");
        const qint64 twice =
            staged(call("Edit", {{"file_path", file.toStdString()}, {"old_string", "a"}, {"new_string", "b"}}));
        QVERIFY(twice > 0);
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(twice)}).code, 1);
        QCOMPARE(bytesOf(file), QByteArray("a\na\n"));
    }

    void sameWriteStagedTwiceIsSeenTwice()
    {
        const QString file = memoryDir() + QStringLiteral("/MEMORY.md");
        const OJson c = call("Write", {{"file_path", file.toStdString()}, {"content", "one\n"}});
        const qint64 first = staged(c);
        QVERIFY(first > 0);
        QCOMPARE(staged(c), first);
        QCOMPARE(show(first).value("seen", 0), 2);
    }

    void sameWriteFromAnotherFolderOfTheProjectIsOneItem()
    {
        // The session and its folder are provenance, not part of the write (docs/verbs.md#claude-code): the
        // same write asked for from a subfolder, in another session, is the first item seen again.
        const QString file = memoryDir() + QStringLiteral("/a.md");
        const OJson input{{"file_path", file.toStdString()}, {"content", "same\n"}};
        const qint64 first = staged(call("Write", input));
        QVERIFY(first > 0);
        OJson again = call("Write", input, m_project + QStringLiteral("/src"));
        again["session_id"] = "sess-2";
        again["tool_use_id"] = "toolu_02";
        QCOMPARE(staged(again), first);
        const OJson item = show(first);
        QCOMPARE(item.value("seen", 0), 2);
        QCOMPARE(item["source"].value("cwd", ""), m_project.toStdString()); // the first asker's
        const Run list = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.json().size(), size_t(1));

        // Proposed by hand with yet another folder, it is the same item too.
        const OJson proposal{{"destination", "claude_memory"},
                             {"op",
                              {{"tool", "Write"},
                               {"file_path", file.toStdString()},
                               {"cwd", QString(m_project + QStringLiteral("/src/deep")).toStdString()},
                               {"content", "same\n"}}},
                             {"rationale", "by hand"}};
        const Run proposed = run({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                                 QByteArray::fromStdString(proposal.dump()));
        QVERIFY2(proposed.code == 0, proposed.err.constData());
        QCOMPARE(show(first).value("seen", 0), 3);

        // Refused from one folder, it is refused from every other.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("refuse"), QString::number(first),
                      QStringLiteral("--reason"), QStringLiteral("wrong")})
                     .code,
                 0);
        const Run refused = hook(call("Write", input, m_project + QStringLiteral("/src/deep")));
        QCOMPARE(refused.code, 0);
        QVERIFY2(refused.out.contains("already refused this same write"), refused.out.constData());
    }

    void otherCallsPassWithoutOutput()
    {
        const QList<OJson> calls = {
            call("Write",
                 {{"file_path", QString(m_project + QStringLiteral("/src/main.cpp")).toStdString()}, {"content", "x"}}),
            call("Edit", {{"file_path", QString(m_project + QStringLiteral("/README.md")).toStdString()},
                          {"old_string", "a"},
                          {"new_string", "b"}}),
            // A CLAUDE.md that is not the session's (a sibling project) and a memory-like file
            // outside any project's memory folder.
            call("Write", {{"file_path", QString(m_home.path() + QStringLiteral("/other/CLAUDE.md")).toStdString()},
                           {"content", "x"}}),
            call("Write",
                 {{"file_path", QString(m_home.path() + QStringLiteral("/.claude/projects/p/notes.md")).toStdString()},
                  {"content", "x"}}),
            call("Bash", {{"command", "echo hi > CLAUDE.md"}}),
            call("Read", {{"file_path", QString(m_project + QStringLiteral("/CLAUDE.md")).toStdString()}}),
        };
        for (const OJson& c : calls) {
            const Run r = hook(c);
            QCOMPARE(r.code, 0);
            QCOMPARE(r.out, QByteArray());
            QCOMPARE(r.err, QByteArray());
        }
        const Run list = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        QVERIFY2(!list.out.contains("claude"), list.out.constData());
    }

    void inputThatIsNotTheHooksIsOneLineAndExitOne()
    {
        for (const QByteArray& input :
             {QByteArray("not json"), QByteArray("[1, 2]"), QByteArray("{\"tool_name\": 3}"), QByteArray()}) {
            const Run r = run({QStringLiteral("claude-code"), QStringLiteral("hook")}, input);
            QCOMPARE(r.code, 1);
            QCOMPARE(r.out, QByteArray());
            QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, r.err.constData());
        }
    }

    void unusableWorkspaceFailsClosedUnlessFailOpen()
    {
        const QString file = memoryDir() + QStringLiteral("/MEMORY.md");
        const QByteArray input =
            QByteArray::fromStdString(call("Write", {{"file_path", file.toStdString()}, {"content", "x\n"}}).dump());
        // A workspace whose database cannot be reached.
        QTemporaryDir broken;
        write(broken.path() + QStringLiteral("/sediment.json"),
              "{\"database\": \"host=/nonexistent/sediment-test port=1 dbname=x connect_timeout=1\"}");
        const Run closed =
            clitest::runAsIs(broken.path(), {QStringLiteral("claude-code"), QStringLiteral("hook")}, input, env());
        QCOMPARE(closed.code, 0);
        const OJson answer = closed.json();
        QCOMPARE(answer["hookSpecificOutput"].value("permissionDecision", ""), "deny");
        QVERIFY2(answer["hookSpecificOutput"].value("permissionDecisionReason", "").find("could not stage")
                     != std::string::npos,
                 closed.out.constData());

        write(broken.path() + QStringLiteral("/sediment.json"),
              "{\"database\": \"host=/nonexistent/sediment-test port=1 dbname=x connect_timeout=1\", "
              "\"claude_code\": {\"fail_open\": true}}");
        const Run open =
            clitest::runAsIs(broken.path(), {QStringLiteral("claude-code"), QStringLiteral("hook")}, input, env());
        QCOMPARE(open.code, 0);
        QCOMPARE(open.out, QByteArray());
        QVERIFY(!QFile::exists(file));
    }

    void installMergesTheHookKeepingEveryOtherKey()
    {
        const QString settings = m_home.path() + QStringLiteral("/.claude/settings.json");
        const QByteArray original =
            "{\"model\": \"opus\", \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": "
            "[{\"type\": \"command\", \"command\": \"echo hi\"}]}], \"Stop\": []}}\n";
        write(settings, original);
        const Run r = run({QStringLiteral("claude-code"), QStringLiteral("install"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().value("changed", false), true);
        QCOMPARE(bytesOf(settings + QStringLiteral(".sediment-backup")), original);
        const OJson merged = OJson::parse(bytesOf(settings).toStdString(), nullptr, false);
        QCOMPARE(merged.value("model", ""), "opus");
        QVERIFY(merged["hooks"].contains("Stop"));
        const OJson& pre = merged["hooks"]["PreToolUse"];
        QCOMPARE(pre.size(), size_t(2));
        QCOMPARE(pre[0].value("matcher", ""), "Bash");
        QCOMPARE(pre[1].value("matcher", ""), "Write|Edit|MultiEdit");
        QCOMPARE(pre[1]["hooks"][0].value("type", ""), "command");
        QVERIFY(pre[1]["hooks"][0].value("command", "").find("claude-code hook") != std::string::npos);

        // Idempotent: a second install changes nothing.
        const QByteArray once = bytesOf(settings);
        const Run again = run({QStringLiteral("claude-code"), QStringLiteral("install"), QStringLiteral("--json")});
        QCOMPARE(again.json().value("changed", true), false);
        QCOMPARE(bytesOf(settings), once);

        const Run st = run({QStringLiteral("claude-code"), QStringLiteral("status"), QStringLiteral("--json")});
        QCOMPARE(st.json().value("hook_installed_for_user", false), true);

        // Uninstall leaves the settings as they were (their JSON; the layout is Sediment's).
        const Run out = run({QStringLiteral("claude-code"), QStringLiteral("uninstall"), QStringLiteral("--json")});
        QCOMPARE(out.json().value("changed", false), true);
        QVERIFY(OJson::parse(bytesOf(settings).toStdString(), nullptr, false)
                == OJson::parse(original.toStdString(), nullptr, false));

        // A project's settings, made when missing.
        const Run proj =
            run({QStringLiteral("claude-code"), QStringLiteral("install"), QStringLiteral("--project"), m_project});
        QCOMPARE(proj.code, 0);
        QVERIFY(bytesOf(m_project + QStringLiteral("/.claude/settings.json")).contains("Write|Edit|MultiEdit"));

        // A settings file that is not a JSON object is left alone.
        write(settings, "{ not json");
        const Run bad = run({QStringLiteral("claude-code"), QStringLiteral("install")});
        QCOMPARE(bad.code, 2);
        QCOMPARE(bytesOf(settings), QByteArray("{ not json"));
    }

    void installNamesAWorkspaceGivenRelativelyByItsAbsolutePath()
    {
        // Claude Code runs the hook from the project's folder: a relative name would point
        // elsewhere there.
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("HOME"), m_home.path());
        p.setProcessEnvironment(e);
        p.setWorkingDirectory(QFileInfo(m_ws.path()).absolutePath());
        teamtest::prepareWorkspace(m_ws.path());
        p.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), QFileInfo(m_ws.path()).fileName(),
                                                  QStringLiteral("claude-code"), QStringLiteral("install")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const OJson settings = OJson::parse(
            bytesOf(m_home.path() + QStringLiteral("/.claude/settings.json")).toStdString(), nullptr, false);
        const std::string command = settings["hooks"]["PreToolUse"][0]["hooks"][0].value("command", "");
        QCOMPARE(QString::fromStdString(command), program() + QStringLiteral(" --workspace ")
                                                      + sediment::ClaudeSettingsHook::shellQuoted(m_ws.path())
                                                      + QStringLiteral(" claude-code hook"));
    }

    void installedCommandRunsWithoutSedimentOnThePath()
    {
        // Claude Code runs the command through a shell, with its own PATH; a hook that does not
        // start is a non-blocking error there, and the write goes through unreviewed.
        const Run r = run({QStringLiteral("claude-code"), QStringLiteral("install")});
        QVERIFY2(r.code == 0, r.err.constData());
        const OJson settings = OJson::parse(
            bytesOf(m_home.path() + QStringLiteral("/.claude/settings.json")).toStdString(), nullptr, false);
        const QString command =
            QString::fromStdString(settings["hooks"]["PreToolUse"][0]["hooks"][0].value("command", ""));
        QVERIFY2(command.startsWith(program() + QLatin1Char(' ')), qPrintable(command));

        QProcess shell;
        QProcessEnvironment e;
        e.insert(QStringLiteral("HOME"), m_home.path());
        e.insert(QStringLiteral("PATH"), m_home.path() + QStringLiteral("/no-bin"));
        shell.setProcessEnvironment(e);
        shell.setWorkingDirectory(m_project);
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        const QString file = memoryDir() + QStringLiteral("/MEMORY.md");
        shell.write(
            QByteArray::fromStdString(call("Write", {{"file_path", file.toStdString()}, {"content", "x\n"}}).dump()));
        shell.closeWriteChannel();
        QVERIFY(shell.waitForFinished(60000));
        const QByteArray out = shell.readAllStandardOutput();
        QCOMPARE(shell.exitCode(), 0);
        QVERIFY2(out.contains("\"permissionDecision\": \"deny\""),
                 QByteArray(out + shell.readAllStandardError()).constData());
        QVERIFY(!QFile::exists(file));
    }

    void installAgainReplacesOurHookWhateverProgramWroteIt()
    {
        // Installed before by name and by another path (one with a blank, quoted), beside someone
        // else's hook: install leaves one hook of ours, in the first one's place, running this
        // program; uninstall finds either form.
        const QString settings = m_home.path() + QStringLiteral("/.claude/settings.json");
        write(settings, "{\"hooks\": {\"PreToolUse\": ["
                        "{\"matcher\": \"Write|Edit|MultiEdit\", \"hooks\": ["
                        "{\"type\": \"command\", \"command\": \"lint-memory\"},"
                        "{\"type\": \"command\", \"command\": \"sediment claude-code hook\"}]},"
                        "{\"matcher\": \"Write|Edit|MultiEdit\", \"hooks\": ["
                        "{\"type\": \"command\", \"command\": "
                        "\"'/opt/old tools/sediment' --workspace '/w s' claude-code hook\"}]}]}}\n");
        const Run r = run({QStringLiteral("claude-code"), QStringLiteral("install"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().value("changed", false), true);
        OJson merged = OJson::parse(bytesOf(settings).toStdString(), nullptr, false);
        const OJson& pre = merged["hooks"]["PreToolUse"];
        QCOMPARE(pre.size(), size_t(1));
        QCOMPARE(pre[0]["hooks"].size(), size_t(2));
        QCOMPARE(pre[0]["hooks"][0].value("command", ""), "lint-memory");
        QVERIFY2(
            QString::fromStdString(pre[0]["hooks"][1].value("command", "")).startsWith(program() + QLatin1Char(' ')),
            pre.dump().c_str());

        const QByteArray once = bytesOf(settings);
        const Run again = run({QStringLiteral("claude-code"), QStringLiteral("install"), QStringLiteral("--json")});
        QCOMPARE(again.json().value("changed", true), false);
        QCOMPARE(bytesOf(settings), once);

        // Uninstall takes out a hook written by name or by a quoted path.
        write(settings, "{\"hooks\": {\"PreToolUse\": ["
                        "{\"matcher\": \"Write|Edit|MultiEdit\", \"hooks\": ["
                        "{\"type\": \"command\", \"command\": \"sediment claude-code hook\"},"
                        "{\"type\": \"command\", \"command\": "
                        "\"'/opt/old tools/sediment' claude-code hook\"}]}]}, \"model\": \"opus\"}\n");
        const Run out = run({QStringLiteral("claude-code"), QStringLiteral("uninstall"), QStringLiteral("--json")});
        QCOMPARE(out.json().value("changed", false), true);
        QVERIFY2(OJson::parse(bytesOf(settings).toStdString(), nullptr, false) == OJson({{"model", "opus"}}),
                 bytesOf(settings).constData());
    }

    void installRefusesHooksOfAnotherShapeAndChangesNothing()
    {
        const QString settings = m_home.path() + QStringLiteral("/.claude/settings.json");
        for (const QByteArray& text : {QByteArray("{\"hooks\": \"not an object\"}\n"),
                                       QByteArray("{\"hooks\": {\"PreToolUse\": {\"matcher\": \"Bash\"}}}\n")}) {
            write(settings, text);
            const QByteArray backup = bytesOf(settings + QStringLiteral(".sediment-backup"));
            const Run r = run({QStringLiteral("claude-code"), QStringLiteral("install")});
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("nothing was changed") && r.err.count('\n') == 1, r.err.constData());
            QCOMPARE(bytesOf(settings), text);
            QCOMPARE(bytesOf(settings + QStringLiteral(".sediment-backup")), backup);
        }
    }

    void statusListsProjectsWithTheirPendingWrites()
    {
        write(memoryDir() + QStringLiteral("/MEMORY.md"), "- [A](a.md) - a\n");
        write(memoryDir() + QStringLiteral("/a.md"), "---\nname: a\n---\nA.\n");
        QVERIFY(staged(call("Write", {{"file_path", QString(memoryDir() + QStringLiteral("/b.md")).toStdString()},
                                      {"content", "B.\n"}}))
                > 0);
        QVERIFY(staged(call("Write", {{"file_path", QString(m_project + QStringLiteral("/CLAUDE.md")).toStdString()},
                                      {"content", "Rules.\n"}}))
                > 0);
        const Run r = run({QStringLiteral("claude-code"), QStringLiteral("status"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const OJson s = r.json();
        QCOMPARE(s["projects"].size(), size_t(1));
        const OJson& p = s["projects"][0];
        QCOMPARE(p.value("memory_dir", ""), memoryDir().toStdString());
        QCOMPARE(p.value("files", 0), 2);
        QCOMPARE(p.value("pending", 0), 1);
        QVERIFY(p["oldest_age_seconds"].is_number());
        QCOMPARE(s["directives"].value("pending", 0), 1);
    }

    void linkToAWatchedFileIsWrittenThroughOnApproval()
    {
        // notes.md is no directive, but a link to CLAUDE.md: Claude Code's Write of it would write
        // CLAUDE.md, so approval does, and the link stays a link.
        const QString directive = m_project + QStringLiteral("/CLAUDE.md");
        const QString link = m_project + QStringLiteral("/notes.md");
        write(directive, "orig\n");
        QVERIFY(QFile::link(directive, link));
        const qint64 id = staged(call("Write", {{"file_path", link.toStdString()}, {"content", "via link\n"}}));
        QVERIFY(id > 0);
        const Run ok = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY2(ok.code == 0, ok.err.constData());
        QCOMPARE(bytesOf(directive), QByteArray("via link\n"));
        QCOMPARE(QFileInfo(link).symLinkTarget(), directive);
        const Run back = run({QStringLiteral("inbox"), QStringLiteral("revert"), QString::number(id)});
        QVERIFY2(back.code == 0, back.err.constData());
        QCOMPARE(bytesOf(directive), QByteArray("orig\n"));
        QVERIFY(QFileInfo(link).isSymLink());

        // Pointed out of the watched files between staging and approval: nothing is written.
        const qint64 next = staged(call("Write", {{"file_path", link.toStdString()}, {"content", "moved\n"}}));
        QVERIFY(next > 0);
        const QString elsewhere = m_project + QStringLiteral("/README.md");
        write(elsewhere, "readme\n");
        QVERIFY(QFile::remove(link));
        QVERIFY(QFile::link(elsewhere, link));
        const Run refused = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(next)});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains("is not a memory or directive file"), refused.err.constData());
        QCOMPARE(bytesOf(elsewhere), QByteArray("readme\n"));
        QCOMPARE(bytesOf(directive), QByteArray("orig\n"));

        // Pointed at a watched file of the other kind: not the write that was staged.
        const QString memory = memoryDir() + QStringLiteral("/MEMORY.md");
        write(memory, "index\n");
        QVERIFY(QFile::remove(link));
        QVERIFY(QFile::link(memory, link));
        const Run otherKind = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(next)});
        QCOMPARE(otherKind.code, 1);
        QVERIFY2(otherKind.err.contains("is no longer Claude Code's directive"), otherKind.err.constData());
        QCOMPARE(bytesOf(memory), QByteArray("index\n"));
    }

    void symlinkOutOfTheWatchedFilesIsNotWritten()
    {
        // ~/.claude/CLAUDE.md is a link to a file elsewhere: staged (a write to it is a write
        // there), but approval refuses to follow it out of the watched files.
        const QString elsewhere = m_home.path() + QStringLiteral("/dotfiles/notes.txt");
        write(elsewhere, "mine\n");
        QDir().mkpath(m_home.path() + QStringLiteral("/.claude"));
        QVERIFY(QFile::link(elsewhere, m_home.path() + QStringLiteral("/.claude/CLAUDE.md")));
        const qint64 id = staged(
            call("Write", {{"file_path", QString(m_home.path() + QStringLiteral("/.claude/CLAUDE.md")).toStdString()},
                           {"content", "x\n"}}));
        QVERIFY(id > 0);
        const Run r = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QVERIFY(r.code != 0 || show(id).value("status", "") == "failed");
        QCOMPARE(bytesOf(elsewhere), QByteArray("mine\n"));
    }
};

QTEST_GUILESS_MAIN(ClaudeCodeCliTest)
#include "claude_code_cli_test.moc"
