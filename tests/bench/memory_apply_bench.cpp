// Start-to-exit time of `sediment memory apply -`, the call an agent makes for every memory
// write: 200 real processes (adds, replaces and removes in turn) on one temporary workspace.
// Prints the median and p95 in milliseconds. Build in Release to measure what users get.
// With $SEDIMENT_BENCH_VS set to another build's `sediment`, it times the two side by side instead.
// In the same run, the yardstick: python_memory_append.py doing the adds in a fresh Python
// process each ($SEDIMENT_BENCH_PYTHON, default Debian's /usr/bin/python3).
#include <QByteArray>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <numeric>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

// Runs one request; returns the exit code, or -1 when the process could not be started.
// `cpuMs` receives the child's user + system CPU time, a figure a busy machine inflates less
// than the wall-clock one.
int runOnce(std::vector<std::string> args, const std::string& request, double* cpuMs = nullptr)
{
    int in[2];
    if (::pipe(in) != 0)
        return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, in[1]);
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    if (rc != 0) {
        ::close(in[1]);
        return -1;
    }
    const ssize_t written = ::write(in[1], request.data(), request.size());
    ::close(in[1]);
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    if (cpuMs)
        *cpuMs = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
                 + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
    if (written != ssize_t(request.size()))
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string requestFor(int i)
{
    const int base = i - i % 3;
    const std::string note = "bench note " + std::to_string(base);
    switch (i % 3) {
    case 0:
        return R"({"action":"add","target":"memory","content":")" + note + R"("})";
    case 1:
        return R"({"action":"replace","target":"memory","old_text":")" + note + R"(","content":")" + note
               + R"( revised"})";
    default:
        return R"({"action":"remove","target":"memory","old_text":")" + note + R"( revised"})";
    }
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const size_t idx = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
    return v[idx];
}

// The program timed: this build's, or $SEDIMENT_BENCH_BINARY (another commit's, for a side by
// side run).
std::string binary()
{
    const char* other = std::getenv("SEDIMENT_BENCH_BINARY");
    return other && *other ? std::string(other) : std::string(SEDIMENT_BINARY);
}

std::vector<std::string> applyArgs(const std::string& workspace, const std::string& program = binary())
{
    return {program, "--workspace", workspace, "memory", "apply", "-"};
}

// One timed process: its exit code (as runOnce), wall-clock and CPU milliseconds.
struct TimedRun {
    int code = -1;
    double wallMs = 0;
    double cpuMs = 0;
};

TimedRun timedRun(const std::vector<std::string>& args, const std::string& request)
{
    TimedRun run;
    const auto start = std::chrono::steady_clock::now();
    run.code = runOnce(args, request, &run.cpuMs);
    const auto end = std::chrono::steady_clock::now();
    run.wallMs = std::chrono::duration<double, std::milli>(end - start).count();
    return run;
}

struct Figures {
    std::vector<double> wall;
    std::vector<double> cpu;
};

// `sediment --version` does no work: its time is the floor (loader, QtCore) on this machine
// at this moment, which tells how much of the memory figure is ours. `memory show` adds opening
// the workspace and its database and reading the store, but writes and syncs nothing.
Figures baseline(int runs, const std::vector<std::string>& args)
{
    Figures f;
    for (int i = 0; i < runs; ++i) {
        const TimedRun run = timedRun(args, std::string());
        f.wall.push_back(run.wallMs);
        f.cpu.push_back(run.cpuMs);
    }
    return f;
}

// The same adds in a fresh Python process each, alternating with Sediment's own adds so that
// a drift in the machine's speed touches both; each on its own workspace.
void pythonYardstick(double sedimentMedian)
{
    const char* env = std::getenv("SEDIMENT_BENCH_PYTHON");
    const std::string python = env && *env ? env : "/usr/bin/python3";
    QTemporaryDir pyDir;
    QTemporaryDir ownDir;
    if (!pyDir.isValid() || !ownDir.isValid() || ::access(python.c_str(), X_OK) != 0) {
        std::printf("python yardstick: skipped (%s not found)\n", python.c_str());
        return;
    }
    constexpr int kAdds = 60; // 60 short entries fit the 2,200-character store
    std::vector<double> py;
    std::vector<double> own;
    for (int i = 0; i < kAdds; ++i) {
        const std::string request =
            R"({"action":"add","target":"memory","content":"python yardstick )" + std::to_string(i) + R"("})";
        for (int side = 0; side < 2; ++side) {
            std::vector<std::string> args =
                side == 0 ? std::vector<std::string>{python, PYTHON_APPEND_SCRIPT, pyDir.path().toStdString()}
                          : applyArgs(ownDir.path().toStdString());
            const TimedRun run = timedRun(args, request);
            if (run.code != 0) {
                std::printf("python yardstick: %s add %d exited with %d\n", side == 0 ? "python" : "sediment", i,
                            run.code);
                return;
            }
            (side == 0 ? py : own).push_back(run.wallMs);
        }
    }
    const double pyMedian = percentile(py, 0.5);
    const double ownMedian = percentile(own, 0.5);
    std::printf("python yardstick (%s, %d adds in turn with sediment's): python median %.2f ms, "
                "sediment median %.2f ms, %.1fx faster (%.1fx against the 200-call median)\n",
                python.c_str(), kAdds, pyMedian, ownMedian, pyMedian / ownMedian, pyMedian / sedimentMedian);
}

// Side by side with another build ($SEDIMENT_BENCH_VS, the previous commit's `sediment`): every
// request goes to both programs, one right after the other and each on its own workspace, and
// which one goes first alternates. A drift in the machine's speed, or a slow sync, then touches
// both alike, and the figure is the median of the 200 per-call ratios (this build's time over the
// other's), not a ratio of two medians taken seconds apart.
int sideBySide(const std::string& other)
{
    QTemporaryDir ownDir;
    QTemporaryDir otherDir;
    if (!ownDir.isValid() || !otherDir.isValid()) {
        std::fprintf(stderr, "cannot create the temporary workspaces\n");
        return 1;
    }
    const std::string own = binary();
    const std::string warmUp = R"({"action":"add","target":"user","content":"warm-up"})";
    const auto argsOf = [&](int side) {
        return applyArgs((side == 0 ? ownDir : otherDir).path().toStdString(), side == 0 ? own : other);
    };
    if (runOnce(argsOf(0), warmUp) != 0 || runOnce(argsOf(1), warmUp) != 0) {
        std::fprintf(stderr, "warm-up call failed\n");
        return 1;
    }
    constexpr int kRuns = 200;
    std::vector<double> wall[2];
    std::vector<double> cpu[2];
    std::vector<double> wallRatio;
    std::vector<double> cpuRatio;
    for (int i = 0; i < kRuns; ++i) {
        const std::string request = requestFor(i);
        TimedRun runs[2];
        for (int turn = 0; turn < 2; ++turn) {
            const int side = (i + turn) % 2;
            runs[side] = timedRun(argsOf(side), request);
            if (runs[side].code != 0) {
                std::fprintf(stderr, "%s run %d exited with %d: %s\n", side == 0 ? "this build's" : "the other's", i,
                             runs[side].code, request.c_str());
                return 1;
            }
        }
        for (int side = 0; side < 2; ++side) {
            wall[side].push_back(runs[side].wallMs);
            cpu[side].push_back(runs[side].cpuMs);
        }
        wallRatio.push_back(runs[0].wallMs / runs[1].wallMs);
        if (runs[1].cpuMs > 0)
            cpuRatio.push_back(runs[0].cpuMs / runs[1].cpuMs);
    }
    std::printf("memory apply, side by side with %s (%d calls each, alternating):\n", other.c_str(), kRuns);
    std::printf("  this build: median %.2f ms, CPU median %.2f ms\n", percentile(wall[0], 0.5),
                percentile(cpu[0], 0.5));
    std::printf("  the other:  median %.2f ms, CPU median %.2f ms\n", percentile(wall[1], 0.5),
                percentile(cpu[1], 0.5));
    std::printf("  per-call ratio (this / other): wall median %.3f (p25 %.3f, p75 %.3f), CPU median %.3f\n",
                percentile(wallRatio, 0.5), percentile(wallRatio, 0.25), percentile(wallRatio, 0.75),
                cpuRatio.empty() ? 0.0 : percentile(cpuRatio, 0.5));
    // The sums: a median leaves out the few calls that checkpoint the WAL, a sum counts them.
    const auto sum = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); };
    std::printf("  all %d calls together (this / other): wall %.3f, CPU %.3f\n", kRuns, sum(wall[0]) / sum(wall[1]),
                sum(cpu[1]) > 0 ? sum(cpu[0]) / sum(cpu[1]) : 0.0);
    return 0;
}

} // namespace

int main()
{
    if (const char* other = std::getenv("SEDIMENT_BENCH_VS"); other && *other)
        return sideBySide(other);

    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "cannot create a temporary workspace\n");
        return 1;
    }
    const std::string workspace = dir.path().toStdString();
    // The first call creates the database and migrates it: not what an agent pays each time.
    if (runOnce(applyArgs(workspace), R"({"action":"add","target":"user","content":"warm-up"})") != 0) {
        std::fprintf(stderr, "warm-up call failed\n");
        return 1;
    }
    constexpr int kRuns = 200;
    std::vector<double> ms;
    std::vector<double> cpu;
    ms.reserve(kRuns);
    cpu.reserve(kRuns);
    for (int i = 0; i < kRuns; ++i) {
        const std::string request = requestFor(i);
        const TimedRun run = timedRun(applyArgs(workspace), request);
        if (run.code != 0) {
            std::fprintf(stderr, "run %d exited with %d: %s\n", i, run.code, request.c_str());
            return 1;
        }
        ms.push_back(run.wallMs);
        cpu.push_back(run.cpuMs);
    }
    double sum = 0;
    for (double v : ms)
        sum += v;
    std::printf("memory apply: %d runs, median %.2f ms, p95 %.2f ms, mean %.2f ms, min %.2f ms\n", kRuns,
                percentile(ms, 0.5), percentile(ms, 0.95), sum / kRuns, *std::min_element(ms.begin(), ms.end()));
    std::printf("memory apply: CPU time (user+sys) median %.2f ms, p95 %.2f ms\n", percentile(cpu, 0.5),
                percentile(cpu, 0.95));
    const Figures floor = baseline(kRuns, {binary(), "--version"});
    std::printf("baseline `sediment --version`: median %.2f ms, p95 %.2f ms; CPU median %.2f ms\n",
                percentile(floor.wall, 0.5), percentile(floor.wall, 0.95), percentile(floor.cpu, 0.5));
    const Figures show =
        baseline(kRuns, {binary(), "--workspace", workspace, "memory", "show", "--target", "memory", "--json"});
    std::printf("baseline `sediment memory show`: median %.2f ms, p95 %.2f ms; CPU median %.2f ms\n",
                percentile(show.wall, 0.5), percentile(show.wall, 0.95), percentile(show.cpu, 0.5));
    // Differences of medians: a rough split, not a measurement of each part on its own.
    const double startMs = percentile(floor.wall, 0.5);
    pythonYardstick(percentile(ms, 0.5));
    const double showMs = percentile(show.wall, 0.5);
    std::printf("breakdown of the median: start-up %.2f ms, + opening and reading %.2f ms, "
                "+ change, audit row and syncs %.2f ms\n",
                startMs, showMs - startMs, percentile(ms, 0.5) - showMs);
    return 0;
}
