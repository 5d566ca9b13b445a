#include "memory/MemoryFile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using sediment::MemoryFile;

class MemoryFileTest : public QObject {
    Q_OBJECT

private:
    static QStringList parsed(const QByteArray& bytes)
    {
        auto r = MemoryFile::parse(bytes);
        if (!r)
            qFatal("parse failed: %s", qPrintable(r.error().message));
        return *r;
    }

private Q_SLOTS:
    void emptyFileHasNoEntries()
    {
        QCOMPARE(parsed(QByteArray()), QStringList());
        QCOMPARE(parsed(" \n\n\t"), QStringList());
    }

    void entriesAreSplitOnTheFullDelimiterAndTrimmed()
    {
        QCOMPARE(parsed("  first \n\xC2\xA7\n\tsecond\n"),
                 (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
    }

    void bareSectionSignInsideAnEntrySurvives()
    {
        QCOMPARE(parsed("see \xC2\xA7""4.2 of the spec\n\xC2\xA7\nline one\n\xC2\xA7 not a delimiter"),
                 (QStringList{QStringLiteral("see \u00A7" "4.2 of the spec"),
                              QStringLiteral("line one\n\u00A7 not a delimiter")}));
    }

    void crlfFilesReadLikeLfFiles()
    {
        QCOMPARE(parsed("a\r\nstill a\r\n\xC2\xA7\r\nb"),
                 (QStringList{QStringLiteral("a\nstill a"), QStringLiteral("b")}));
    }

    void loneCrFilesReadLikeLfFiles()
    {
        QCOMPARE(parsed("a\r\xC2\xA7\rb\rc"),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b\nc")}));
    }

    void blankAndDuplicateEntriesAreDroppedKeepingTheFirst()
    {
        QCOMPARE(parsed("x\n\xC2\xA7\n\n\xC2\xA7\ny\n\xC2\xA7\n x \n\xC2\xA7\n   \n\xC2\xA7\nz"),
                 (QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}));
    }

    void renderJoinsWithoutTrailingNewline()
    {
        QCOMPARE(MemoryFile::render({QStringLiteral("a"), QStringLiteral("b\u00E9")}),
                 QByteArray("a\n\xC2\xA7\nb\xC3\xA9"));
        QCOMPARE(MemoryFile::render({}), QByteArray());
    }

    void byteOrderMarkIsKeptAsContentLikePython()
    {
        // Python's utf-8 codec keeps U+FEFF, and str.strip() does not remove it.
        QCOMPARE(parsed("\xEF\xBB\xBFhello"), QStringList{QStringLiteral("\uFEFFhello")});
    }

    void invalidUtf8IsAnErrorNotAnEmptyStore()
    {
        QVERIFY(!MemoryFile::parse("ok\n\xC2\xA7\n\xFF\xFE broken"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("MEMORY.md"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\xC3\x28");
        f.close();
        const auto read = MemoryFile::read(path);
        QVERIFY(!read);
        QCOMPARE(read.error().kind, sediment::ErrorKind::Io);
    }

    void missingFileReadsAsEmpty()
    {
        QTemporaryDir dir;
        const auto read = MemoryFile::read(dir.filePath(QStringLiteral("none/MEMORY.md")));
        QVERIFY(read);
        QVERIFY(read->isEmpty());
    }
};

QTEST_GUILESS_MAIN(MemoryFileTest)
#include "memory_file_test.moc"
