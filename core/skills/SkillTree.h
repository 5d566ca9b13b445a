#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// A Hermes home's skills folder as skill_manage sees it: where a skill named N lives (the first
// `SKILL.md` whose folder is called N, in the sorted walk that skips `.archive`, `.hub`, VCS and
// dependency folders), Hermes' rules for a supporting file's path, and the check that a path
// stays inside a folder once symlinks are followed. Messages are Hermes' own.
class SkillTree final {
public:
    explicit SkillTree(QString skillsDir);

    const QString& root() const { return m_root; }

    // The skill's folder (absolute, spelled from root()), or nothing.
    std::optional<QString> find(const QString& name) const;
    // find() of every skill in one walk: each name and its folder.
    QHash<QString, QString> folders() const;

    // Python's PurePosixPath(path).parts: "/" first for an absolute path, "." and empty
    // components dropped.
    static QStringList pathParts(const QString& path);
    // `_validate_file_path`: under references/, templates/, scripts/ or assets/ (or SKILL.md),
    // never with a ".." component.
    static std::optional<QString> checkFilePath(const QString& filePath);
    // skill_dir / file_path, as Python joins them (an absolute file_path wins).
    static QString join(const QString& skillDir, const QString& filePath);
    // `validate_within_dir`: "Path escapes allowed directory: ..." when `path` resolves outside.
    static std::optional<QString> checkWithin(const QString& path, const QString& dir);
    // Path.resolve(strict=False): every symlink followed, a dangling one too; the missing rest appended.
    static QString resolve(const QString& path);
    // shutil.copytree: every file and folder under `from`, hidden ones too, links followed; a
    // file is hard-linked where it can be (only for trees whose files are replaced, never
    // rewritten in place).
    static bool copy(const QString& from, const QString& to, QString* error);

private:
    QString m_root;
};

} // namespace sediment
