#pragma once

#include "claudecode/ClaudeFileKind.h"
#include "workspace/PathResolver.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// The files outside the workspace that Sediment may write for Claude Code, and only those
// (docs/verbs.md#claude-code): the auto-memory folders (~/.claude/projects/<project>/memory/, or
// the `autoMemoryDirectory` of the user's or the project's local settings) and the directives
// Claude Code loads for a session in `cwd` (CLAUDE.md and .claude/CLAUDE.md in cwd and every
// folder above it, CLAUDE.local.md there, .claude/rules/**.md there and in ~/.claude,
// ~/.claude/CLAUDE.md; and the same names in the project's subfolders, which Claude Code loads
// when it reads files there).
//
// resolve() is the apply-time check, and gives the file to write: the path once every symlink on
// the way is resolved, which must be watched (as the same kind when the path is watched as
// written too), so that a link cannot carry a write out of these files; a link that is not watched
// itself but leads to a watched file is a write to that file. It is asked again right before
// each write (TargetFile), which writes the resolved file and leaves the link a link.
class ClaudeWatchedPaths final : public PathResolver {
public:
    // `home`: the user's home ($HOME); `cwd`: the session's working folder, absolute.
    ClaudeWatchedPaths(QString home, QString cwd);

    // What the hook stages: a path watched as written or once resolved (a link to a watched file
    // is a write to it).
    std::optional<ClaudeFileKind> classify(const QString& absolutePath) const;
    Result<QString> resolve(const QString& absolutePath) const override;

    // The folder of a session's project: the git repository's root (its main worktree's, so
    // all worktrees share one memory), else `cwd` itself.
    static QString projectRoot(const QString& cwd);
    // Its folder name under ~/.claude/projects: every character that is not an ASCII letter or
    // digit becomes '-'.
    static QString projectSlug(const QString& projectRoot);
    // ~/.claude/projects/<slug>/memory for the session's project.
    QString defaultMemoryDir() const;
    // The configured autoMemoryDirectory, absolute, if any.
    const std::optional<QString>& customMemoryDir() const { return m_customMemory; }
    const QString& home() const { return m_home; }
    const QString& cwd() const { return m_cwd; }

private:
    struct Roots {
        QString home;
        QString cwd;
        QString project;
        std::optional<QString> customMemory;
    };
    static std::optional<ClaudeFileKind> kindOf(const QString& path, const Roots& roots);
    static QString resolvedForm(const QString& cleanPath, bool* dangling = nullptr);

    QString m_home;
    QString m_cwd;
    std::optional<QString> m_customMemory;
    Roots m_lexical;
    Roots m_canonical;
};

} // namespace sediment
