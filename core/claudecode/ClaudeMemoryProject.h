#pragma once

#include "claudecode/ClaudeMemoryTopic.h"
#include "util/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

// One Claude Code project's auto memory as it is on disk (docs/user-guide.md#claude-code): the
// folder ~/.claude/projects/<slug>/memory, its index MEMORY.md and its topic files (every other
// *.md there), each with the bytes read, so that a save can refuse a file changed since.
class ClaudeMemoryProject final {
public:
    struct File {
        QString fileName;     // "feedback_tests.md"
        QString path;         // absolute
        QByteArray bytes;     // as read
        bool indexed = false; // MEMORY.md links to it
        // The front matter, or why it cannot be read.
        Result<ClaudeMemoryTopic> topic = fail(Error::invalid(QString()));
    };

    static constexpr qint64 kMaxFileBytes = 1024 * 1024; // as TargetFile: larger is not read

    // Reads `memoryDir`; Io when the folder cannot be listed or a file cannot be read.
    static Result<ClaudeMemoryProject> read(const QString& memoryDir);
    // The file names MEMORY.md links to (`- [Title](file.md) — hook`), in order.
    static QStringList linkedFiles(const QString& indexText);

    const QString& slug() const { return m_slug; } // the folder's name under projects/
    // The project's folder: the `cwd` its newest session transcript records, else the slug read
    // back as a folder that exists (a slug with '-' in a folder name does not), else no value.
    const std::optional<QString>& projectPath() const { return m_projectPath; }
    const QString& memoryDir() const { return m_memoryDir; }
    QString indexPath() const;
    // No value when there is no MEMORY.md.
    const std::optional<QByteArray>& index() const { return m_index; }
    const std::vector<File>& topics() const { return m_topics; }

private:
    QString m_slug;
    std::optional<QString> m_projectPath;
    QString m_memoryDir;
    std::optional<QByteArray> m_index;
    std::vector<File> m_topics;
};

} // namespace sediment
