// Hermes skill batches at scale. (1) Approving a staged batch of 20 operations over 20 skills
// in-process, from a staged record imported first (InboxService::approve: the claim, the batch's checks, its undo copies, the journal row, 20
// patches through the single-op path, the marker, the decision and the settled record), median of 15; target under
// 50 ms. (2) Importing 10,000 staged skill records of which 2,000 are batches into a fresh Hermes
// home (PendingQueue::importAll); target under 3 s. CPU time is printed beside wall time: on a
// shared machine the wall time also measures the other processes. Usage: skill_batch_bench
// [approve|import] (both by default).
#include "agents/Agents.h"
#include "hermes/PendingQueue.h"
#include "inbox/InboxService.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace sediment;

namespace {

void write(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(bytes);
}

QString skillName(int s) { return QStringLiteral("skill-%1").arg(s, 2, 10, QLatin1Char('0')); }

QByteArray skillText(int s)
{
    QString body = QStringLiteral("---\nname: %1\ndescription: Skill %1 of the batch bench\n---\n\n").arg(skillName(s));
    for (int line = 0; line < 60; ++line)
        body += QStringLiteral("Step %1: run check %2 and record it.\n").arg(line).arg(line * 7);
    return (body + QStringLiteral("Revision 0.\n")).toUtf8();
}

// Run r's batch: one patch per skill, revision r to r + 1.
Json batchFor(int run)
{
    Json ops = Json::array();
    for (int s = 0; s < 20; ++s)
        ops.push_back({{"action", "patch"},
                       {"name", toStd(skillName(s))},
                       {"old_string", toStd(QStringLiteral("Revision %1.").arg(run))},
                       {"new_string", toStd(QStringLiteral("Revision %1.").arg(run + 1))}});
    return Json{{"action", "batch"}, {"operations", ops}};
}

// The median wall time; `cpuMs` the median CPU time of the same runs.
double approveBench(double* cpuMs)
{
    QTemporaryDir dir;
    write(dir.path() + QStringLiteral("/config.yaml"), "skills:\n  write_approval: true\n");
    for (int s = 0; s < 20; ++s)
        write(dir.path() + QStringLiteral("/skills/%1/SKILL.md").arg(skillName(s)), skillText(s));
    auto ws = Agents::open(dir.path());
    if (!ws)
        return -1;
    SystemClock clock;
    InboxService service(**ws, clock);
    std::vector<double> runs;
    std::vector<double> cpu;
    for (int run = 0; run < 15; ++run) {
        // A staged record as Hermes writes it, imported: the approval claims it, applies it and
        // settles it (removes the claimed file), as a real queue's approval does.
        const QString hid = QStringLiteral("%1").arg(0x10000000 + run, 8, 16, QLatin1Char('0'));
        const Json r = {{"id", toStd(hid)},        {"subsystem", "skills"},
                        {"action", "batch"},       {"summary", "batch(20 ops: patch) on skill-00, ..."},
                        {"origin", "foreground"},  {"created_at", 1795400000.0 + run},
                        {"payload", batchFor(run)}};
        write(dir.path() + QStringLiteral("/pending/skills/%1.json").arg(hid), QByteArray::fromStdString(r.dump(2)));
        auto imported = PendingQueue(**ws, clock).importAll(QStringLiteral("cli:bench"));
        if (!imported || imported->imported.size() != 1)
            return -1;
        const qint64 id = imported->imported.front().inboxId;
        QElapsedTimer t;
        t.start();
        const std::clock_t cpu0 = std::clock();
        auto decided = service.approve(id, QStringLiteral("bench"));
        runs.push_back(double(t.nsecsElapsed()) / 1e6);
        cpu.push_back(double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC);
        if (!decided || decided->status != QLatin1String("applied")
            || QFile::exists(dir.path() + QStringLiteral("/pending/skills/%1.json").arg(hid))
            || !QDir(dir.path() + QStringLiteral("/pending/skills")).isEmpty()) {
            std::fprintf(stderr, "approval failed: %s\n",
                         decided ? qPrintable(decided->reason.value_or(QString()))
                                 : qPrintable(decided.error().message));
            return -1;
        }
    }
    std::sort(runs.begin(), runs.end());
    std::sort(cpu.begin(), cpu.end());
    *cpuMs = cpu[cpu.size() / 2];
    return runs[runs.size() / 2];
}

double importBench(double* cpuMs)
{
    QTemporaryDir dir;
    write(dir.path() + QStringLiteral("/config.yaml"), "skills:\n  write_approval: true\n");
    for (int i = 0; i < 10000; ++i) {
        const QString id = QStringLiteral("%1").arg(0x20000000 + i, 8, 16, QLatin1Char('0'));
        Json payload;
        QString summary;
        if (i % 5 == 0) {
            payload = batchFor(i);
            summary = QStringLiteral("batch(20 ops: patch, ...) on skill-00, ...");
        } else {
            payload = {{"action", "patch"},
                       {"name", toStd(skillName(i % 20))},
                       {"old_string", "Revision 0."},
                       {"new_string", toStd(QStringLiteral("Revision %1.").arg(i))}};
            summary = QStringLiteral("patch %1").arg(i);
        }
        const Json r = {{"id", toStd(id)},           {"subsystem", "skills"},  {"action", payload["action"]},
                        {"summary", toStd(summary)}, {"origin", "foreground"}, {"created_at", 1795400000.0 + i},
                        {"payload", payload}};
        write(dir.path() + QStringLiteral("/pending/skills/%1.json").arg(id), QByteArray::fromStdString(r.dump(2)));
    }
    auto ws = Agents::open(dir.path());
    if (!ws)
        return -1;
    SystemClock clock;
    QElapsedTimer t;
    t.start();
    const std::clock_t cpu0 = std::clock();
    auto report = PendingQueue(**ws, clock).importAll(QStringLiteral("cli:bench"));
    const double wall = double(t.nsecsElapsed()) / 1e6;
    *cpuMs = double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC;
    if (!report || report->imported.size() != 10000) {
        std::fprintf(stderr, "import failed\n");
        return -1;
    }
    return wall;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString only = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    double approveMs = 0;
    double importMs = 0;
    if (only != QLatin1String("import")) {
        double cpuMs = -1;
        approveMs = approveBench(&cpuMs);
        std::printf("approve a 20-op batch over 20 skills, median of 15: %.1f ms wall, %.1f ms CPU (target < 50 ms)\n",
                    approveMs, cpuMs);
    }
    if (only == QLatin1String("approve"))
        return approveMs < 0 ? 1 : 0;
    double cpuMs = -1;
    importMs = importBench(&cpuMs);
    std::printf("import 10,000 staged skill records, 2,000 of them batches: %.0f ms wall, %.0f ms CPU "
                "(target < 3000 ms)\n",
                importMs, cpuMs);
    return approveMs < 0 || importMs < 0 ? 1 : 0;
}
