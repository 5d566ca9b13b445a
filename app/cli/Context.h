#pragma once

#include "cli/Args.h"
#include "util/Error.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QStringList>

#include <memory>

namespace sediment::cli {

// What a verb gets: its own arguments (global options already taken out), the workspace opened
// on first use, and the output conventions of docs/verbs.md (one stderr line per error, exit codes).
class Context final {
public:
    Context(QString verb, QStringList args, QString workspaceFlag);

    const QString& verb() const { return m_verb; }
    const QStringList& args() const { return m_args; }

    // Parses the verb's arguments; `--json` and `--help` are always accepted.
    Result<Args> parse(const QStringList& valueOptions, const QStringList& flags = {}) const;
    Result<Args> parse(const QStringList& argv, const QStringList& valueOptions, const QStringList& flags,
                       const QString& label) const;
    // A verb without sub-verbs: parse() and then at most `positionals` arguments, a count
    // refused under the verb's name ("stats: unexpected argument 'x' (takes no argument)").
    Result<Args> parseAtMost(int positionals, const QStringList& valueOptions, const QStringList& flags = {}) const;

    // The first call opens the workspace with `sync` (see Database::SyncMode); a one-shot verb
    // that commits once asks for SyncEachCommit.
    Result<Workspace*> workspace(Database::SyncMode sync = Database::SyncMode::CheckpointOnClose);
    QString workspaceDir() const;
    // After a refused input (exit 2) where no workspace was: takes away what this command
    // created for one, when it still holds nothing (DemoWorkspace::held), so bad input leaves
    // nothing behind. `created` is the outermost folder of the path the command found missing
    // (removed whole); empty when the workspace's folder existed, holding `there` (kept).
    void dropNewWorkspace(const QString& created, const QStringList& there);

    void out(const QString& text) const;  // a line on stdout
    void warn(const QString& text) const; // "sediment: warning: ..." as one line on stderr
    void outRaw(const std::string& utf8) const;
    void printJson(const Json& value) const; // Python-style JSON and a newline
    int error(const Error& e) const;         // one line on stderr; returns the exit code
    int usageError(const QString& message) const;

private:
    QString m_verb;
    QStringList m_args;
    QString m_workspaceFlag;
    std::unique_ptr<Workspace> m_workspace;
};

// Reads a file argument, '-' meaning stdin, refusing anything over 16 MiB before reading it
// whole (docs/architecture.md#durability).
Result<QByteArray> readInput(const QString& fileOrDash);

constexpr qint64 kMaxInputBytes = 16 * 1024 * 1024;

} // namespace sediment::cli
