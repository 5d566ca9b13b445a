#include "claudecode/ClaudeMemoryProject.h"

#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace sediment {

namespace {

Result<QByteArray> readSmall(const QString& path)
{
    QFile f(path);
    if (f.size() > ClaudeMemoryProject::kMaxFileBytes)
        return fail(Error::refused(QStringLiteral("%1 is larger than 1 MiB").arg(path)));
    if (!f.open(QIODevice::ReadOnly))
        return fail(Error::io(QStringLiteral("cannot read %1: %2").arg(path, f.errorString())));
    return f.readAll();
}

// The folder a session ran in, from the project's newest transcript (<session>.jsonl beside
// memory/), whose records carry it as "cwd"; only the file's start is read.
std::optional<QString> transcriptCwd(const QString& projectDir)
{
    const QFileInfoList transcripts =
        QDir(projectDir).entryInfoList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Time);
    for (const QFileInfo& t : transcripts) {
        QFile f(t.filePath());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (int line = 0; line < 20 && !f.atEnd(); ++line) {
            const QByteArray bytes = f.readLine(64 * 1024);
            const Json record = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
            if (record.is_object() && record.contains("cwd") && record["cwd"].is_string()) {
                const QString cwd = fromStd(record["cwd"].get<std::string>());
                if (QDir::isAbsolutePath(cwd))
                    return QDir::cleanPath(cwd);
            }
        }
    }
    return std::nullopt;
}

} // namespace

QStringList ClaudeMemoryProject::linkedFiles(const QString& indexText)
{
    // A markdown link to a file of the same folder: [Title](name.md), optionally "./name.md".
    static const QRegularExpression link(QStringLiteral("\\[[^\\]\\n]*\\]\\(\\s*(?:\\./)?([^)/\\s]+\\.md)\\s*\\)"));
    QStringList out;
    for (auto it = link.globalMatch(indexText); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!out.contains(name))
            out << name;
    }
    return out;
}

Result<ClaudeMemoryProject> ClaudeMemoryProject::read(const QString& memoryDir)
{
    const QDir dir(memoryDir);
    if (!dir.exists())
        return fail(Error::io(QStringLiteral("no memory folder %1").arg(memoryDir)));
    ClaudeMemoryProject p;
    p.m_memoryDir = QDir::cleanPath(dir.absolutePath());
    p.m_slug = QFileInfo(QFileInfo(p.m_memoryDir).absolutePath()).fileName();
    p.m_projectPath = transcriptCwd(QFileInfo(p.m_memoryDir).absolutePath());
    if (!p.m_projectPath) {
        // The slug is the path with every non-alphanumeric character as '-': read back, it is
        // the path only when no folder name held one.
        QString guess = p.m_slug;
        guess.replace(QLatin1Char('-'), QLatin1Char('/'));
        if (guess.startsWith(QLatin1Char('/')) && QFileInfo(guess).isDir())
            p.m_projectPath = guess;
    }

    QStringList linked;
    if (QFileInfo::exists(p.indexPath())) {
        auto index = readSmall(p.indexPath());
        if (!index)
            return fail(index.error());
        p.m_index = *index;
        linked = linkedFiles(QString::fromUtf8(*index));
    }
    const QStringList names = dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    for (const QString& name : names) {
        if (name == QLatin1String("MEMORY.md"))
            continue;
        File f;
        f.fileName = name;
        f.path = p.m_memoryDir + QLatin1Char('/') + name;
        f.indexed = linked.contains(name);
        auto bytes = readSmall(f.path);
        if (!bytes) {
            f.topic = fail(bytes.error());
        } else {
            f.bytes = *bytes;
            f.topic = ClaudeMemoryTopic::parse(QString::fromUtf8(f.bytes));
        }
        p.m_topics.push_back(std::move(f));
    }
    return p;
}

QString ClaudeMemoryProject::indexPath() const { return m_memoryDir + QStringLiteral("/MEMORY.md"); }

} // namespace sediment
