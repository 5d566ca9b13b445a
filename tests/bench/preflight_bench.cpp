// Preflight of a whole Hermes queue (docs/user-guide.md#preflight): a Hermes home with N staged records (memory adds,
// replaces pinned to entries, skill patches and creates, skill batches; a fifth that cannot
// apply, a tenth exact duplicates, a twentieth near duplicates) imported, then Preflight::runAll
// timed in-process: median of 5 wall and CPU times, the verdicts counted, and the process's
// peak resident memory. Targets: 400 items under 1 s, 10,000 under 5 s. The same preflight as
// `inbox list` runs; the figures are printed, never asserted.
// Usage: preflight_bench [N ...]   (default: 400 10000)
#include "agents/Agents.h"
#include "hermes/PendingQueue.h"
#include "inbox/Preflight.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <map>
#include <sys/resource.h>
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

// Eight made-up words of four to eight letters, drawn from i: texts as far apart as real
// entries are (a small vocabulary would make every text near every other).
std::string sentence(int i)
{
    quint32 x = quint32(i) * 2654435761u + 12345u;
    const auto next = [&x] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        return x;
    };
    std::string out;
    for (int w = 0; w < 8; ++w) {
        const int letters = 4 + int(next() % 5);
        for (int k = 0; k < letters; ++k)
            out += char('a' + next() % 26);
        out += w < 7 ? " " : ".";
    }
    return out;
}

// Record i of the queue: what it stages and whether it can apply.
Json payloadFor(int i)
{
    const int kind = i % 20;
    const std::string n = std::to_string(i);
    if (kind < 4) // a fifth that cannot apply: a pinned entry gone, a patch that matches nothing
        return kind % 2 ? Json{{"action", "replace"},
                               {"target", "memory"},
                               {"old_text", "Gone"},
                               {"content", "New " + n},
                               {"matched_entry", "Gone entry " + n}}
                        : Json{{"action", "patch"},
                               {"name", toStd(skillName(i % 30))},
                               {"old_string", "Step zero."},
                               {"new_string", "x"}};
    // Duplicates of the previous block's adds (kinds 12 to 19): written differently, or nearly.
    if (kind < 6) {
        std::string text = sentence(i - kind - 8 + (kind - 4));
        std::transform(text.begin(), text.end(), text.begin(), [](char c) { return char(std::toupper(c)); });
        return Json{{"action", "add"}, {"target", "memory"}, {"content", "  " + text + "!"}};
    }
    if (kind == 6)
        return Json{{"action", "add"}, {"target", "memory"}, {"content", sentence(i - 6 - 6) + " Always."}};
    if (kind < 10)
        return Json{{"action", "patch"},
                    {"name", toStd(skillName(i % 30))},
                    {"old_string", "Step one."},
                    {"new_string", "Step one: " + sentence(i)}};
    if (kind == 10) {
        Json ops = Json::array();
        for (int s = 0; s < 5; ++s)
            ops.push_back({{"action", "patch"},
                           {"name", toStd(skillName((i + s) % 30))},
                           {"old_string", "Step two."},
                           {"new_string", "Step two, " + n + "."}});
        return Json{{"action", "batch"}, {"operations", ops}};
    }
    if (kind == 11)
        return Json{{"action", "create"},
                    {"name", "new-" + n},
                    {"content", "---\nname: new-" + n + "\ndescription: New skill " + n + "\n---\n\nDo " + n + ".\n"}};
    return Json{{"action", "add"}, {"target", "memory"}, {"content", sentence(i)}};
}

struct Figures {
    double wallMs = 0;
    double cpuMs = 0;
    std::map<QString, int> verdicts;
    int nearDuplicates = 0;
};

bool measure(int count, Figures* out)
{
    QTemporaryDir dir;
    write(dir.path() + QStringLiteral("/config.yaml"),
          "memory:\n  write_approval: true\n  memory_char_limit: 100000\nskills:\n  write_approval: true\n");
    write(dir.path() + QStringLiteral("/memories/MEMORY.md"), "First entry");
    for (int s = 0; s < 30; ++s)
        write(dir.path() + QStringLiteral("/skills/%1/SKILL.md").arg(skillName(s)),
              QStringLiteral("---\nname: %1\ndescription: Skill %1\n---\n\nStep one.\nStep two.\n")
                  .arg(skillName(s))
                  .toUtf8());
    for (int i = 0; i < count; ++i) {
        const Json payload = payloadFor(i);
        const bool memory = payload.contains("target");
        const QString id = QStringLiteral("%1").arg(0x30000000 + i, 8, 16, QLatin1Char('0'));
        const Json r = {{"id", toStd(id)},
                        {"subsystem", memory ? "memory" : "skills"},
                        {"action", payload["action"]},
                        {"summary", "bench"},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.0 + i},
                        {"payload", payload}};
        write(dir.path()
                  + QStringLiteral("/pending/%1/%2.json")
                        .arg(memory ? QStringLiteral("memory") : QStringLiteral("skills"), id),
              QByteArray::fromStdString(r.dump(2)));
    }
    auto ws = Agents::open(dir.path());
    if (!ws)
        return false;
    SystemClock clock;
    auto imported = PendingQueue(**ws, clock).importAll(QStringLiteral("cli:bench"));
    if (!imported || int(imported->imported.size()) != count) {
        std::fprintf(stderr, "import failed\n");
        return false;
    }
    std::vector<double> wall, cpu;
    for (int run = 0; run < 5; ++run) {
        QElapsedTimer t;
        t.start();
        const std::clock_t cpu0 = std::clock();
        auto verdicts = Preflight(**ws, clock).runAll();
        wall.push_back(double(t.nsecsElapsed()) / 1e6);
        cpu.push_back(double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC);
        if (!verdicts || int(verdicts->size()) != count) {
            std::fprintf(stderr, "preflight failed\n");
            return false;
        }
        if (run == 0)
            for (const auto& [id, v] : *verdicts) {
                ++out->verdicts[toString(v.kind)];
                out->nearDuplicates += v.similarTo ? 1 : 0;
            }
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    out->wallMs = wall[wall.size() / 2];
    out->cpuMs = cpu[cpu.size() / 2];
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    std::vector<int> counts;
    for (int a = 1; a < argc; ++a)
        counts.push_back(std::atoi(argv[a]));
    if (counts.empty())
        counts = {400, 10000};
    for (int count : counts) {
        Figures f;
        if (!measure(count, &f))
            return 3;
        const double target = count <= 400 ? 1000 : 5000;
        std::printf("preflight of %d pending: median %.0f ms wall, %.0f ms CPU (target < %.0f ms)\n", count, f.wallMs,
                    f.cpuMs, target);
        std::printf("  verdicts:");
        for (const auto& [word, n] : f.verdicts)
            std::printf(" %s %d", qPrintable(word), n);
        std::printf("; with a near duplicate: %d\n", f.nearDuplicates);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak resident memory of the process: %.1f MiB\n", double(usage.ru_maxrss) / 1024.0);
    return 0;
}
