#pragma once

// A Hermes-shaped home in a temporary folder, for the CLI tests that run the real `sediment` on
// it: its paths, writing and reading its files, and a run on it.
#include "CliRun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace clitest {

class TempHome final {
public:
    QString root() const { return m_dir.path(); }
    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) const { return sediment(m_dir.path(), args); }
    // Empties the home, for a test's init().
    void clear() const { QDir(m_dir.path()).removeRecursively(); }
    // Writes `bytes` to `rel`, its folders made; a file it cannot write fails the test.
    void write(const QString& rel, const QByteArray& bytes) const
    {
        QDir().mkpath(QFileInfo(path(rel)).absolutePath());
        QFile f(path(rel));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(bytes), bytes.size());
    }
    QByteArray bytesOf(const QString& rel) const
    {
        QFile f(path(rel));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
    }

private:
    QTemporaryDir m_dir;
};

} // namespace clitest
