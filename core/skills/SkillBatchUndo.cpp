#include "skills/SkillBatchUndo.h"

#include "skills/SkillTree.h"
#include "util/AtomicFile.h"
#include "util/Json.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

namespace sediment {

namespace {

const QString kFolder = QStringLiteral(".sediment-batches");

Json readManifest(const QString& dir)
{
    auto bytes = AtomicFile::read(dir + QStringLiteral("/manifest.json"), false);
    if (!bytes)
        return Json::object();
    return Json::parse(bytes->toStdString(), nullptr, false);
}

} // namespace

Result<SkillBatchUndo> SkillBatchUndo::take(const QString& workspaceRoot, const QString& skillsDir,
                                            const QStringList& names)
{
    const QString dir =
        QDir(workspaceRoot).filePath(kFolder) + QLatin1Char('/') + QUuid::createUuid().toString(QUuid::WithoutBraces);
    Json skills = Json::array();
    const QHash<QString, QString> folders = SkillTree(skillsDir).folders();
    for (qsizetype i = 0; i < names.size(); ++i) {
        const auto pre = folders.constFind(names[i]);
        Json entry{{"name", toStd(names[i])}, {"pre", nullptr}, {"copy", nullptr}};
        if (pre != folders.cend() && QFileInfo(*pre).isDir()) {
            const QString copy = QString::number(i);
            QString error;
            if (!SkillTree::copy(*pre, dir + QLatin1Char('/') + copy, &error)) {
                QDir(dir).removeRecursively();
                return fail(
                    Error::io(QStringLiteral("Could not snapshot '%1' for atomic batch: %2").arg(names[i], error)));
            }
            entry["pre"] = toStd(*pre);
            entry["copy"] = toStd(copy);
        }
        skills.push_back(std::move(entry));
    }
    const Json manifest{{"skills_dir", toStd(skillsDir)}, {"skills", std::move(skills)}};
    if (auto s = AtomicFile::write(dir + QStringLiteral("/manifest.json"), QByteArray::fromStdString(manifest.dump()));
        !s) {
        QDir(dir).removeRecursively();
        return fail(Error::io(
            QStringLiteral("Could not snapshot '%1' for atomic batch: %2").arg(names.value(0), s.error().message)));
    }
    return SkillBatchUndo(dir);
}

QByteArray SkillBatchUndo::markerBytes() const
{
    return QByteArray("{\"batch\": \"") + QFileInfo(m_dir).fileName().toUtf8() + "\", \"applied\": true}\n";
}

Status SkillBatchUndo::writeMarker() const { return AtomicFile::write(marker(), markerBytes()); }

QString SkillBatchUndo::restore() const { return restoreFrom(m_dir); }

void SkillBatchUndo::discard() const { QDir(m_dir).removeRecursively(); }

// Hermes' _restore_snapshot for each touched skill: a skill the batch created is removed; one
// it changed is moved aside, its copy put back, and the aside removed only once the copy is in
// place, so a failed copy never leaves nothing.
QString SkillBatchUndo::restoreFrom(const QString& dir)
{
    const Json manifest = readManifest(dir);
    if (!manifest.is_object() || !manifest.contains("skills"))
        return QStringLiteral("ROLLBACK FAILED (no snapshot at '%1')").arg(dir);
    const QHash<QString, QString> folders = SkillTree(fromStd(manifest.value("skills_dir", std::string()))).folders();
    QStringList notes;
    for (const Json& s : manifest["skills"]) {
        const QString name = fromStd(s.value("name", std::string()));
        const auto found = folders.constFind(name);
        const std::optional<QString> post = found == folders.cend() ? std::nullopt : std::optional<QString>(*found);
        if (s["copy"].is_null()) {
            if (post)
                QDir(*post).removeRecursively();
            continue;
        }
        const QString pre = fromStd(s["pre"].get<std::string>());
        const QString copy = dir + QLatin1Char('/') + fromStd(s["copy"].get<std::string>());
        const QString aside = pre + QStringLiteral(".rollback-broken");
        QDir(aside).removeRecursively();
        if (post && !QDir().rename(*post, aside)) {
            notes << QStringLiteral("ROLLBACK FAILED for '%1' (cannot move %2 aside); snapshot preserved at '%3'")
                         .arg(name, *post, copy);
            continue;
        }
        QDir(pre).removeRecursively(); // what a killed restore left half copied
        QString error;
        if (!SkillTree::copy(copy, pre, &error)) {
            QDir(pre).removeRecursively();
            if (post)
                QDir().rename(aside, *post);
            notes << QStringLiteral("ROLLBACK FAILED for '%1' (%2); snapshot preserved at '%3'").arg(name, error, copy);
            continue;
        }
        QDir(aside).removeRecursively();
    }
    return notes.isEmpty() ? QStringLiteral("all touched skills rolled back") : notes.join(QStringLiteral("; "));
}

bool SkillBatchUndo::isMarker(const QString& path)
{
    const QFileInfo info(path);
    return info.fileName().endsWith(QLatin1String(".done")) && QFileInfo(info.path()).fileName() == kFolder;
}

void SkillBatchUndo::settle(const QString& marker, bool applied)
{
    const QString dir = marker.chopped(5);
    if (!applied && QFileInfo::exists(dir))
        restoreFrom(dir);
    QDir(dir).removeRecursively();
}

void SkillBatchUndo::forget(const QString& marker)
{
    QDir(marker.chopped(5)).removeRecursively();
    QFile::remove(marker);
}

} // namespace sediment
