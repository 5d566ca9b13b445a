#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace sediment::ui {

// The files this window wrote, each with the hash of the bytes it left there. A window that
// watches files (the Memory page) asks it before telling the reviewer that "another program"
// changed one: bytes that are exactly what we wrote are our own decision, shown but not
// announced. A later write by anyone else changes the bytes, and is reported again.
class OwnWrites final {
public:
    // Remembers what `path` holds now, right after the window wrote it.
    void recordWritten(const QString& path);
    // Whether `bytes`, read from `path`, are what the window last wrote there.
    bool isOwn(const QString& path, const QByteArray& bytes) const;

private:
    static QString keyOf(const QString& path);
    static QByteArray hashOf(const QByteArray& bytes);

    QHash<QString, QByteArray> m_hashes; // clean absolute path → SHA-256 hex of the bytes
};

} // namespace sediment::ui
