#pragma once

// kill -9 against real `sediment` processes (docs/architecture.md#durability): each run starts one command that writes a
// file (memory apply, inbox approve of every destination, patch, revert) or several (a Hermes
// skill batch: all of its files or none) and kills it, either at
// a random moment or at one of the journal's named points (SEDIMENT_CRASH_AT). After every run a
// plain command (which settles first) must leave files and database agreeing: no entry or rule
// on disk without its decision, no decision without its bytes, nothing written twice, no
// journal row left, and the audit chain intact. Shared by the ctest (a bounded count) and the
// benchmark (a larger one).
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace crash {

using sediment::InboxItem;
using sediment::Json;

struct PathTally {
    int runs = 0;
    int kills = 0;
    int disagreements = 0;
};

class Harness {
public:
    // The paths a run picks from, in turn.
    static const QStringList& paths()
    {
        static const QStringList p{QStringLiteral("memory-apply"),  QStringLiteral("approve"),
                                   QStringLiteral("patch"),         QStringLiteral("revert"),
                                   QStringLiteral("make-room"),     QStringLiteral("skill-batch"),
                                   QStringLiteral("hermes-claim"),  QStringLiteral("hermes-group"),
                                   QStringLiteral("claude-memory"), QStringLiteral("claude-md-group")};
        return p;
    }

    explicit Harness(quint32 seed) : m_random(seed) {}

    bool setUp(int itemsPerDestination)
    {
        if (!m_dir.isValid())
            return false;
        QFile cfg(m_dir.filePath(QStringLiteral("sediment.json")));
        if (!cfg.open(QIODevice::WriteOnly))
            return false;
        cfg.write(R"({"memory_char_limit": 1000000, "user_char_limit": 1000000})");
        cfg.close();
        // Entries for the make-room path to remove, each at most once.
        QDir().mkpath(m_dir.filePath(QStringLiteral("memories")));
        QFile memory(m_dir.filePath(QStringLiteral("memories/MEMORY.md")));
        if (!memory.open(QIODevice::WriteOnly))
            return false;
        QStringList fillers;
        for (int k = 0; k < kFillers; ++k)
            fillers << QStringLiteral("Filler %1").arg(k);
        memory.write(fillers.join(QStringLiteral("\n\u00a7\n")).toUtf8());
        memory.close();
        auto ws = sediment::test::openWorkspace(m_dir.path());
        if (!ws)
            return false;
        sediment::InboxRepository repo((*ws)->db());
        static const char* destinations[] = {"claude_md",   "memory",         "user", "settings_json",
                                             "brain_inbox", "chantier_outil", "skill"};
        for (int n = 0; n < itemsPerDestination; ++n) {
            // The skill each batch patches, there from the start.
            const QString shared = QStringLiteral("skills/shared-%1/SKILL.md").arg(n);
            QDir().mkpath(QFileInfo(m_dir.filePath(shared)).path());
            QFile skill(m_dir.filePath(shared));
            if (!skill.open(QIODevice::WriteOnly))
                return false;
            skill.write(skillText(QStringLiteral("shared-%1").arg(n)).toUtf8());
            skill.close();
            InboxItem batch;
            batch.destination = QStringLiteral("skill");
            batch.op = batchFor(n);
            batch.contentHash = QStringLiteral("batch") + QString::number(n);
            batch.createdAt = QStringLiteral("2026-11-23T08:00:00.000Z");
            auto batchId = repo.insert(batch);
            if (!batchId)
                return false;
            m_items[*batchId] = {QStringLiteral("skill_batch"), n};
            for (const char* d : destinations) {
                InboxItem it;
                it.destination = QString::fromLatin1(d);
                it.op = opFor(it.destination, n);
                it.contentHash = it.destination + QString::number(n);
                it.createdAt = QStringLiteral("2026-11-23T08:00:00.000Z");
                auto id = repo.insert(it);
                if (!id)
                    return false;
                m_items[*id] = {it.destination, n};
            }
        }
        // Pairs of CLAUDE.md edits of one passage ("Slot N."), each keeping the slot's text: a
        // group applied in order, as one write (InOrderApplier).
        QFile claude(m_dir.filePath(QStringLiteral("CLAUDE.md")));
        if (!claude.open(QIODevice::WriteOnly))
            return false;
        for (int n = 0; n < itemsPerDestination; ++n) {
            claude.write(QStringLiteral("Slot %1.\n").arg(n).toUtf8());
            for (int k = 0; k < 2; ++k) {
                InboxItem it;
                it.destination = QStringLiteral("claude_md");
                const std::string slot = QStringLiteral("Slot %1.").arg(n).toStdString();
                it.op = Json{{"path", "CLAUDE.md"}, {"before", slot}, {"after", slot + " " + groupRule(n, k)}};
                it.contentHash = QStringLiteral("claude-group-%1-%2").arg(n).arg(k);
                it.createdAt = QStringLiteral("2026-11-23T08:00:0%1.000Z").arg(k);
                auto id = repo.insert(it);
                if (!id)
                    return false;
                m_items[*id] = {QStringLiteral("claude_md_group"), n * 10 + k};
            }
        }
        claude.close();
        return stageHermesRecords(itemsPerDestination) && stageClaudeWrites(itemsPerDestination);
    }

    // One run on `path`; returns false when the harness itself could not run it.
    bool runOnce(const QString& path, PathTally& tally)
    {
        QStringList args;
        QByteArray input;
        if (path == QLatin1String("memory-apply")) {
            const int n = m_direct++;
            args = {QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")};
            input =
                QByteArray(R"({"action":"add","target":"memory","content":"Direct )") + QByteArray::number(n) + "\"}";
        } else {
            const bool revert = path == QLatin1String("revert");
            const bool room = path == QLatin1String("make-room");
            if (room && m_nextFiller >= kFillers)
                return true;
            auto id = pick(revert ? QStringList{QStringLiteral("applied"), QStringLiteral("modified")}
                                  : QStringList{QStringLiteral("pending")},
                           path == QLatin1String("patch")             ? QStringLiteral("claude_md")
                           : room                                     ? QStringLiteral("memory")
                           : path == QLatin1String("skill-batch")     ? QStringLiteral("skill_batch")
                           : path == QLatin1String("hermes-claim")    ? QStringLiteral("hermes")
                           : path == QLatin1String("hermes-group")    ? QStringLiteral("hermes_group")
                           : path == QLatin1String("claude-memory")   ? QStringLiteral("claude")
                           : path == QLatin1String("claude-md-group") ? QStringLiteral("claude_md_group")
                                                                      : QString());
            if (!id)
                return true; // nothing left to decide on this path
            args = {QStringLiteral("inbox"),
                    revert                           ? QStringLiteral("revert")
                    : path == QLatin1String("patch") ? QStringLiteral("patch")
                    : path == QLatin1String("hermes-group") || path == QLatin1String("claude-md-group")
                        ? QStringLiteral("approve-group")
                        : QStringLiteral("approve"),
                    QString::number(*id)};
            if (path == QLatin1String("patch")) {
                const auto& [dest, n] = m_items[*id];
                Json op = opFor(dest, n);
                op["after"] = "Rule " + std::to_string(n) + ", patched.";
                m_patched.insert(*id);
                args << QStringLiteral("--file") << QStringLiteral("-");
                input = QByteArray::fromStdString(op.dump());
            }
            if (room) {
                // The item's add and one filler's removal, as one decision.
                const int k = m_nextFiller++;
                m_rooms[*id] = k;
                args << QStringLiteral("--make-room") << QStringLiteral("-");
                input = QByteArray(R"({"remove": ["Filler )") + QByteArray::number(k) + "\"]}";
            }
        }
        ++tally.runs;
        static const char* points[] = {"after-journal", "after-write", "after-commit", nullptr, "mid-batch"};
        static const char* claimPoints[] = {"after-claim", "after-journal", "after-write", "after-commit", nullptr};
        const char* point = path.startsWith(QLatin1String("hermes-"))
                                ? claimPoints[m_random.bounded(5)]
                                : points[m_random.bounded(path == QLatin1String("skill-batch") ? 5 : 4)];
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (point)
            env.insert(QStringLiteral("SEDIMENT_CRASH_AT"), QString::fromLatin1(point));
        env.insert(QStringLiteral("HOME"), home()); // where Claude Code's memory lives
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), m_dir.path()} + args);
        if (!p.waitForStarted())
            return false;
        p.write(input);
        p.closeWriteChannel();
        if (!point) {
            QThread::usleep(m_random.bounded(30000));
            if (p.state() != QProcess::NotRunning)
                ::kill(pid_t(p.processId()), SIGKILL);
        }
        p.waitForFinished(60000);
        if (p.exitStatus() == QProcess::CrashExit)
            ++tally.kills;
        const int found = disagreements();
        tally.disagreements += found;
        return true;
    }

    // Settles through a real command, then compares every file with its decision.
    int disagreements()
    {
        QProcess verify;
        QProcessEnvironment verifyEnv = QProcessEnvironment::systemEnvironment();
        verifyEnv.insert(QStringLiteral("HOME"), home());
        verify.setProcessEnvironment(verifyEnv);
        verify.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), m_dir.path(),
                                                       QStringLiteral("audit"), QStringLiteral("--verify")});
        verify.waitForFinished(60000);
        int bad = verify.exitStatus() == QProcess::NormalExit && verify.exitCode() == 0 ? 0 : 1;
        if (bad)
            m_notes << QStringLiteral("audit --verify: ") + QString::fromUtf8(verify.readAllStandardError());
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("sediment.db")));
        if (!db)
            return bad + 1;
        if (auto rows = (*db)->scalar("SELECT count(*) FROM decision_journal"); !rows || *rows != 0) {
            m_notes << QStringLiteral("journal rows left after settling");
            ++bad;
        }
        const QString claude = text(QStringLiteral("CLAUDE.md"));
        const QString memory = text(QStringLiteral("memories/MEMORY.md"));
        const QString user = text(QStringLiteral("memories/USER.md"));
        const QString settings = text(QStringLiteral("settings.json"));
        const QString notes = folderText(QStringLiteral("brain/inbox")) + folderText(QStringLiteral("chantiers/inbox"));
        sediment::InboxRepository repo(**db);
        for (const auto& [id, what] : m_items) {
            auto item = repo.find(id);
            if (!item || !*item)
                return bad + 1;
            const QString status = (*item)->status;
            const bool applied = status == QLatin1String("applied") || status == QLatin1String("modified");
            if (!applied && status != QLatin1String("pending") && status != QLatin1String("reverted")) {
                m_notes << QStringLiteral("item %1 is %2").arg(id).arg(status);
                ++bad;
                continue;
            }
            const auto& [dest, n] = what;
            if (dest == QLatin1String("hermes_group") || dest == QLatin1String("claude_md_group"))
                continue; // checked by pairs below
            const QString num = QString::number(n);
            qsizetype onDisk = 0;
            if (dest == QLatin1String("claude_md"))
                onDisk = claude.count(QStringLiteral("Rule %1,").arg(num))
                         + claude.count(QStringLiteral("Rule %1.").arg(num));
            else if (dest == QLatin1String("memory"))
                onDisk = entries(memory).count(QStringLiteral("Fact ") + num);
            else if (dest == QLatin1String("user"))
                onDisk = entries(user).count(QStringLiteral("Fact ") + num);
            else if (dest == QLatin1String("settings_json"))
                onDisk = settings.count(QStringLiteral("\"k%1\"").arg(num));
            else if (dest == QLatin1String("skill"))
                onDisk = QFile::exists(m_dir.filePath(QStringLiteral("skills/skill-%1/SKILL.md").arg(num))) ? 1 : 0;
            else if (dest == QLatin1String("skill_batch"))
                onDisk = batchOnDisk(n);
            else if (dest == QLatin1String("hermes")) {
                onDisk = entries(memory).count(QStringLiteral("Hermes fact ") + num);
                // Its staged record: under its own name while undecided, gone once decided,
                // and never left claimed.
                const QStringList beside = QDir(m_dir.filePath(QStringLiteral("pending/memory")))
                                               .entryList({QStringLiteral("hc%1.*").arg(n, 6, 10, QLatin1Char('0'))},
                                                          QDir::Files | QDir::Hidden);
                // (A reverted one was applied first: its record was settled then.)
                const QStringList expectedFiles =
                    status == QLatin1String("pending")
                        ? QStringList{QStringLiteral("hc%1.json").arg(n, 6, 10, QLatin1Char('0'))}
                        : QStringList();
                if (beside != expectedFiles) {
                    m_notes << QStringLiteral("item %1 (hermes %2) is %3 but its staged files are [%4]")
                                   .arg(id)
                                   .arg(n)
                                   .arg(status, beside.join(QStringLiteral(", ")));
                    ++bad;
                }
            } else if (dest == QLatin1String("claude")) {
                // A Write Claude Code asked for: the file holds its bytes exactly when applied.
                const QString file = claudeMemoryDir() + QStringLiteral("/topic_%1.md").arg(n);
                onDisk = QFile::exists(file) ? 1 : 0;
                if (onDisk && text(QDir(m_dir.path()).relativeFilePath(file)) != claudeFact(n)) {
                    m_notes << QStringLiteral("item %1 (claude %2) holds other bytes").arg(id).arg(n);
                    ++bad;
                }
            } else
                onDisk = notes.count(QStringLiteral("Body of %1 %2.").arg(dest, num));
            const qsizetype expected = applied ? 1 : 0;
            if (onDisk != expected) {
                m_notes << QStringLiteral("item %1 (%2 %3) is %4 but its bytes are on disk %5 time(s)")
                               .arg(id)
                               .arg(dest)
                               .arg(n)
                               .arg(status)
                               .arg(onDisk);
                ++bad;
            }
        }
        // Hermes groups: a pair of records staging one text, decided together or not at all.
        for (const auto& [n, statuses] : pairStatuses(repo, QStringLiteral("hermes_group"))) {
            const bool together = statuses.size() == 2 && statuses[0] == statuses[1];
            const bool applied = statuses[0] == QLatin1String("applied") || statuses[0] == QLatin1String("modified");
            const qsizetype onDisk = entries(memory).count(QStringLiteral("Hermes group fact %1").arg(n));
            const QStringList beside =
                QDir(m_dir.filePath(QStringLiteral("pending/memory")))
                    .entryList({QStringLiteral("hg%1*").arg(n, 6, 10, QLatin1Char('0'))}, QDir::Files | QDir::Hidden);
            const QStringList expectedFiles =
                statuses[0] == QLatin1String("pending")
                    ? QStringList{QStringLiteral("hg%1%2.json").arg(n, 6, 10, QLatin1Char('0')).arg(0),
                                  QStringLiteral("hg%1%2.json").arg(n, 6, 10, QLatin1Char('0')).arg(1)}
                    : QStringList();
            if (!together || onDisk != (applied ? 1 : 0) || beside != expectedFiles) {
                m_notes << QStringLiteral("group %1 is [%2], its entry on disk %3 time(s), its staged files [%4]")
                               .arg(n)
                               .arg(QStringList(statuses.begin(), statuses.end()).join(QStringLiteral(", ")))
                               .arg(onDisk)
                               .arg(beside.join(QStringLiteral(", ")));
                ++bad;
            }
        }
        // CLAUDE.md groups: a pair decided together or not at all, each rule once when applied.
        for (const auto& [n, statuses] : pairStatuses(repo, QStringLiteral("claude_md_group"))) {
            const bool together = statuses.size() == 2 && statuses[0] == statuses[1];
            const bool applied = statuses[0] == QLatin1String("applied") || statuses[0] == QLatin1String("modified");
            const qsizetype first = claude.count(QString::fromStdString(groupRule(n, 0)));
            const qsizetype second = claude.count(QString::fromStdString(groupRule(n, 1)));
            if (!together || first != (applied ? 1 : 0) || second != first) {
                m_notes << QStringLiteral("CLAUDE.md group %1 is [%2], its rules on disk %3 and %4 time(s)")
                               .arg(n)
                               .arg(QStringList(statuses.begin(), statuses.end()).join(QStringLiteral(", ")))
                               .arg(first)
                               .arg(second);
                ++bad;
            }
        }
        // make room: a filler is gone exactly when the decision that removed it stands.
        const QStringList stored = entries(memory);
        for (int k = 0; k < m_nextFiller; ++k) {
            const QString entry = QStringLiteral("Filler %1").arg(k);
            bool removed = false;
            for (const auto& [id, filler] : m_rooms) {
                if (filler != k)
                    continue;
                // The removal stands when the item's decision was this room: an item a killed
                // make-room run left pending may be approved as proposed later, filler kept.
                auto item = repo.find(id);
                if (!item || !*item || !(*item)->finalOp
                    || ((*item)->status != QLatin1String("applied") && (*item)->status != QLatin1String("modified")))
                    continue;
                for (const Json& op : (*item)->finalOp->value("operations", Json::array()))
                    removed = removed || op.value("matched_entry", std::string()) == entry.toStdString();
            }
            if (stored.count(entry) != (removed ? 0 : 1)) {
                m_notes << QStringLiteral("'%1' is on disk %2 time(s) though its removal %3")
                               .arg(entry)
                               .arg(stored.count(entry))
                               .arg(removed ? QStringLiteral("stands") : QStringLiteral("does not"));
                ++bad;
            }
        }
        // memory apply: each "Direct n" entry once on disk exactly when its memory.add row exists.
        const QStringList direct = entries(memory);
        for (int n = 0; n < m_direct; ++n) {
            const QString entry = QStringLiteral("Direct %1").arg(n);
            auto rows = (*db)->prepare("SELECT count(*) FROM audit_log WHERE action = 'memory.add' AND after = ?");
            if (!rows)
                return bad + 1;
            rows->bind(1, entry);
            auto count = rows->firstInt64();
            const qint64 logged = count && *count ? **count : -1;
            if (logged != direct.count(entry) || logged > 1) {
                m_notes << QStringLiteral("'%1' is on disk %2 time(s) with %3 audit row(s)")
                               .arg(entry)
                               .arg(direct.count(entry))
                               .arg(logged);
                ++bad;
            }
        }
        return bad;
    }

    const QStringList& notes() const { return m_notes; }

private:
    // Hermes-shaped records in pending/memory, imported by a real `hermes import-pending`: the
    // claim path approves them (HermesClaim).
    bool stageHermesRecords(int count)
    {
        for (int n = 0; n < count; ++n) {
            const QString id = QStringLiteral("hc%1").arg(n, 6, 10, QLatin1Char('0'));
            const Json record = {
                {"id", id.toStdString()},
                {"subsystem", "memory"},
                {"action", "add"},
                {"summary", "crash test"},
                {"origin", "foreground"},
                {"created_at", 1764000000 + n},
                {"payload",
                 {{"action", "add"}, {"target", "memory"}, {"content", "Hermes fact " + std::to_string(n)}}}};
            QDir().mkpath(m_dir.filePath(QStringLiteral("pending/memory")));
            QFile f(m_dir.filePath(QStringLiteral("pending/memory/%1.json").arg(id)));
            if (!f.open(QIODevice::WriteOnly))
                return false;
            f.write(QByteArray::fromStdString(record.dump(2)));
            // A pair staging one text: a group, approved as one decision (approve-group).
            for (int k = 0; k < 2; ++k) {
                const QString gid = QStringLiteral("hg%1%2").arg(n, 6, 10, QLatin1Char('0')).arg(k);
                const Json pair = {
                    {"id", gid.toStdString()},
                    {"subsystem", "memory"},
                    {"action", "add"},
                    {"summary", "crash test group"},
                    {"origin", "foreground"},
                    {"created_at", 1765000000 + 2 * n + k},
                    {"payload",
                     {{"action", "add"}, {"target", "memory"}, {"content", "Hermes group fact " + std::to_string(n)}}}};
                QFile g(m_dir.filePath(QStringLiteral("pending/memory/%1.json").arg(gid)));
                if (!g.open(QIODevice::WriteOnly))
                    return false;
                g.write(QByteArray::fromStdString(pair.dump(2)));
            }
        }
        QProcess import;
        import.start(QStringLiteral(SEDIMENT_BINARY),
                     {QStringLiteral("--workspace"), m_dir.path(), QStringLiteral("hermes"),
                      QStringLiteral("import-pending"), QStringLiteral("--json")});
        if (!import.waitForFinished(60000) || import.exitCode() != 0)
            return false;
        const Json report = Json::parse(import.readAllStandardOutput().toStdString(), nullptr, false);
        int imported = 0;
        for (const Json& w : report.value("imported", Json::array())) {
            const std::string hid = w.value("hermes_id", std::string());
            m_items[w.value("inbox_id", qint64(0))] = {hid.starts_with("hg") ? QStringLiteral("hermes_group")
                                                                             : QStringLiteral("hermes"),
                                                       std::stoi(hid.substr(2))};
            ++imported;
        }
        return imported == 3 * count;
    }

    QString home() const { return m_dir.filePath(QStringLiteral("home")); }
    QString project() const { return home() + QStringLiteral("/code/proj"); }
    QString claudeMemoryDir() const
    {
        QString slug = project();
        for (QChar& c : slug)
            if (!(c.isLetterOrNumber() && c.unicode() < 128))
                c = QLatin1Char('-');
        return home() + QStringLiteral("/.claude/projects/") + slug + QStringLiteral("/memory");
    }
    static QString claudeFact(int n) { return QStringLiteral("---\nname: fact %1\n---\n\nClaude fact %1\n").arg(n); }

    // Claude Code's Write of a memory topic file, staged by a real `claude-code hook` as Claude
    // Code would call it: the claude path approves them (ClaudeCodeApplier).
    bool stageClaudeWrites(int count)
    {
        if (!QDir().mkpath(project() + QStringLiteral("/.git")))
            return false;
        for (int n = 0; n < count; ++n) {
            const Json call = {
                {"session_id", "crash"},
                {"transcript_path", QString(home() + QStringLiteral("/t.jsonl")).toStdString()},
                {"cwd", project().toStdString()},
                {"permission_mode", "default"},
                {"hook_event_name", "PreToolUse"},
                {"tool_name", "Write"},
                {"tool_input",
                 {{"file_path", QString(claudeMemoryDir() + QStringLiteral("/topic_%1.md").arg(n)).toStdString()},
                  {"content", claudeFact(n).toStdString()}}},
                {"tool_use_id", "toolu_crash"}};
            QProcess hook;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), home());
            hook.setProcessEnvironment(env);
            hook.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), m_dir.path(),
                                                         QStringLiteral("claude-code"), QStringLiteral("hook")});
            hook.write(QByteArray::fromStdString(call.dump()));
            hook.closeWriteChannel();
            if (!hook.waitForFinished(60000) || hook.exitCode() != 0)
                return false;
            const QByteArray out = hook.readAllStandardOutput();
            const QByteArray marker("inbox item #");
            const qsizetype at = out.indexOf(marker);
            if (at < 0)
                return false;
            m_items[out.mid(at + marker.size()).split(';').first().toLongLong()] = {QStringLiteral("claude"), n};
        }
        return true;
    }

    // The statuses of each pair of a group path (`kind`), by pair number (an item's n / 10).
    std::map<int, std::vector<QString>> pairStatuses(sediment::InboxRepository& repo, const QString& kind) const
    {
        std::map<int, std::vector<QString>> pairs;
        for (const auto& [id, what] : m_items)
            if (what.first == kind)
                if (auto item = repo.find(id); item && *item)
                    pairs[what.second / 10].push_back((*item)->status);
        return pairs;
    }

    static std::string groupRule(int n, int k)
    {
        return QStringLiteral("Group rule %1-%2.").arg(n).arg(k).toStdString();
    }

    static Json opFor(const QString& dest, int n)
    {
        const std::string num = std::to_string(n);
        if (dest == QLatin1String("claude_md"))
            return Json{{"before", ""}, {"after", "Rule " + num + "."}};
        if (dest == QLatin1String("memory") || dest == QLatin1String("user"))
            return Json{{"action", "add"}, {"content", "Fact " + num}};
        if (dest == QLatin1String("settings_json"))
            return Json{{"patch", {{"k" + num, n}}}};
        if (dest == QLatin1String("skill"))
            return Json{{"name", "skill-" + num}, {"mode", "create"}, {"text", "# Skill " + num}};
        return Json{{"title", "Note " + num}, {"text", "Body of " + dest.toStdString() + " " + num + "."}};
    }

    static QString skillText(const QString& name)
    {
        return QStringLiteral("---\nname: %1\ndescription: Crash test %1\n---\n\nStep one.\n").arg(name);
    }

    // A Hermes skill batch over three skills: two created (one with a supporting file), one patched.
    static Json batchFor(int n)
    {
        const std::string a = "batch-" + std::to_string(n) + "-a";
        const std::string b = "batch-" + std::to_string(n) + "-b";
        const Json ops = {
            {{"action", "create"}, {"name", a}, {"content", skillText(sediment::fromStd(a)).toStdString()}},
            {{"action", "write_file"}, {"name", a}, {"file_path", "references/r.md"}, {"file_content", "R\n"}},
            {{"action", "create"}, {"name", b}, {"content", skillText(sediment::fromStd(b)).toStdString()}},
            {{"action", "patch"},
             {"name", "shared-" + std::to_string(n)},
             {"old_string", "Step one."},
             {"new_string", "Step one, batched."}}};
        return Json{{"action", "batch"}, {"operations", ops}};
    }

    // 1 when every file of batch n is on disk, 0 when none is, 2 for a part of it.
    int batchOnDisk(int n) const
    {
        const QString a = QStringLiteral("skills/batch-%1-a/").arg(n);
        const bool parts[] = {
            QFile::exists(m_dir.filePath(a + QStringLiteral("SKILL.md"))),
            QFile::exists(m_dir.filePath(a + QStringLiteral("references/r.md"))),
            QFile::exists(m_dir.filePath(QStringLiteral("skills/batch-%1-b/SKILL.md").arg(n))),
            text(QStringLiteral("skills/shared-%1/SKILL.md").arg(n)).contains(QStringLiteral("batched"))};
        const int on = int(std::count(std::begin(parts), std::end(parts), true));
        return on == 0 ? 0 : on == 4 ? 1 : 2;
    }

    // A pending item to approve (any destination), to patch (claude_md only) or to make room for
    // (memory only), or an applied one to revert.
    std::optional<qint64> pick(const QStringList& statuses, const QString& only)
    {
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("sediment.db")));
        if (!db)
            return std::nullopt;
        sediment::InboxRepository repo(**db);
        std::vector<qint64> candidates;
        for (const auto& [id, what] : m_items) {
            if (!only.isEmpty() && what.first != only)
                continue;
            // A group's items are approved together, by their own path (a revert may pick them).
            if (only.isEmpty()
                && (what.first == QLatin1String("hermes_group") || what.first == QLatin1String("claude_md_group"))
                && statuses.contains(QStringLiteral("pending")))
                continue;
            auto item = repo.find(id);
            if (item && *item && statuses.contains((*item)->status))
                candidates.push_back(id);
        }
        if (candidates.empty())
            return std::nullopt;
        return candidates[m_random.bounded(quint32(candidates.size()))];
    }

    QString text(const QString& rel) const
    {
        QFile f(m_dir.filePath(rel));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }
    QString folderText(const QString& rel) const
    {
        QString all;
        QDirIterator it(m_dir.filePath(rel), {QStringLiteral("*.md")}, QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly))
                all += QString::fromUtf8(f.readAll());
        }
        return all;
    }
    static QStringList entries(const QString& file)
    {
        QStringList out;
        for (const QString& e : file.split(QStringLiteral("\n\u00a7\n")))
            if (!e.trimmed().isEmpty())
                out << e.trimmed();
        return out;
    }

    QTemporaryDir m_dir;
    QRandomGenerator m_random;
    std::map<qint64, std::pair<QString, int>> m_items;
    std::set<qint64> m_patched;
    static constexpr int kFillers = 400;
    int m_nextFiller = 0;
    std::map<qint64, int> m_rooms; // make-room item -> the filler its latest run removes
    int m_direct = 0;
    QStringList m_notes;
};

} // namespace crash
