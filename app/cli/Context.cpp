#include "cli/Context.h"
#include "agents/Agents.h"
#include "team/TeamPolicy.h"
#include "team/TeamSettler.h"

#include "audit/Actor.h"
#include "demo/DemoWorkspace.h"
#include "journal/JournalSettler.h"
#include "util/Clock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace sediment::cli {

Context::Context(QString verb, QStringList args, QString workspaceFlag)
    : m_verb(std::move(verb))
    , m_args(std::move(args))
    , m_workspaceFlag(std::move(workspaceFlag))
{}

Result<Args> Context::parse(const QStringList& valueOptions, const QStringList& flags) const
{
    return parse(m_args, valueOptions, flags, m_verb);
}

Result<Args> Context::parse(const QStringList& argv, const QStringList& valueOptions, const QStringList& flags,
                            const QString& label) const
{
    QStringList allFlags = flags;
    allFlags << QStringLiteral("--json") << QStringLiteral("--help");
    return Args::parse(argv, valueOptions, allFlags, label);
}

Result<Args> Context::parseAtMost(int positionals, const QStringList& valueOptions, const QStringList& flags) const
{
    auto args = parse(valueOptions, flags);
    if (!args)
        return args;
    if (auto ok = args->atMost(m_verb, positionals); !ok)
        return fail(ok.error());
    return args;
}

QString Context::workspaceDir() const { return Workspace::select(m_workspaceFlag); }

void Context::dropNewWorkspace(const QString& created, const QStringList& there)
{
    if (m_workspace) {
        auto held = DemoWorkspace::held(*m_workspace);
        if (!held || !held->isEmpty())
            return; // something landed there after all (another process's write): it stays
        m_workspace.reset();
    }
    if (!created.isEmpty()) {
        QDir(created).removeRecursively(); // every folder of it was made by this command
        return;
    }
    const QDir folder(workspaceDir());
    for (const QFileInfo& entry :
         folder.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)) {
        if (there.contains(entry.fileName()))
            continue;
        if (entry.isDir() && !entry.isSymLink())
            QDir(entry.filePath()).removeRecursively();
        else
            QFile::remove(entry.filePath());
    }
}

Result<Workspace*> Context::workspace(Database::SyncMode sync)
{
    if (!m_workspace) {
        auto ws = Agents::open(workspaceDir(), sync);
        if (!ws)
            return fail(ws.error());
        // Every verb first settles what a killed process left in the decision journal, so
        // that nothing it reads or decides builds on a half-finished write.
        const SystemClock clock;
        if (auto settled = JournalSettler((*ws)->db(), clock).settle(); !settled)
            return fail(settled.error());
        // Then what it left half claimed in an agent's queue: a staged record taken out of
        // Hermes' listing goes back unless its decision was committed (docs/verbs.md#hermes).
        for (const auto& agent : (*ws)->agents().all())
            if (auto recovered = agent->recover(**ws, clock, Actor::cli(**ws)); !recovered)
                return fail(recovered.error());
        // An admin's sediment.json is the team's policy: the server enforces its own copy.
        if (auto published = TeamPolicy(**ws, clock).publish(); !published)
            return fail(published.error());
        // On a team's files host, the decisions other hosts made are written before anything
        // else (docs/user-guide.md#team-mode).
        // (`settle` does it itself, to report what it wrote.)
        if ((*ws)->db().isServer() && m_verb != QLatin1String("settle"))
            if (auto written = TeamSettler(**ws, clock).settle(); !written)
                return fail(written.error());
        m_workspace = std::move(*ws);
    }
    return m_workspace.get();
}

void Context::outRaw(const std::string& utf8) const
{
    // A large text into a pipe: with a 1 MiB pipe buffer the reading harness takes it in a few
    // large reads rather than a wake-up per 64 KiB (the outcome of a large batch runs to
    // megabytes). Best effort: the size is only a request.
    constexpr std::size_t kLarge = 1 << 18;
    struct stat st {};
    if (utf8.size() >= kLarge && ::fstat(STDOUT_FILENO, &st) == 0 && S_ISFIFO(st.st_mode))
        (void)::fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
    std::fwrite(utf8.data(), 1, utf8.size(), stdout);
}

void Context::out(const QString& text) const { outRaw(text.toStdString() + '\n'); }

void Context::printJson(const Json& value) const { outRaw(json::pythonDump(value) + '\n'); }

void Context::warn(const QString& text) const
{
    QString line = text;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    const std::string bytes = "sediment: warning: " + line.toStdString() + '\n';
    std::fwrite(bytes.data(), 1, bytes.size(), stderr);
}

int Context::error(const Error& e) const
{
    // One line, whatever the message holds: stderr is read by harnesses line by line.
    QString line = e.message;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    const std::string text = "sediment: " + line.toStdString() + '\n';
    std::fwrite(text.data(), 1, text.size(), stderr);
    return e.exitCode();
}

int Context::usageError(const QString& message) const { return error(Error::invalid(message)); }

Result<QByteArray> readInput(const QString& fileOrDash)
{
    QFile f;
    if (fileOrDash.isEmpty() || fileOrDash == QLatin1String("-")) {
        if (!f.open(stdin, QIODevice::ReadOnly))
            return fail(Error::io(QStringLiteral("cannot read standard input")));
    } else {
        f.setFileName(fileOrDash);
        if (!f.open(QIODevice::ReadOnly))
            return fail(Error::io(QStringLiteral("cannot read %1: %2").arg(fileOrDash, f.errorString())));
        if (f.size() > kMaxInputBytes)
            return fail(Error::invalid(QStringLiteral("input is larger than 16 MiB (%1 bytes); "
                                                      "split it into several calls")
                                           .arg(f.size())));
    }
    // Read straight into the result, in chunks, and stop at most a chunk past the limit: a huge
    // pipe is never held whole. A file of known size is read into one allocation of that size
    // (growing it by doubling cost 16 MiB of copies and page faults for a 16 MiB file).
    constexpr qsizetype kChunk = 1 << 16;
    QByteArray data;
    if (!f.isSequential() && f.size() > 0)
        data.reserve(qsizetype(std::min<qint64>(f.size(), kMaxInputBytes)) + 1);
    for (;;) {
        const qsizetype at = data.size();
        const qsizetype want = std::max(data.capacity() - at, kChunk);
        data.resize(at + want);
        const qint64 n = f.read(data.data() + at, want);
        if (n < 0)
            return fail(Error::io(QStringLiteral("read error: %1").arg(f.errorString())));
        data.resize(at + qsizetype(n));
        if (n == 0)
            break;
        if (data.size() > kMaxInputBytes)
            return fail(Error::invalid(QStringLiteral("input is larger than 16 MiB; split it into several calls")));
    }
    return data;
}

} // namespace sediment::cli
