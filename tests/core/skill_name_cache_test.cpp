// The cache of SKILL.md names between walks (core/skills/SkillNameCache): a walk with it finds
// exactly what a walk without it finds, whatever changed on disk since, and a cache it cannot
// trust is read as no cache. Real folders and real cache files in temporary folders.
#include "FileBytes.h"
#include "skills/SkillWalk.h"
#include "WalkedSkills.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <sys/stat.h>

using namespace sediment;
using sediment::test::described;
using sediment::test::fileBytes;
using sediment::test::skillMd;
using sediment::test::writeFileBytes;

namespace {

std::size_t cachedCount(const std::vector<SkillWalk::Found>& found)
{
    return std::size_t(std::count_if(found.begin(), found.end(), [](const auto& f) { return f.cached; }));
}

// A coarse file system clock ticks every few milliseconds: a write after this has a new stamp.
void nextTick() { QThread::msleep(30); }

} // namespace

class SkillNameCacheTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_skills;
    QString m_file;

    // The cache as the curator would open it, keeping even a home of one skill and a file
    // written a moment ago (the tests make them now).
    SkillNameCache cache() const { return SkillNameCache::at(m_file, m_skills, 1, 0); }

    std::vector<SkillWalk::Found> walk() const { return SkillWalk::under(m_skills, cache()); }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_skills = m_dir.filePath(QStringLiteral("skills"));
        m_file = m_dir.filePath(QStringLiteral("cache/names.cache"));
        QDir(m_skills).removeRecursively();
        QFile::remove(m_file);
        for (int i = 0; i < 40; ++i) {
            const QString folder = QStringLiteral("s%1").arg(i, 2, 10, QLatin1Char('0'));
            writeFileBytes(m_skills + QLatin1Char('/') + folder + QStringLiteral("/SKILL.md"),
                           skillMd(i % 4 == 0 ? "named-" + QByteArray::number(i) : folder.toUtf8()));
        }
        writeFileBytes(m_skills + QStringLiteral("/cat/inner/SKILL.md"), skillMd("inner"));
    }

    void theSecondWalkTakesEveryNameFromTheCacheAndFindsTheSame()
    {
        const auto first = walk();
        QCOMPARE(first.size(), std::size_t(41));
        QCOMPARE(cachedCount(first), std::size_t(0));
        QVERIFY(QFile::exists(m_file));
        QCOMPARE(cache().size(), qsizetype(41));
        const auto second = walk();
        QCOMPARE(described(second), described(first));
        QCOMPARE(described(second), described(SkillWalk::under(m_skills)));
        QCOMPARE(cachedCount(second), std::size_t(41));
    }

    // Nothing changed: the file is not written again.
    void anUnchangedTreeLeavesTheFileAlone()
    {
        walk();
        const QByteArray before = fileBytes(m_file);
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(m_file).constData(), &st), 0);
        const auto inode = st.st_ino;
        walk();
        QCOMPARE(::stat(QFile::encodeName(m_file).constData(), &st), 0);
        QCOMPARE(st.st_ino, inode); // a rewrite would have renamed a new file over it
        QCOMPARE(fileBytes(m_file), before);
    }

    // The edits a user or Hermes makes between two passes, each seen by the next walk.
    void everyChangeOnDiskIsSeenByTheNextWalk()
    {
        walk();
        nextTick();
        // Edited in place, same size: only the stamp's times tell.
        writeFileBytes(m_skills + QStringLiteral("/s01/SKILL.md"), skillMd("s99"));
        // Replaced through a rename, as Hermes writes it.
        writeFileBytes(m_skills + QStringLiteral("/s02/SKILL.tmp"), skillMd("renamed-two"));
        QCOMPARE(::rename(QFile::encodeName(m_skills + QStringLiteral("/s02/SKILL.tmp")).constData(),
                          QFile::encodeName(m_skills + QStringLiteral("/s02/SKILL.md")).constData()),
                 0);
        // Gone, turned into a folder, grown a nested skill, new.
        QVERIFY(QFile::remove(m_skills + QStringLiteral("/s03/SKILL.md")));
        QVERIFY(QFile::remove(m_skills + QStringLiteral("/s05/SKILL.md")));
        QVERIFY(QDir().mkpath(m_skills + QStringLiteral("/s05/SKILL.md")));
        writeFileBytes(m_skills + QStringLiteral("/s06/nested/SKILL.md"), skillMd("nested"));
        writeFileBytes(m_skills + QStringLiteral("/s40/SKILL.md"), skillMd("s40"));
        QVERIFY(QDir(m_skills + QStringLiteral("/s07")).removeRecursively());

        const auto after = walk();
        QCOMPARE(described(after), described(SkillWalk::under(m_skills)));
        const QStringList got = described(after);
        QVERIFY(got.contains(QStringLiteral("s01=s99")));
        QVERIFY(got.contains(QStringLiteral("s02=renamed-two")));
        QVERIFY(got.contains(QStringLiteral("s06/nested=nested")));
        QVERIFY(got.contains(QStringLiteral("s40=s40")));
        for (const char* gone : {"s03=s03", "s05=s05", "s07=s07"})
            QVERIFY2(!got.contains(QLatin1String(gone)), gone);
        QCOMPARE(after.size(), std::size_t(41 - 3 + 2));
        // The untouched ones still came from the cache; the file now knows the changes too.
        // s01, s02, s40 and s06/nested read; s06 itself, listed now, still from the cache.
        QCOMPARE(cachedCount(after), std::size_t(36));
        const auto again = walk();
        QCOMPARE(described(again), got);
        QCOMPARE(cachedCount(again), again.size());
    }

    // A folder of hundreds of subfolders is listed from the cache while its own stamp holds,
    // and from the disk again once an entry is added, removed or renamed in it.
    void aLargeFolderIsListedFromTheCacheUntilItsEntriesChange()
    {
        for (int i = 40; i < 300; ++i) {
            const QString folder = QStringLiteral("s%1").arg(i, 3, 10, QLatin1Char('0'));
            writeFileBytes(m_skills + QLatin1Char('/') + folder + QStringLiteral("/SKILL.md"),
                           skillMd(folder.toUtf8()));
        }
        QVERIFY(QDir().mkpath(m_skills + QStringLiteral("/node_modules/pkg"))); // excluded, listed or not
        writeFileBytes(m_skills + QStringLiteral("/node_modules/pkg/SKILL.md"), skillMd("pkg"));
        const auto rootStamp = [&] {
            struct stat st {};
            return ::stat(QFile::encodeName(m_skills).constData(), &st) == 0 ? SkillNameCache::Stamp::of(st)
                                                                             : SkillNameCache::Stamp{};
        };
        const auto first = walk();
        QCOMPARE(first.size(), std::size_t(301));
        const SkillNameCache loaded = cache();
        const SkillNameCache::Listing* kept = loaded.listing(u"", rootStamp());
        QVERIFY(kept);
        QCOMPARE(kept->subfolders.size(), std::size_t(302));   // cat and node_modules too
        QCOMPARE(kept->subfolders.front(), QByteArray("cat")); // as bytes sort
        QCOMPARE(kept->subfolders.back(), QByteArray("s39"));
        const QByteArray file = fileBytes(m_file);
        QCOMPARE(described(walk()), described(first));
        QCOMPARE(fileBytes(m_file), file); // every name and the listing from the cache: not rewritten

        nextTick();
        writeFileBytes(m_skills + QStringLiteral("/s300/SKILL.md"), skillMd("s300"));
        QVERIFY(QDir(m_skills + QStringLiteral("/s100")).removeRecursively());
        QVERIFY(QDir().rename(m_skills + QStringLiteral("/s200"), m_skills + QStringLiteral("/t200")));
        const auto after = walk();
        QCOMPARE(described(after), described(SkillWalk::under(m_skills)));
        const QStringList got = described(after);
        QVERIFY(got.contains(QStringLiteral("s300=s300")));
        QVERIFY(got.contains(QStringLiteral("t200=s200")));
        QVERIFY(!got.contains(QStringLiteral("s100=s100")) && !got.contains(QStringLiteral("s200=s200")));
        QVERIFY(!got.contains(QStringLiteral("node_modules/pkg=pkg")));
        QCOMPARE(after.size(), std::size_t(301));
        const SkillNameCache reloaded = cache();
        kept = reloaded.listing(u"", rootStamp());
        QVERIFY(kept); // kept again, as the folder is now
        QVERIFY(std::find(kept->subfolders.begin(), kept->subfolders.end(), "t200") != kept->subfolders.end());
        QCOMPARE(described(walk()), got);
    }

    // A file changed within the settle margin before the walk is read but not kept: a second
    // write in the same tick of the file system's clock would not change its stamp.
    void aFileChangedJustBeforeTheWalkIsNotKept()
    {
        const auto found = SkillWalk::under(m_skills, SkillNameCache::at(m_file, m_skills, 1));
        QCOMPARE(found.size(), std::size_t(41));
        QVERIFY(std::none_of(found.begin(), found.end(), [](const auto& f) { return f.stamp.has_value(); }));
        QVERIFY(!QFile::exists(m_file)); // nothing to keep: nothing written
    }

    void aSmallHomeWritesNoCache()
    {
        SkillWalk::under(m_skills, SkillNameCache::at(m_file, m_skills, 42, 0));
        QVERIFY(!QFile::exists(m_file));
        SkillWalk::under(m_skills, SkillNameCache::at(m_file, m_skills, 41, 0));
        QVERIFY(QFile::exists(m_file));
    }

    // A damaged file, one cut short, one of another skills/ folder, or one of another version
    // is no cache: the walk reads every file and writes a good cache in its place.
    void aCacheItCannotTrustIsNoCache_data()
    {
        QTest::addColumn<int>("damage");
        QTest::newRow("a byte flipped") << 0;
        QTest::newRow("cut short") << 1;
        QTest::newRow("another folder's") << 2;
        QTest::newRow("another version") << 3;
        QTest::newRow("empty") << 4;
        QTest::newRow("a folder in its place") << 5;
    }
    void aCacheItCannotTrustIsNoCache()
    {
        QFETCH(int, damage);
        const QStringList expected = described(walk());
        QByteArray bytes = fileBytes(m_file);
        switch (damage) {
        case 0:
            bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x20);
            break;
        case 1:
            bytes.chop(9);
            break;
        case 2: // the same bytes, read as the cache of another skills/ folder
            QCOMPARE(SkillNameCache::at(m_file, m_dir.filePath(QStringLiteral("other/skills")), 1, 0).size(),
                     qsizetype(0));
            QCOMPARE(cache().size(), qsizetype(41));
            return;
        case 3:
            bytes[6] = char(bytes[6] + 1);
            break;
        case 4:
            bytes.clear();
            break;
        case 5:
            QVERIFY(QFile::remove(m_file));
            QVERIFY(QDir().mkpath(m_file));
            QCOMPARE(cache().size(), qsizetype(0));
            QCOMPARE(described(walk()), expected); // and the walk is whole, without a cache
            return;
        }
        writeFileBytes(m_file, bytes);
        QCOMPARE(cache().size(), qsizetype(0));
        const auto found = walk();
        QCOMPARE(described(found), expected);
        QCOMPARE(cachedCount(found), std::size_t(0));
        QCOMPARE(cache().size(), qsizetype(41)); // rewritten whole
        QCOMPARE(cachedCount(walk()), std::size_t(41));
    }

    // A cache that cannot be written (here a file stands where its folder should be) costs the
    // next walk its speed, nothing else.
    void anUnwritableCacheIsNoError()
    {
        writeFileBytes(m_dir.filePath(QStringLiteral("blocker")), "a file, not a folder\n");
        const QString file = m_dir.filePath(QStringLiteral("blocker/names.cache"));
        const auto found = SkillWalk::under(m_skills, SkillNameCache::at(file, m_skills, 1, 0));
        QCOMPARE(described(found), described(SkillWalk::under(m_skills)));
        QCOMPARE(found.size(), std::size_t(41));
        QCOMPARE(SkillNameCache::at(file, m_skills, 1, 0).size(), qsizetype(0));
    }

    // The file is named after the folder, in the user's cache folder ($XDG_CACHE_HOME), and
    // nothing is made there before there is something to keep.
    void theCuratorsCacheLivesInTheUsersCacheFolder()
    {
        const QString home = m_dir.filePath(QStringLiteral("xdg-cache"));
        qputenv("XDG_CACHE_HOME", QFile::encodeName(home));
        const SkillNameCache c = SkillNameCache::forSkills(m_skills);
        const SkillNameCache other = SkillNameCache::forSkills(m_dir.filePath(QStringLiteral("other/skills")));
        qunsetenv("XDG_CACHE_HOME");
        QVERIFY(c.file().startsWith(home + QStringLiteral("/sediment/skill-names/")));
        QVERIFY(c.file().endsWith(QStringLiteral(".cache")));
        QVERIFY(c.file() != other.file());
        QCOMPARE(c.size(), qsizetype(0));
        SkillWalk::under(m_skills, c); // 41 skills: under the minimum
        QVERIFY(!QDir(home).exists());
    }
};

QTEST_GUILESS_MAIN(SkillNameCacheTest)
#include "skill_name_cache_test.moc"
