#pragma once

#include "util/Clock.h"
#include "util/Error.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

class Workspace;

// A person's edit of a Claude Code auto-memory file (its MEMORY.md or a topic file) from the
// Memory page, written the one journaled, audited way (docs/user-guide.md#claude-code): under
// the journal's lock, a journal row naming the bytes found and the bytes to write, the file
// replaced atomically (TargetFile, confined by ClaudeWatchedPaths to the memory folders, links
// resolved), then the audit row `claude_memory.edit` (subject `claude_memory`, the file's
// absolute path) and the row's close in one transaction. A process killed in between leaves a
// row the next one settles (JournalSettler).
class ClaudeMemoryEditor final {
public:
    // `home`: the user's home, whose .claude/projects holds the memory folders.
    ClaudeMemoryEditor(Workspace& workspace, const Clock& clock, QString home);

    // Writes `text` to `path` if the file still holds `loaded` (no value: it did not exist), as
    // KeePassXC refuses to save over a database changed on disk. Refused when it changed since,
    // or when `path` is not a Claude Code memory file; Io when it cannot be written. True when
    // written, false when the file already held `text` (nothing written, nothing audited).
    Result<bool> save(const QString& path, const std::optional<QByteArray>& loaded, const QString& text,
                      const QString& actor);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_home;
};

} // namespace sediment
