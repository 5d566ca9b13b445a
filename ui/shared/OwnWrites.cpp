#include "shared/OwnWrites.h"

#include "util/Sha256.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <string_view>

namespace sediment::ui {

QString OwnWrites::keyOf(const QString& path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

QByteArray OwnWrites::hashOf(const QByteArray& bytes)
{
    return Sha256::hex(std::string_view(bytes.constData(), size_t(bytes.size())));
}

void OwnWrites::recordWritten(const QString& path)
{
    QFile f(path);
    // A removed file reads as empty, as the watchers read it.
    const QByteArray bytes = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    m_hashes.insert(keyOf(path), hashOf(bytes));
}

bool OwnWrites::isOwn(const QString& path, const QByteArray& bytes) const
{
    const auto it = m_hashes.constFind(keyOf(path));
    return it != m_hashes.constEnd() && *it == hashOf(bytes);
}

} // namespace sediment::ui
