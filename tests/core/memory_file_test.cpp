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
        QCOMPARE(parsed("see \xC2\xA7"
                        "4.2 of the spec\n\xC2\xA7\nline one\n\xC2\xA7 not a delimiter"),
                 (QStringList{QStringLiteral("see \u00A7"
                                             "4.2 of the spec"),
                              QStringLiteral("line one\n\u00A7 not a delimiter")}));
    }

    void crlfFilesReadLikeLfFiles()
    {
        QCOMPARE(parsed("a\r\nstill a\r\n\xC2\xA7\r\nb"),
                 (QStringList{QStringLiteral("a\nstill a"), QStringLiteral("b")}));
    }

    void loneCrFilesReadLikeLfFiles()
    {
        QCOMPARE(parsed("a\r\xC2\xA7\rb\rc"), (QStringList{QStringLiteral("a"), QStringLiteral("b\nc")}));
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

    void oneLeadingByteOrderMarkIsDroppedLikeUtf8Sig()
    {
        // Hermes reads with utf-8-sig: one leading BOM goes; a second one, or one further in,
        // is content (str.strip() does not remove U+FEFF).
        QCOMPARE(parsed("\xEF\xBB\xBFhello"), QStringList{QStringLiteral("hello")});
        QCOMPARE(parsed("\xEF\xBB\xBF\xEF\xBB\xBFhello"), QStringList{QStringLiteral("\uFEFFhello")});
        QCOMPARE(parsed("a\n\xC2\xA7\n\xEF\xBB\xBF b"), (QStringList{QStringLiteral("a"), QStringLiteral("\uFEFF b")}));
    }

    void driftIsAnyTextTheCanonicalFormWouldNotKeep()
    {
        QVERIFY(!MemoryFile::hasDrifted(QString(), 10));
        QVERIFY(!MemoryFile::hasDrifted(QStringLiteral(" \n "), 10));
        QVERIFY(!MemoryFile::hasDrifted(QStringLiteral("\na\n\u00A7\nb\n"), 10));      // outer space only
        QVERIFY(!MemoryFile::hasDrifted(QStringLiteral("a\n\u00A7\na"), 10));          // duplicates are kept
        QVERIFY(!MemoryFile::hasDrifted(QStringLiteral("a\r\n\u00A7\r\nb"), 10));      // read as LF
        QVERIFY(MemoryFile::hasDrifted(QStringLiteral("a\n\u00A7\n\n\u00A7\nb"), 10)); // blank entry
        QVERIFY(MemoryFile::hasDrifted(QStringLiteral("a \n\u00A7\nb"), 10));          // padded entry
        QVERIFY(MemoryFile::hasDrifted(QStringLiteral("0123456789a"), 10));            // longer than the store
        QVERIFY(!MemoryFile::hasDrifted(QStringLiteral("0123456789"), 10));
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
