// Staged Hermes skill writes at scale. (1) Imports 10,000 pending/skills records into a fresh
// Hermes home (PendingQueue::importAll, one transaction) and prints the time; target under 3 s.
// (2) The inbox diff of a patch to a 100 KB SKILL.md: the preview as Hermes would match the
// patch (ChangePreview), the word-level side-by-side diff and its rendering (DiffView), median
// of 15 runs; target under 50 ms.
#include "agents/Agents.h"
#include "hermes/PendingQueue.h"
#include "inbox/ChangePreview.h"
#include "model/InboxItem.h"
#include "shared/DiffView.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QApplication>
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

std::string skillText(int approxBytes)
{
    std::string s = "---\nname: big\ndescription: A large skill\n---\n\n";
    for (int i = 0; s.size() < std::size_t(approxBytes); ++i)
        s += "Step " + std::to_string(i) + ": run the check for module " + std::to_string(i * 7)
             + " and record the outcome in the log.\n";
    return s;
}

// Wall time, and the process's CPU time (user + system) over the same span: on a shared
// machine the first includes waiting for the processor and the disk.
struct Timing {
    double wallMs = -1;
    double cpuMs = -1;
};

Timing importBench()
{
    QTemporaryDir dir;
    const QString home = dir.path();
    write(home + QStringLiteral("/config.yaml"), "skills:\n  write_approval: true\n");
    for (int i = 0; i < 10000; ++i) {
        char id[16];
        std::snprintf(id, sizeof id, "%08x", 0x10000000 + i);
        const Json payload =
            i % 2 ? Json{{"action", "patch"},
                         {"name", "skill-" + std::to_string(i % 300)},
                         {"old_string", "Step 1"},
                         {"new_string", "Step one " + std::to_string(i)},
                         {"replace_all", false}}
                  : Json{{"action", "create"},
                         {"name", "new-skill-" + std::to_string(i)},
                         {"content", "---\nname: x\ndescription: d\n---\nbody " + std::to_string(i) + "\n"}};
        const Json r = {{"id", id},
                        {"subsystem", "skills"},
                        {"action", payload["action"]},
                        {"summary", "gist " + std::to_string(i)},
                        {"origin", "background_review"},
                        {"created_at", 1795400000.0 + i},
                        {"payload", payload}};
        write(home + QStringLiteral("/pending/skills/%1.json").arg(QLatin1String(id)),
              QByteArray::fromStdString(r.dump(2)));
    }
    auto ws = Agents::open(home);
    if (!ws)
        return {};
    SystemClock clock;
    QElapsedTimer t;
    t.start();
    const std::clock_t cpu0 = std::clock();
    auto report = PendingQueue(**ws, clock).importAll(QStringLiteral("cli:bench"));
    const Timing timing{double(t.nsecsElapsed()) / 1e6, double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC};
    if (!report || report->imported.size() != 10000) {
        std::fprintf(stderr, "import failed\n");
        return {};
    }
    return timing;
}

double diffBench()
{
    QTemporaryDir dir;
    const std::string text = skillText(100 * 1024);
    write(dir.path() + QStringLiteral("/skills/big/SKILL.md"), QByteArray::fromStdString(text));
    auto ws = Agents::open(dir.path());
    if (!ws)
        return -1;
    InboxItem item;
    item.destination = QStringLiteral("skill");
    item.status = QStringLiteral("pending");
    item.op = {{"action", "patch"},
               {"name", "big"},
               {"old_string", "Step 700: run the check for module 4900 and record the outcome in the log."},
               {"new_string", "Step 700: run the full check for module 4900 and attach the outcome."},
               {"replace_all", false}};
    ui::DiffView view;
    view.resize(1200, 800);
    std::vector<double> runs;
    for (int i = 0; i < 15; ++i) {
        QElapsedTimer t;
        t.start();
        const auto preview = ui::ChangePreview::of(**ws, item);
        view.setTexts(preview.before, preview.after, preview.beforeTitle, preview.afterTitle);
        runs.push_back(double(t.nsecsElapsed()) / 1e6);
        if (view.changedWordCount() == 0) {
            std::fprintf(stderr, "no change shown\n");
            return -1;
        }
    }
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const Timing import = importBench();
    std::printf("import 10,000 staged skill records: %.0f ms wall, %.0f ms CPU (target < 3000 ms)\n", import.wallMs,
                import.cpuMs);
    const double diffMs = diffBench();
    std::printf("diff of a patch to a 100 KB SKILL.md (preview + diff + render), median of 15: %.1f ms "
                "(target < 50 ms)\n",
                diffMs);
    return import.wallMs < 0 || diffMs < 0 ? 1 : 0;
}
