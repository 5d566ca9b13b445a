// libpq is opened at run time, only for team mode: a library or a function that is not there
// is an error value naming the package to install, never a crash; the real one resolves whole.
#include "store/postgres/LibPq.h"

#include <QTest>

using sediment::ErrorKind;
using sediment::LibPq;

class LibPqLoaderTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aMissingLibraryIsAnErrorNamingThePackage()
    {
        const auto lib = LibPq::load("libsediment-no-such-libpq.so.5");
        QVERIFY(!lib);
        QCOMPARE(lib.error().kind, ErrorKind::Io);
        const QString message = lib.error().message;
        QVERIFY2(message.startsWith(QLatin1String("team mode needs the PostgreSQL client library "
                                                  "libsediment-no-such-libpq.so.5 (Debian package libpq5): ")),
                 qPrintable(message));
        // The loader's own reason follows, naming the file it looked for.
        QVERIFY2(message.count(QLatin1String("libsediment-no-such-libpq.so.5")) >= 2, qPrintable(message));
    }

    void aLibraryWithoutLibpqsFunctionsIsAnErrorNamingTheFirstMissingOne()
    {
        // The C library is loaded in every process and has no PQ function.
        const auto lib = LibPq::load("libc.so.6");
        QVERIFY(!lib);
        QCOMPARE(lib.error().kind, ErrorKind::Io);
        QVERIFY2(lib.error().message.contains(QLatin1String("(Debian package libpq5)")),
                 qPrintable(lib.error().message));
        QVERIFY2(lib.error().message.contains(QLatin1String("undefined symbol: PQ")), qPrintable(lib.error().message));
    }

    void theInstalledLibpqResolvesEveryFunctionAndReadsAConnectionString()
    {
        const auto lib = LibPq::get();
        QVERIFY2(lib, lib ? "" : qPrintable(lib.error().message));
        QVERIFY((*lib)->connectdb && (*lib)->finish && (*lib)->execParams && (*lib)->getvalue);
        char* error = nullptr;
        PQconninfoOption* options = (*lib)->conninfoParse("host=localhost dbname=team", &error);
        QVERIFY(options);
        QCOMPARE(error, nullptr);
        QString dbname;
        for (PQconninfoOption* o = options; o->keyword; ++o)
            if (qstrcmp(o->keyword, "dbname") == 0)
                dbname = QString::fromUtf8(o->val);
        (*lib)->conninfoFree(options);
        QCOMPARE(dbname, QStringLiteral("team"));
    }

    void theProcesssLibpqIsLoadedOnce()
    {
        const auto first = LibPq::get();
        const auto second = LibPq::get();
        QVERIFY(first && second);
        QCOMPARE(*first, *second);
    }
};

QTEST_GUILESS_MAIN(LibPqLoaderTest)
#include "libpq_loader_test.moc"
