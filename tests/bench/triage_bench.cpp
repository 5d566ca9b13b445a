// Triage at volume (docs/user-guide.md#preflight): a reference Hermes root (three profiles, 400 staged
// writes: memory adds, skill creates and batch records, 30 patches to one skill, a fifth that can
// never apply, a tenth exact duplicates, a twentieth near duplicates) worked in the real window
// (offscreen) with key events only, twice:
//   - as triage lets a careful reviewer: the dead items refused in one step (/ is:dead ⏎ Ctrl+A R 4),
//     the exact duplicates likewise (R 1), the skill's 30 patches as one group (G Shift+A G), then
//     every other item looked at and decided on its own (A), near duplicates included — nothing
//     applicable is approved in bulk;
//   - as the window allowed before triage: every item approved one by one (A), the dead ones then
//     found with status:failed and refused through the dialog, duplicates approved like the rest.
// For each it prints the keystrokes, the wall time and the final check: every write that could
// apply applied exactly once, nothing dead or duplicate applied. The new way's budget is one key
// per item that needs a judgment (the distinct applicable items and the near duplicates) plus 40.
// Exit code 1 when the new way's check fails or its keys exceed the budget.
// Usage: triage_bench [RUNS]   (default 3; medians printed)
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxSearchBar.h"
#include "inbox/InboxService.h"
#include "inbox/InboxTableModel.h"
#include "inbox/RefuseDialog.h"
#include "MainWindow.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "util/Json.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

using namespace sediment;
using namespace sediment::ui;

namespace {

constexpr int kGroup = 30, kBatches = 10, kDeadMemory = 40, kDeadSkill = 40, kDuplicates = 40, kNear = 20, kAdds = 170,
              kCreates = 50;
static_assert(kGroup + kBatches + kDeadMemory + kDeadSkill + kDuplicates + kNear + kAdds + kCreates == 400);
constexpr int kJudged = kBatches + kAdds + kCreates + kNear; // items that each need a judgment

void write(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(bytes);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Twelve made-up words drawn from i: entries as far apart as real ones are.
QString sentence(int i)
{
    quint32 x = quint32(i + 1) * 2654435761u + 977u;
    const auto next = [&x] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        return x;
    };
    QString out;
    for (int w = 0; w < 12; ++w) {
        const int letters = 5 + int(next() % 4);
        for (int k = 0; k < letters; ++k)
            out += QChar(u'a' + char16_t(next() % 26));
        out += w < 11 ? QStringLiteral(" ") : QStringLiteral(".");
    }
    out[0] = out[0].toUpper();
    return out;
}

QString profileDir(const QString& root, int p)
{
    return p == 0 ? root : root + (p == 1 ? QStringLiteral("/profiles/work") : QStringLiteral("/profiles/ops"));
}

QByteArray deploySkill(int done)
{
    QByteArray body = "---\nname: deploy\ndescription: Deploy the app\n---\n\n";
    for (int k = 1; k <= kGroup; ++k)
        body += "Step " + QByteArray::number(k) + (k <= done ? " checked.\n" : ".\n");
    return body;
}

QByteArray skillBody(const QString& name, const QString& what)
{
    return QStringLiteral("---\nname: %1\ndescription: %2\n---\n\nDo %2.\n").arg(name, what).toUtf8();
}

// What the reference root holds and what each staged record is.
struct Reference {
    enum class Kind { Group, Batch, DeadMemory, DeadSkill, Duplicate, Near, Add, Create };
    struct Record {
        QString hermesId;
        Kind kind;
        int profile;
        QString text; // memory adds: the entry; creates and batches: the skill names, ';'-joined
    };
    std::vector<Record> records;
};

Reference buildRoot(const QString& root)
{
    Reference ref;
    for (int p = 0; p < 3; ++p) {
        const QString dir = profileDir(root, p);
        write(dir + QStringLiteral("/config.yaml"), "memory:\n  write_approval: true\n  memory_char_limit: 500000\n"
                                                    "  user_char_limit: 500000\nskills:\n  write_approval: true\n");
        write(dir + QStringLiteral("/memories/MEMORY.md"), "First entry.");
        write(dir + QStringLiteral("/memories/USER.md"), "The user works on the release.");
    }
    write(root + QStringLiteral("/skills/deploy/SKILL.md"), deploySkill(0));
    int serial = 0;
    const auto stage = [&](Reference::Kind kind, int profile, const Json& payload, const QString& text) {
        const bool memory = payload.contains("target");
        const QString id = QStringLiteral("%1").arg(0x50000000 + serial, 8, 16, QLatin1Char('0'));
        const Json r = {{"id", id.toStdString()},
                        {"subsystem", memory ? "memory" : "skills"},
                        {"action", payload.value("action", std::string("batch"))},
                        {"summary", "triage bench"},
                        {"origin", "foreground"},
                        {"created_at", 1795400000.0 + serial},
                        {"payload", payload}};
        write(profileDir(root, profile)
                  + QStringLiteral("/pending/%1/%2.json")
                        .arg(memory ? QStringLiteral("memory") : QStringLiteral("skills"), id),
              QByteArray::fromStdString(r.dump(2)));
        ref.records.push_back({id, kind, profile, text});
        ++serial;
    };
    using K = Reference::Kind;
    const auto target = [](int i) { return i % 4 == 3 ? "user" : "memory"; };
    // The distinct adds first: duplicates and near duplicates repeat them later.
    for (int i = 0; i < kAdds; ++i)
        stage(K::Add, i % 3, Json{{"action", "add"}, {"target", target(i)}, {"content", sentence(i).toStdString()}},
              sentence(i));
    for (int k = 1; k <= kGroup; ++k)
        stage(K::Group, 0,
              Json{{"action", "patch"},
                   {"name", "deploy"},
                   {"old_string", QStringLiteral("Step %1.").arg(k).toStdString()},
                   {"new_string", QStringLiteral("Step %1 checked.").arg(k).toStdString()}},
              {});
    for (int i = 0; i < kCreates; ++i) {
        const QString name = QStringLiteral("tool-%1").arg(i);
        stage(K::Create, 2,
              Json{{"action", "create"},
                   {"name", name.toStdString()},
                   {"content", skillBody(name, sentence(1000 + i)).toStdString()}},
              name);
    }
    for (int i = 0; i < kBatches; ++i) {
        const QString a = QStringLiteral("pair-%1-a").arg(i), b = QStringLiteral("pair-%1-b").arg(i);
        Json ops = Json::array();
        for (const QString& n : {a, b})
            ops.push_back(
                {{"action", "create"}, {"name", n.toStdString()}, {"content", skillBody(n, n).toStdString()}});
        stage(K::Batch, 1, Json{{"action", "batch"}, {"operations", ops}}, a + QLatin1Char(';') + b);
    }
    for (int i = 0; i < kDeadMemory; ++i)
        stage(K::DeadMemory, i % 3,
              Json{{"action", "replace"},
                   {"target", "memory"},
                   {"old_text", "Gone"},
                   {"content", QStringLiteral("Replacement %1.").arg(i).toStdString()},
                   {"matched_entry", QStringLiteral("Gone entry %1.").arg(i).toStdString()}},
              {});
    for (int i = 0; i < kDeadSkill; ++i)
        stage(K::DeadSkill, i % 3,
              Json{{"action", "patch"},
                   {"name", QStringLiteral("ghost-%1").arg(i).toStdString()},
                   {"old_string", "Step one."},
                   {"new_string", "Step two."}},
              {});
    // Exact duplicates: the same text after NFKC, case folding and collapsing punctuation.
    for (int i = 0; i < kDuplicates; ++i) {
        const QString text =
            QStringLiteral("  %1!!").arg(sentence(i).toUpper().replace(QLatin1Char(' '), QStringLiteral("  ")));
        stage(K::Duplicate, i % 3, Json{{"action", "add"}, {"target", target(i)}, {"content", text.toStdString()}},
              sentence(i));
    }
    // Near duplicates: one letter changed in an entry of twelve words.
    for (int i = kDuplicates; i < kDuplicates + kNear; ++i) {
        QString text = sentence(i);
        const qsizetype at = text.size() - 3;
        text[at] = text[at] == QLatin1Char('z') ? QLatin1Char('y') : QChar(text[at].unicode() + 1);
        stage(K::Near, i % 3, Json{{"action", "add"}, {"target", target(i)}, {"content", text.toStdString()}}, text);
    }
    return ref;
}

struct Outcome {
    int keys = 0;
    double wallMs = 0;
    QStringList problems; // the final check's findings; empty when it passes
};

// Keys only, each one counted.
class Keyboard {
public:
    void press(QWidget* w, Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QTest::keyClick(w, key, mods);
        ++count;
    }
    void type(QWidget* w, const QString& text)
    {
        QTest::keyClicks(w, text);
        count += int(text.size());
    }
    int count = 0;
};

bool waitFor(const std::function<bool()>& done, int ms = 30000)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QTest::qWait(5);
    }
    return true;
}

// Every write that could apply applied exactly once; nothing dead or duplicate applied.
QStringList finalCheck(const QString& root, const Reference& ref, Workspace& ws)
{
    QStringList problems;
    SystemClock clock;
    InboxService service(ws, clock);
    std::map<QString, qint64> inboxIdOf;
    for (qint64 id = 1; id <= 400; ++id)
        if (auto it = service.item(id); it && it->source.contains("hermes_id"))
            inboxIdOf[QString::fromStdString(it->source.value("hermes_id", std::string()))] = id;
    const auto status = [&](const QString& hermesId) {
        const auto found = inboxIdOf.find(hermesId);
        if (found == inboxIdOf.end())
            return QStringLiteral("missing");
        auto it = service.item(found->second);
        return it ? it->status : QStringLiteral("unreadable");
    };
    std::map<int, QString> memoryOf;
    for (int p = 0; p < 3; ++p)
        memoryOf[p] = QString::fromUtf8(readAll(profileDir(root, p) + QStringLiteral("/memories/MEMORY.md")) + "\n§\n"
                                        + readAll(profileDir(root, p) + QStringLiteral("/memories/USER.md")));
    const auto entries = [](const QString& file, const QString& text) {
        int n = 0;
        for (const QString& e : file.split(QStringLiteral("\n§\n")))
            n += e.trimmed().compare(text.trimmed(), Qt::CaseInsensitive) == 0 ? 1 : 0;
        return n;
    };
    using K = Reference::Kind;
    int duplicateCopies = 0, deadApplied = 0;
    for (const auto& r : ref.records) {
        const QString st = status(r.hermesId);
        const bool applied = st == QLatin1String("applied") || st == QLatin1String("modified");
        switch (r.kind) {
        case K::Add:
        case K::Near:
            if (!applied || entries(memoryOf[r.profile], r.text) != 1)
                problems << QStringLiteral("%1 (add) is %2 with %3 copies")
                                .arg(r.hermesId, st)
                                .arg(entries(memoryOf[r.profile], r.text));
            break;
        case K::Duplicate:
            duplicateCopies += std::max(0, entries(memoryOf[r.profile], r.text) - 1);
            if (applied)
                ++duplicateCopies;
            break;
        case K::DeadMemory:
        case K::DeadSkill:
            if (applied)
                ++deadApplied;
            break;
        case K::Group:
            if (!applied)
                problems << QStringLiteral("%1 (patch of deploy) is %2").arg(r.hermesId, st);
            break;
        case K::Create:
        case K::Batch:
            for (const QString& name : r.text.split(QLatin1Char(';')))
                if (!applied
                    || !QFile::exists(profileDir(root, r.profile) + QStringLiteral("/skills/%1/SKILL.md").arg(name)))
                    problems << QStringLiteral("%1 (skill %2) is %3").arg(r.hermesId, name, st);
            break;
        }
    }
    if (readAll(root + QStringLiteral("/skills/deploy/SKILL.md")) != deploySkill(kGroup))
        problems << QStringLiteral("skills/deploy/SKILL.md does not hold each of the 30 patches exactly once");
    if (duplicateCopies)
        problems << QStringLiteral("%1 duplicates applied").arg(duplicateCopies);
    if (deadApplied)
        problems << QStringLiteral("%1 dead items applied").arg(deadApplied);
    return problems;
}

struct Window {
    std::unique_ptr<MainWindow> window;
    InboxPage* inbox = nullptr;
    QTableView* table = nullptr;
    QLineEdit* search = nullptr;
};

bool open(const QString& root, Window& w)
{
    auto ws = sediment::test::openWorkspace(root);
    if (!ws)
        return false;
    w.window = std::make_unique<MainWindow>(std::move(*ws));
    w.window->show();
    QApplication::setActiveWindow(w.window.get());
    w.inbox = qobject_cast<InboxPage*>(w.window->page(QStringLiteral("inbox")));
    w.table = w.inbox->findChild<QTableView*>(QStringLiteral("inboxTable"));
    w.search = w.inbox->findChild<InboxSearchBar*>()->searchBox();
    if (qEnvironmentVariableIsSet("TRIAGE_BENCH_DEBUG"))
        QObject::connect(w.window->statusBar(), &QStatusBar::messageChanged, [](const QString& m) {
            if (!m.isEmpty())
                std::fprintf(stderr, "status: %s\n", qPrintable(m));
        });
    // Every record imported and every verdict known: what a reviewer sees once the window settles.
    return waitFor([&] {
        return w.inbox->model()->rowCount() == 400 && !w.inbox->model()->isLoading()
               && w.inbox->preflight()->verdicts().size() == 400;
    });
}

// Waits for the window to settle after a key: the list read and the verdicts current.
bool settle(Window& w, int rows)
{
    return waitFor([&] { return w.inbox->model()->rowCount() == rows && !w.inbox->model()->isLoading(); });
}

// The window before triage: R opened the refusal dialog (one key; this window needs R R, the first
// not counted); the reason is chosen with Down ×4 (stale), then Return.
bool refuseThroughDialog(Window& w, Keyboard& keys, InboxService& service, qint64 id)
{
    QTest::keyClick(w.table, Qt::Key_R);
    keys.press(w.table, Qt::Key_R);
    RefuseDialog* dialog = nullptr;
    if (!waitFor([&] { return (dialog = w.window->findChild<RefuseDialog*>()) && dialog->isVisible(); }, 5000))
        return false;
    QComboBox* code = dialog->findChild<QComboBox*>();
    code->setFocus();
    for (int k = 0; k < 4; ++k)
        keys.press(code, Qt::Key_Down);
    keys.press(code, Qt::Key_Return);
    const bool ok = waitFor([&] { return service.item(id)->status == QLatin1String("refused"); }, 5000)
                    && waitFor([&] { return w.inbox->currentId() != id || w.inbox->model()->rowCount() == 0; }, 5000);
    // A closed dialog gives the window and the focus back to the list it was opened from; the
    // offscreen platform, which activates no window by itself, is helped here (no key counted).
    QApplication::setActiveWindow(w.window.get());
    w.table->setFocus();
    if (!ok)
        std::fprintf(stderr, "dialog: #%lld is %s, combo '%s', dialog visible %d, status bar: %s\n", (long long)id,
                     qPrintable(service.item(id)->status), qPrintable(code->currentText()), int(dialog->isVisible()),
                     qPrintable(w.window->statusBar()->currentMessage()));
    return ok;
}

// Walks the pending list with A, one item at a time: each is selected, shown, then decided. An
// item the window will not approve (it says the item is outdated) is refused through the dialog
// when `refuseOutdated`, as a reviewer of the window before triage would.
bool approveEachInTurn(Window& w, Keyboard& keys, SystemClock& clock, bool refuseOutdated)
{
    InboxService service(w.window->workspace(), clock);
    while (w.inbox->model()->rowCount() > 0) {
        const qint64 id = w.inbox->currentId();
        if (!id)
            return false;
        keys.press(w.table, Qt::Key_A);
        bool outdated = false;
        const bool decided = waitFor([&] {
            outdated = w.window->statusBar()->currentMessage().contains(QStringLiteral("is outdated"));
            return outdated || (service.item(id)->status != QLatin1String("pending") && w.inbox->currentId() != id);
        });
        if (decided && outdated && refuseOutdated) {
            w.window->statusBar()->clearMessage();
            if (!refuseThroughDialog(w, keys, service, id))
                return false;
            continue;
        }
        if (!decided || outdated) {
            std::fprintf(stderr, "search '%s', focus %s\n", qPrintable(w.search->text()),
                         QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none");
            std::fprintf(stderr, "walk: #%lld is %s, current #%lld, %d rows, status bar: %s\n", (long long)id,
                         qPrintable(service.item(id)->status), (long long)w.inbox->currentId(),
                         w.inbox->model()->rowCount(), qPrintable(w.window->statusBar()->currentMessage()));
            return false;
        }
    }
    return true;
}

void newWay(Window& w, Keyboard& keys, Outcome& o)
{
    // The dead: / is:dead ⏎ Ctrl+A R 4 — each refused with its own preflight message.
    keys.press(w.window.get(), Qt::Key_Slash);
    keys.type(w.search, QStringLiteral("is:dead"));
    keys.press(w.search, Qt::Key_Return);
    settle(w, kDeadMemory + kDeadSkill);
    keys.press(w.table, Qt::Key_A, Qt::ControlModifier);
    keys.press(w.table, Qt::Key_R);
    keys.press(w.table, Qt::Key_4);
    settle(w, 0);
    // The exact duplicates: / is:dup ⏎ Ctrl+A R 1 (the search's text is selected by /).
    waitFor([&] { return w.inbox->preflight()->verdicts().size() == 400 - 80; });
    keys.press(w.window.get(), Qt::Key_Slash);
    keys.type(w.search, QStringLiteral("is:dup"));
    keys.press(w.search, Qt::Key_Return);
    settle(w, kDuplicates);
    keys.press(w.table, Qt::Key_A, Qt::ControlModifier);
    keys.press(w.table, Qt::Key_R);
    keys.press(w.table, Qt::Key_1);
    settle(w, 0);
    // The whole queue again, then the group: G, Shift+A on the 30 patches, G.
    keys.press(w.window.get(), Qt::Key_Slash);
    keys.press(w.search, Qt::Key_Backspace);
    keys.press(w.search, Qt::Key_Return);
    settle(w, 400 - 120);
    waitFor([&] { return w.inbox->preflight()->verdicts().size() == 400 - 120; });
    keys.press(w.table, Qt::Key_G);
    settle(w, kGroup);
    keys.press(w.table, Qt::Key_A, Qt::ShiftModifier);
    settle(w, 0);
    keys.press(w.table, Qt::Key_G);
    settle(w, kJudged);
    // Every other item on its own.
    SystemClock clock;
    if (!approveEachInTurn(w, keys, clock, false))
        o.problems << QStringLiteral("the walk stopped before the queue was empty");
}

void oldWay(Window& w, Keyboard& keys, Outcome& o)
{
    SystemClock clock;
    // Every item approved in turn: a dead one fails and leaves the pending list, or the window
    // says it is outdated and it is refused there through the dialog.
    if (!approveEachInTurn(w, keys, clock, true))
        o.problems << QStringLiteral("the walk stopped before the queue was empty");
    // Then the failed ones, each refused through the dialog.
    keys.press(w.window.get(), Qt::Key_Slash);
    keys.type(w.search, QStringLiteral("status:failed"));
    keys.press(w.search, Qt::Key_Return);
    waitFor([&] { return !w.inbox->model()->isLoading() && w.inbox->model()->rowCount() > 0; }, 5000);
    InboxService service(w.window->workspace(), clock);
    while (w.inbox->model()->rowCount() > 0)
        if (!refuseThroughDialog(w, keys, service, w.inbox->currentId()))
            break;
}

// Opens the window on `root`, works the queue `way`, and times and checks it.
Outcome work(const QString& root, const Reference& ref, void (*way)(Window&, Keyboard&, Outcome&))
{
    Outcome o;
    Window w;
    if (!open(root, w)) {
        o.problems << QStringLiteral("the window did not settle on 400 items");
        return o;
    }
    Keyboard keys;
    QElapsedTimer timer;
    timer.start();
    w.table->setFocus();
    way(w, keys, o);
    o.wallMs = double(timer.elapsed());
    o.keys = keys.count;
    o.problems += finalCheck(root, ref, w.window->workspace());
    return o;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(1, atoi(argv[1])) : 3;
    const int budget = kJudged + 40;
    std::printf(
        "triage_bench: 400 staged writes in 3 Hermes profiles: %d distinct applicable (%d memory adds, %d skill "
        "creates, %d batch records), %d near duplicates, %d patches to one skill, %d dead, %d exact duplicates\n",
        kAdds + kCreates + kBatches, kAdds, kCreates, kBatches, kNear, kGroup, kDeadMemory + kDeadSkill, kDuplicates);
    std::printf("budget: %d items need a judgment + 40 = %d keystrokes\n", kJudged, budget);
    std::vector<double> newMs, oldMs;
    int newKeys = 0, oldKeys = 0;
    bool ok = true;
    for (int run = 0; run < runs; ++run) {
        for (const bool fresh : {true, false}) {
            QTemporaryDir dir;
            const Reference ref = buildRoot(dir.path());
            const Outcome o = work(dir.path(), ref, fresh ? newWay : oldWay);
            std::printf("run %d, %s: %d keystrokes, %.0f ms, final check: %s\n", run + 1,
                        fresh ? "triage window" : "window before triage", o.keys, o.wallMs,
                        o.problems.isEmpty()
                            ? "passed"
                            : qPrintable(QStringLiteral("FAILED: ") + o.problems.mid(0, 5).join(QStringLiteral("; "))));
            std::fflush(stdout);
            (fresh ? newMs : oldMs).push_back(o.wallMs);
            (fresh ? newKeys : oldKeys) = o.keys;
            if (fresh && (!o.problems.isEmpty() || o.keys > budget))
                ok = false;
        }
    }
    std::printf("\n| way | keystrokes | budget | wall (median of %d) |\n|---|---|---|---|\n", runs);
    std::printf("| triage window | %d | %d | %.0f ms |\n", newKeys, budget, median(newMs));
    std::printf("| window before triage | %d | — | %.0f ms |\n", oldKeys, median(oldMs));
    std::printf("keystrokes: %.2f× fewer\n", newKeys ? double(oldKeys) / newKeys : 0.0);
    return ok ? 0 : 1;
}
