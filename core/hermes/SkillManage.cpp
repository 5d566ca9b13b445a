#include "hermes/SkillManage.h"

#include "hermes/FuzzyMatch.h"
#include "hermes/SkillBatch.h"
#include "hermes/SkillFrontmatter.h"
#include "hermes/SkillManageBatch.h"
#include "hermes/SkillNotFound.h"
#include "hermes/SkillUsageTelemetry.h"
#include "skills/SkillTree.h"
#include "util/AtomicFile.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>

namespace sediment {

namespace {

constexpr qint64 kMaxFileBytes = 1048576; // Hermes' MAX_SKILL_FILE_BYTES

using Outcome = SkillManage::Outcome;

Outcome refusal(QString message)
{
    Outcome o;
    o.message = std::move(message);
    return o;
}

// A payload field as Hermes' payload.get(key) gives it: absent or null is None. A leading BOM
// stays a character, as in a Python str (QString::fromUtf8 would drop it, and with it a byte of
// the SKILL.md Hermes writes).
std::optional<QString> field(const Json& p, const char* key)
{
    const auto it = p.find(key);
    if (it == p.end() || !it->is_string())
        return std::nullopt;
    const std::string& utf8 = it->get_ref<const std::string&>();
    QStringDecoder decode(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    return decode(QByteArrayView(utf8.data(), qsizetype(utf8.size())));
}

QString text(const Json& p, const char* key) { return field(p, key).value_or(QString()); }

QString grouped(qint64 n)
{
    QString digits = QString::number(n);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

// Path.read_text(encoding="utf-8"): universal newlines, a BOM kept as U+FEFF.
std::optional<QString> readText(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("[Errno 2] No such file or directory: '%1'").arg(path);
        return std::nullopt;
    }
    const QByteArray bytes = f.readAll();
    QStringDecoder decode(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    QString out = decode(bytes);
    if (decode.hasError()) {
        *error = QStringLiteral("'utf-8' codec can't decode %1: invalid UTF-8").arg(path);
        return std::nullopt;
    }
    out.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    out.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return out;
}

bool writeText(const QString& path, const QString& content, QString* error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (auto s = AtomicFile::write(path, content.toUtf8()); !s) {
        *error = s.error().message;
        return false;
    }
    return true;
}

// A whole file's new content, its checks passed: what `file` held, when it exists, and will hold,
// written when `write`. A file that cannot be read or written is a refusal.
Outcome rewrite(QString message, const QString& file, const QString& content, bool write)
{
    Outcome o;
    o.success = true;
    o.message = std::move(message);
    o.file = file;
    QString error;
    if (QFileInfo::exists(file)) {
        o.before = readText(file, &error);
        if (!o.before)
            return refusal(error);
    }
    o.after = content;
    if (write && !writeText(file, content, &error))
        return refusal(error);
    return o;
}

QString relativeTo(const QString& path, const QString& dir)
{
    return path.startsWith(dir + QLatin1Char('/')) ? path.mid(dir.size() + 1) : path;
}

// Hermes' `_validate_name` / `_validate_category`.
std::optional<QString> checkName(const QString& name)
{
    static const QRegularExpression valid(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"));
    if (name.isEmpty())
        return QStringLiteral("Skill name is required.");
    if (name.toUcs4().size() > 64)
        return QStringLiteral("Skill name exceeds 64 characters.");
    if (!valid.match(name).hasMatch())
        return QStringLiteral("Invalid skill name '%1'. Use lowercase letters, numbers, hyphens, "
                              "dots, and underscores. Must start with a letter or digit.")
            .arg(name);
    return std::nullopt;
}

std::optional<QString> checkCategory(const std::optional<QString>& raw)
{
    if (!raw)
        return std::nullopt;
    const QString category = raw->trimmed();
    if (category.isEmpty())
        return std::nullopt;
    static const QRegularExpression valid(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"));
    const QString invalid = QStringLiteral("Invalid category '%1'. Use lowercase letters, numbers, "
                                           "hyphens, dots, and underscores. Categories must be a "
                                           "single directory name.")
                                .arg(category);
    if (category.contains(QLatin1Char('/')) || category.contains(QLatin1Char('\\')))
        return invalid;
    if (category.toUcs4().size() > 64)
        return QStringLiteral("Category exceeds 64 characters.");
    if (!valid.match(category).hasMatch())
        return invalid;
    return std::nullopt;
}

// Python truthiness of `replace_all`.
bool replaceAllOf(const Json& p)
{
    const auto it = p.find("replace_all");
    return it != p.end() && it->is_boolean() && it->get<bool>();
}

} // namespace

SkillManage::SkillManage(QString home) : m_home(QDir::cleanPath(std::move(home))) {}

QString SkillManage::skillsDir() const { return m_home + QStringLiteral("/skills"); }

QString SkillManage::profileOf(const QString& home) { return SkillNotFound::profileOf(home); }

QString SkillManage::notFound(const QString& name, const QString& suffix) const
{
    return SkillNotFound::message(m_home, name, suffix);
}

std::expected<SkillManage::SkillFile, QString> SkillManage::fileInSkill(const QString& name, const QString& filePath,
                                                                        const QString& suffix) const
{
    const auto existing = SkillTree(skillsDir()).find(name);
    if (!existing)
        return std::unexpected(notFound(name, suffix));
    SkillFile f{*existing, SkillTree::join(*existing, filePath)};
    if (auto e = SkillTree::checkWithin(f.path, f.skillDir))
        return std::unexpected(*e);
    return f;
}

SkillManage::Outcome SkillManage::apply(const Json& payload, const QDateTime& now) const
{
    Outcome o = write(payload);
    if (o.success)
        recordUsage({payload}, now);
    return o;
}

SkillManage::Outcome SkillManage::write(const Json& payload) const { return run(payload, true); }

void SkillManage::recordUsage(const std::vector<Json>& applied, const QDateTime& now) const
{
    // Telemetry is best effort in Hermes too: it never undoes a write that succeeded.
    SkillUsageTelemetry usage(skillsDir());
    QStringList patched;
    for (const Json& payload : applied) {
        const QString action = text(payload, "action");
        if (action == QLatin1String("patch") || action == QLatin1String("edit") || action == QLatin1String("write_file")
            || action == QLatin1String("remove_file"))
            patched << text(payload, "name");
        else if (action == QLatin1String("delete"))
            (void)usage.forget(text(payload, "name"));
    }
    if (!patched.isEmpty())
        (void)usage.bumpPatches(patched, now);
}

std::optional<QString> SkillManage::check(const Json& p)
{
    const QString action = text(p, "action");
    if (action == QLatin1String("create")) {
        const QString content = text(p, "content");
        if (content.isEmpty())
            return QStringLiteral("content is required for 'create'. Provide the full "
                                  "SKILL.md text (frontmatter + body).");
        if (auto e = checkName(text(p, "name")))
            return e;
        if (auto e = checkCategory(field(p, "category")))
            return e;
        if (auto e = SkillFrontmatter::validate(content))
            return e;
        return SkillFrontmatter::checkSize(content);
    }
    if (action == QLatin1String("edit")) {
        const QString content = text(p, "content");
        if (content.isEmpty())
            return QStringLiteral("content is required for 'edit'. Provide the full "
                                  "updated SKILL.md text.");
        if (auto e = SkillFrontmatter::validate(content))
            return e;
        return SkillFrontmatter::checkSize(content);
    }
    if (action == QLatin1String("patch")) {
        if (text(p, "old_string").isEmpty())
            return QStringLiteral("old_string is required for 'patch'. Provide the text "
                                  "to find.");
        if (!field(p, "new_string"))
            return QStringLiteral("new_string is required for 'patch'. Use empty string "
                                  "to delete matched text.");
        return std::nullopt;
    }
    if (action == QLatin1String("delete"))
        return std::nullopt;
    if (action == QLatin1String("write_file")) {
        const QString filePath = text(p, "file_path");
        const QString content = text(p, "file_content");
        if (filePath.isEmpty())
            return QStringLiteral("file_path is required for 'write_file'. Example: "
                                  "'references/api-guide.md'");
        if (!field(p, "file_content"))
            return QStringLiteral("file_content is required for 'write_file'.");
        if (auto e = SkillTree::checkFilePath(filePath))
            return e;
        if (const qint64 bytes = content.toUtf8().size(); bytes > kMaxFileBytes)
            return QStringLiteral("File content is %1 bytes (limit: %2 bytes / 1 MiB). "
                                  "Consider splitting into smaller files.")
                .arg(grouped(bytes), grouped(kMaxFileBytes));
        return SkillFrontmatter::checkSize(content, filePath);
    }
    if (action == QLatin1String("remove_file")) {
        const QString filePath = text(p, "file_path");
        if (filePath.isEmpty())
            return QStringLiteral("file_path is required for 'remove_file'.");
        return SkillTree::checkFilePath(filePath);
    }
    return QStringLiteral("Unknown action '%1'. Use: create, edit, patch, delete, "
                          "write_file, remove_file")
        .arg(action);
}

SkillManage::Outcome SkillManage::run(const Json& p, bool write) const
{
    if (auto e = check(p))
        return refusal(*e);
    const QString action = text(p, "action");
    if (action == QLatin1String("create"))
        return create(p, write);
    if (action == QLatin1String("edit"))
        return edit(p, write);
    if (action == QLatin1String("patch"))
        return patch(p, write);
    if (action == QLatin1String("delete"))
        return remove(p, write);
    if (action == QLatin1String("write_file"))
        return writeFile(p, write);
    return removeFile(p, write);
}

SkillManage::Outcome SkillManage::create(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const QString content = text(p, "content");
    const auto category = field(p, "category");
    if (auto existing = SkillTree(skillsDir()).find(name))
        return refusal(QStringLiteral("A skill named '%1' already exists at %2.").arg(name, *existing));
    // Python tests the category before stripping it, and joins it as given when non-empty.
    const QString dir = category && !category->isEmpty()
                            ? QString(skillsDir() + QLatin1Char('/') + *category + QLatin1Char('/') + name)
                            : QString(skillsDir() + QLatin1Char('/') + name);
    Outcome o;
    o.success = true;
    o.message = QStringLiteral("Skill '%1' created.").arg(name);
    o.file = dir + QStringLiteral("/SKILL.md");
    o.after = content;
    if (write) {
        QString error;
        if (!QDir().mkpath(dir) || !writeText(*o.file, content, &error))
            return refusal(error.isEmpty() ? QStringLiteral("cannot create %1").arg(dir) : error);
    }
    return o;
}

SkillManage::Outcome SkillManage::edit(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const QString content = text(p, "content");
    const auto existing = SkillTree(skillsDir()).find(name);
    if (!existing)
        return refusal(notFound(name));
    return rewrite(QStringLiteral("Skill '%1' updated (full rewrite).").arg(name),
                   *existing + QStringLiteral("/SKILL.md"), content, write);
}

SkillManage::Outcome SkillManage::patch(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const QString oldString = text(p, "old_string");
    const QString newString = text(p, "new_string");
    const QString filePath = text(p, "file_path");
    const auto existing = SkillTree(skillsDir()).find(name);
    if (!existing)
        return refusal(notFound(name));
    QString target;
    if (!filePath.isEmpty()) {
        if (auto e = SkillTree::checkFilePath(filePath))
            return refusal(*e);
        target = SkillTree::join(*existing, filePath);
        if (auto e = SkillTree::checkWithin(target, *existing))
            return refusal(*e);
    } else {
        target = *existing + QStringLiteral("/SKILL.md");
    }
    if (!QFileInfo::exists(target))
        return refusal(QStringLiteral("File not found: %1").arg(relativeTo(target, *existing)));
    QString error;
    const auto content = readText(target, &error);
    if (!content)
        return refusal(error);
    const FuzzyMatch::Outcome m = FuzzyMatch::findAndReplace(*content, oldString, newString, replaceAllOf(p));
    if (!m.error.isEmpty())
        return refusal(m.error + FuzzyMatch::noMatchHint(m.error, m.count, oldString, *content));
    const QString label = filePath.isEmpty() ? QStringLiteral("SKILL.md") : filePath;
    if (auto e = SkillFrontmatter::checkSize(m.content, label))
        return refusal(*e);
    if (filePath.isEmpty())
        if (auto e = SkillFrontmatter::validate(m.content))
            return refusal(QStringLiteral("Patch would break SKILL.md structure: %1").arg(*e));
    Outcome o;
    o.success = true;
    o.message = QStringLiteral("Patched %1 in skill '%2' (%3 replacement%4).")
                    .arg(label, name)
                    .arg(m.count)
                    .arg(m.count > 1 ? QStringLiteral("s") : QString());
    o.file = target;
    o.before = *content;
    o.after = m.content;
    if (write && !writeText(target, m.content, &error))
        return refusal(error);
    return o;
}

SkillManage::Outcome SkillManage::remove(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const auto existing = SkillTree(skillsDir()).find(name);
    if (!existing)
        return refusal(notFound(name));
    if (SkillUsageTelemetry(skillsDir()).isPinned(name))
        return refusal(QStringLiteral("Skill '%1' is pinned and cannot be deleted by skill_manage. "
                                      "Ask the user to run `hermes curator unpin %1` if they want "
                                      "to delete it. Patches and edits are allowed on pinned "
                                      "skills; only deletion is blocked.")
                           .arg(name));
    const QString absorbed = text(p, "absorbed_into").trimmed();
    if (!absorbed.isEmpty()) {
        if (absorbed == name)
            return refusal(QStringLiteral("absorbed_into='%1' cannot equal the skill being deleted.").arg(absorbed));
        if (!SkillTree(skillsDir()).find(absorbed))
            return refusal(QStringLiteral("absorbed_into='%1' does not exist. Create or patch the "
                                          "umbrella skill first, then retry the delete.")
                               .arg(absorbed));
    }
    const QString dir = *existing;
    if (QFileInfo(dir).isSymLink())
        return refusal(QStringLiteral("Refusing to delete '%1': the skill directory is a "
                                      "symlink/junction. Remove the link target manually if "
                                      "intended.")
                           .arg(dir));
    const QString resolved = SkillTree::resolve(dir);
    const QString root = SkillTree::resolve(skillsDir());
    if (resolved == root)
        return refusal(QStringLiteral("Refusing to delete '%1': resolves to the skills root itself, "
                                      "which would remove every installed skill.")
                           .arg(dir));
    if (!resolved.startsWith(root + QLatin1Char('/')))
        return refusal(QStringLiteral("Refusing to delete '%1': path does not resolve inside any "
                                      "known skills root.")
                           .arg(dir));
    Outcome o;
    o.success = true;
    o.message = QStringLiteral("Skill '%1' deleted.").arg(name);
    if (!absorbed.isEmpty())
        o.message += QStringLiteral(" Content absorbed into '%1'.").arg(absorbed);
    if (write) {
        if (!QDir(dir).removeRecursively())
            return refusal(QStringLiteral("failed to delete %1").arg(dir));
        const QString parent = QFileInfo(dir).absolutePath();
        if (QDir::cleanPath(parent) != QDir::cleanPath(skillsDir()))
            QDir().rmdir(parent); // only succeeds when the category folder is now empty
    }
    return o;
}

SkillManage::Outcome SkillManage::writeFile(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const QString filePath = text(p, "file_path");
    const QString content = text(p, "file_content");
    const auto target = fileInSkill(name, filePath, QStringLiteral(" Create it first with action='create'."));
    if (!target)
        return refusal(target.error());
    return rewrite(QStringLiteral("File '%1' written to skill '%2'.").arg(filePath, name), target->path, content,
                   write);
}

SkillManage::Outcome SkillManage::removeFile(const Json& p, bool write) const
{
    const QString name = text(p, "name");
    const QString filePath = text(p, "file_path");
    const auto found = fileInSkill(name, filePath);
    if (!found)
        return refusal(found.error());
    const QString& target = found->path;
    if (!QFileInfo::exists(target))
        return refusal(QStringLiteral("File '%1' not found in skill '%2'.").arg(filePath, name));
    Outcome o;
    o.success = true;
    o.message = QStringLiteral("File '%1' removed from skill '%2'.").arg(filePath, name);
    o.file = target;
    QString error;
    o.before = readText(target, &error);
    if (write) {
        if (!QFile::remove(target))
            return refusal(QStringLiteral("cannot remove %1").arg(target));
        const QString parent = QFileInfo(target).absolutePath();
        if (QDir::cleanPath(parent) != QDir::cleanPath(found->skillDir))
            QDir().rmdir(parent);
    }
    return o;
}

SkillManage::Preview SkillManage::preview(const Json& payload) const
{
    if (SkillBatch::isBatch(payload))
        return SkillManageBatch(m_home).combinedPreview(payload);
    Preview pv;
    const QString action = text(payload, "action");
    const QString name = text(payload, "name");
    const Outcome o = run(payload, false);
    if (!o.success)
        pv.note = o.message;
    if (o.file)
        pv.label = QStringLiteral("skills/") + relativeTo(*o.file, skillsDir());
    if (action == QLatin1String("delete")) {
        const auto dir = SkillTree(skillsDir()).find(name);
        if (dir) {
            pv.label = QStringLiteral("skills/") + relativeTo(*dir, skillsDir());
            QStringList files;
            QDirIterator it(*dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << relativeTo(it.next(), *dir);
            files.sort();
            QString err;
            pv.before = readText(*dir + QStringLiteral("/SKILL.md"), &err).value_or(QString());
            if (files.size() > 1)
                pv.before += QStringLiteral("\n\n(") + files.join(QStringLiteral(", ")) + QLatin1Char(')');
        }
        return pv;
    }
    if (o.success) {
        pv.newFile = o.file && !o.before;
        pv.before = o.before.value_or(QString());
        pv.after = o.after.value_or(QString());
        return pv;
    }
    // Refused as it stands: still show what the agent meant against what is on disk.
    if (action == QLatin1String("create") || action == QLatin1String("edit"))
        pv.after = text(payload, "content");
    else if (action == QLatin1String("write_file"))
        pv.after = text(payload, "file_content");
    else if (action == QLatin1String("patch")) {
        pv.before = text(payload, "old_string");
        pv.after = text(payload, "new_string");
    }
    return pv;
}

} // namespace sediment
