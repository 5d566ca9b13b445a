// `sediment claude-code hook` as Claude Code runs it: a new process per tool call. Prints the
// median of 30 runs from start to answer for a watched write (staged and denied), a call that
// passes (a Bash command) and `sediment --version` beside them (target: the hook under 30 ms).
// Then 1,000 distinct watched writes from 50 concurrent hook processes (20 each): every one must
// be staged exactly once, each answer naming its own item; the bench exits 1 otherwise.
#include "agents/Agents.h"
#include "store/InboxRepository.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sediment;

namespace {

QString g_home;
QString g_ws;

QByteArray callFor(const QString& tool, const Json& input)
{
    const Json c{{"session_id", "bench"},
                 {"transcript_path", QString(g_home + QStringLiteral("/t.jsonl")).toStdString()},
                 {"cwd", QString(g_home + QStringLiteral("/proj")).toStdString()},
                 {"hook_event_name", "PreToolUse"},
                 {"tool_name", tool.toStdString()},
                 {"tool_input", input},
                 {"tool_use_id", "toolu_bench"}};
    return QByteArray::fromStdString(c.dump());
}

QByteArray memoryWrite(int n)
{
    const QString file = g_home + QStringLiteral("/.claude/projects/bench/memory/note-%1.md").arg(n);
    return callFor(QStringLiteral("Write"),
                   {{"file_path", file.toStdString()}, {"content", "Lesson " + std::to_string(n) + ".\n"}});
}

QProcess* start(const QStringList& args, const QByteArray& input)
{
    auto* p = new QProcess;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), g_home);
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), g_ws} + args);
    p->write(input);
    p->closeWriteChannel();
    return p;
}

double timeOne(const QStringList& args, const QByteArray& input)
{
    QElapsedTimer t;
    t.start();
    QProcess* p = start(args, input);
    p->waitForFinished(60000);
    const double ms = double(t.nsecsElapsed()) / 1e6;
    delete p;
    return ms;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir home, ws;
    g_home = home.path();
    g_ws = ws.path();
    QDir().mkpath(g_home + QStringLiteral("/proj"));
    const QStringList hook{QStringLiteral("claude-code"), QStringLiteral("hook")};
    (void)timeOne(QStringList{QStringLiteral("inbox"), QStringLiteral("list")}, {}); // creates the workspace

    std::vector<double> staged, passed, version;
    for (int i = 0; i < 30; ++i) {
        staged.push_back(timeOne(hook, memoryWrite(100000 + i)));
        passed.push_back(timeOne(hook, callFor(QStringLiteral("Bash"), {{"command", "ls"}})));
        version.push_back(timeOne({QStringLiteral("--version")}, {}));
    }
    std::printf("hook, watched write (staged):  median %.2f ms\n", median(staged));
    std::printf("hook, other call (passed):     median %.2f ms\n", median(passed));
    std::printf("sediment --version:            median %.2f ms\n", median(version));

    // 50 processes at a time, 1,000 distinct writes.
    constexpr int kWrites = 1000;
    constexpr int kConcurrent = 50;
    QSet<QByteArray> answers;
    int failures = 0;
    QElapsedTimer wall;
    wall.start();
    for (int next = 0; next < kWrites;) {
        std::vector<QProcess*> batch;
        for (int j = 0; j < kConcurrent && next < kWrites; ++j, ++next)
            batch.push_back(start(hook, memoryWrite(next)));
        for (QProcess* p : batch) {
            p->waitForFinished(120000);
            const QByteArray out = p->readAllStandardOutput();
            if (p->exitCode() != 0 || !out.contains("Staged for human review"))
                ++failures;
            answers.insert(out);
            delete p;
        }
    }
    const double seconds = double(wall.elapsed()) / 1000.0;
    auto opened = Agents::open(g_ws);
    qint64 pending = -1;
    if (opened) {
        InboxRepository repo((*opened)->db());
        if (auto ids = repo.listIds({QStringLiteral("pending"), QStringLiteral("claude_memory"), -1, 0, false}))
            pending = qint64(ids->size());
    }
    const qint64 expected = kWrites + 30;
    std::printf("%d writes from %d concurrent hooks: %.2f s, %lld distinct answers, %lld pending items (expected "
                "%lld), %d failures\n",
                kWrites, kConcurrent, seconds, qint64(answers.size()), pending, expected, failures);
    return failures == 0 && answers.size() == kWrites && pending == expected ? 0 : 1;
}
