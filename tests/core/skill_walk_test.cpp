// The skills Hermes' curator finds on disk: which folders count, in what order, under what
// name — on real folders in a temporary skills/ tree.
#include "FileBytes.h"
#include "skills/SkillWalk.h"
#include "WalkedSkills.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sediment;
using sediment::test::described;
using sediment::test::skillMd;
using sediment::test::writeFileBytes;

class SkillWalkTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void findsSkillsDepthFirstInSortedOrder()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath(QStringLiteral("skills"));
        writeFileBytes(s + QStringLiteral("/zeta/SKILL.md"), skillMd("zeta"));
        writeFileBytes(s + QStringLiteral("/devops/deploy-helper/SKILL.md"), skillMd("deploy-helper"));
        writeFileBytes(s + QStringLiteral("/devops/alpha/SKILL.md"), skillMd("alpha"));
        // A skill inside a skill's folder is a skill too, found after its parent.
        writeFileBytes(s + QStringLiteral("/zeta/inner/SKILL.md"), skillMd("inner"));
        // Hermes' metadata, version control, dependency trees: never looked into.
        writeFileBytes(s + QStringLiteral("/.archive/old/SKILL.md"), skillMd("old"));
        writeFileBytes(s + QStringLiteral("/.hub/x/SKILL.md"), skillMd("x"));
        writeFileBytes(s + QStringLiteral("/zeta/node_modules/pkg/SKILL.md"), skillMd("pkg"));
        writeFileBytes(s + QStringLiteral("/venv/lib/SKILL.md"), skillMd("lib"));
        writeFileBytes(s + QStringLiteral("/__pycache__/c/SKILL.md"), skillMd("c"));
        // skills/ itself is not a skill; a folder with only other files is not either.
        writeFileBytes(s + QStringLiteral("/SKILL.md"), skillMd("root"));
        writeFileBytes(s + QStringLiteral("/notes/README.md"), "x");
        QCOMPARE(
            described(SkillWalk::under(s)),
            QStringList({QStringLiteral("devops/alpha=alpha"), QStringLiteral("devops/deploy-helper=deploy-helper"),
                         QStringLiteral("zeta=zeta"), QStringLiteral("zeta/inner=inner")}));
    }

    // Hermes skips a fixed list of folder names, not every hidden folder, and never takes a
    // SKILL.md under a skill's own references/templates/assets/scripts for a skill.
    void skipsHermesExcludedFoldersAndSupportFoldersOnly()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath(QStringLiteral("skills"));
        writeFileBytes(s + QStringLiteral("/.config/tool/SKILL.md"), skillMd("tool"));
        writeFileBytes(s + QStringLiteral("/env/e/SKILL.md"), skillMd("e"));
        for (const char* excluded :
             {".git", ".github", ".hub", ".archive", ".venv", "venv", "node_modules", "site-packages", "__pycache__",
              ".tox", ".nox", ".pytest_cache", ".mypy_cache", ".ruff_cache"})
            writeFileBytes(s + QStringLiteral("/e2/%1/x/SKILL.md").arg(QLatin1String(excluded)), skillMd("x"));
        writeFileBytes(s + QStringLiteral("/alpha/SKILL.md"), skillMd("alpha"));
        writeFileBytes(s + QStringLiteral("/alpha/references/old-package/SKILL.md"), skillMd("old-package"));
        writeFileBytes(s + QStringLiteral("/alpha/templates/deep/t/SKILL.md"), skillMd("t"));
        writeFileBytes(s + QStringLiteral("/alpha/assets/a/SKILL.md"), skillMd("a"));
        writeFileBytes(s + QStringLiteral("/alpha/scripts/sc/SKILL.md"), skillMd("sc"));
        writeFileBytes(s + QStringLiteral("/alpha/nested/SKILL.md"), skillMd("nested"));
        // A support folder's name counts only directly inside a folder with a SKILL.md.
        writeFileBytes(s + QStringLiteral("/scripts/runner/SKILL.md"), skillMd("runner"));
        writeFileBytes(s + QStringLiteral("/beta/sub/references/r/SKILL.md"), skillMd("r"));
        // Any SKILL.md that exists marks its folder so (a folder of that name too); a dangling
        // link does not.
        QDir().mkpath(s + QStringLiteral("/odd/SKILL.md"));
        writeFileBytes(s + QStringLiteral("/odd/assets/o/SKILL.md"), skillMd("o"));
        QDir().mkpath(s + QStringLiteral("/dangling"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.md")), s + QStringLiteral("/dangling/SKILL.md")));
        writeFileBytes(s + QStringLiteral("/dangling/scripts/d/SKILL.md"), skillMd("d"));
        QCOMPARE(described(SkillWalk::under(s)),
                 QStringList({QStringLiteral(".config/tool=tool"), QStringLiteral("alpha=alpha"),
                              QStringLiteral("alpha/nested=nested"), QStringLiteral("beta/sub/references/r=r"),
                              QStringLiteral("dangling/scripts/d=d"), QStringLiteral("env/e=e"),
                              QStringLiteral("scripts/runner=runner")}));
    }

    void followsASkillFileLinkButNotAFolderLink()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath(QStringLiteral("skills"));
        writeFileBytes(dir.filePath(QStringLiteral("elsewhere/far/SKILL.md")), skillMd("far"));
        writeFileBytes(dir.filePath(QStringLiteral("shared.md")), skillMd("linked"));
        QDir().mkpath(s + QStringLiteral("/linked"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("shared.md")), s + QStringLiteral("/linked/SKILL.md")));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("elsewhere/far")), s + QStringLiteral("/far")));
        // A SKILL.md that is a folder, or a dangling link, is no skill file.
        QDir().mkpath(s + QStringLiteral("/odd/SKILL.md"));
        QDir().mkpath(s + QStringLiteral("/dangling"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere.md")), s + QStringLiteral("/dangling/SKILL.md")));
        QCOMPARE(described(SkillWalk::under(s)), QStringList({QStringLiteral("linked=linked")}));
    }

    // A flat skills/ of hundreds of folders is walked by several threads, each folder without
    // subfolders through its SKILL.md alone: the result must still be the sequential walk's.
    void aLargeFlatTreeGivesTheSequentialWalksResult()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath(QStringLiteral("skills"));
        QStringList expected;
        for (int i = 599; i >= 0; --i) { // created in reverse: the order must come from sorting
            const QString folder = QStringLiteral("s%1").arg(i, 3, 10, QLatin1Char('0'));
            const QString path = s + QLatin1Char('/') + folder;
            if (i % 50 == 7) {
                QDir().mkpath(path); // no SKILL.md: not a skill
                continue;
            }
            if (i % 50 == 9) { // a pipe named SKILL.md is no skill file, and the walk must not block on it
                QDir().mkpath(path);
                QVERIFY(::mkfifo(QFile::encodeName(path + QStringLiteral("/SKILL.md")).constData(), 0600) == 0);
                continue;
            }
            const QByteArray name = i % 3 == 0 ? "renamed-" + QByteArray::number(i) : folder.toUtf8();
            writeFileBytes(path + QStringLiteral("/SKILL.md"), i % 5 == 0 ? "no frontmatter\n" : skillMd(name));
            if (i % 100 == 42) // a subfolder: this one is listed, and its inner skill found after it
                writeFileBytes(path + QStringLiteral("/refs/SKILL.md"), skillMd("inner-" + QByteArray::number(i)));
            else if (i % 100 == 43) // a subfolder without skills
                writeFileBytes(path + QStringLiteral("/scripts/run.sh"), "echo\n");
        }
        for (int i = 0; i < 600; ++i) {
            if (i % 50 == 7 || i % 50 == 9)
                continue;
            const QString folder = QStringLiteral("s%1").arg(i, 3, 10, QLatin1Char('0'));
            const QString name = i % 5 == 0 ? folder : i % 3 == 0 ? QStringLiteral("renamed-%1").arg(i) : folder;
            expected << folder + QLatin1Char('=') + name;
            if (i % 100 == 42)
                expected << folder + QStringLiteral("/refs=inner-%1").arg(i);
        }
        QCOMPARE(described(SkillWalk::under(s)), expected);
    }

    // An ASCII head is read on its bytes; any other is decoded first. Past 4,000 characters
    // both see the same text, so a non-ASCII byte appended there sends the same head the
    // other way: the two must always agree.
    void asciiHeadsReadAsDecodedOnes()
    {
        const char* pieces[] = {"---", "name:", "name", " ", "\t", "\r",      "\v",          "\f",   "'",
                                "\"",  "a",     "b",    ":", "\n", "\n---\n", "\nname: n\n", "\x1c", "\x1f"};
        quint32 seed = 12345;
        const auto next = [&seed] { return seed = seed * 1103515245U + 12345U; };
        for (int round = 0; round < 3000; ++round) {
            QByteArray head;
            while (head.size() < 4000)
                head += pieces[(next() >> 8) % std::size(pieces)];
            const QString quick = SkillWalk::frontmatterName(head, QStringLiteral("folder"));
            const QString decoded = SkillWalk::frontmatterName(QByteArray(head + "\xc3\xa9"), QStringLiteral("folder"));
            QCOMPARE(quick, decoded);
        }
    }

    // A SKILL.md saved with a byte order mark (Windows editors add one) is the folder's skill
    // to Hermes, whatever its frontmatter says.
    void aByteOrderMarkLeavesTheSkillNamedAfterItsFolder()
    {
        QTemporaryDir dir;
        const QString s = dir.filePath(QStringLiteral("skills"));
        writeFileBytes(s + QStringLiteral("/win-folder/SKILL.md"), "\xEF\xBB\xBF" + skillMd("win-skill"));
        QCOMPARE(described(SkillWalk::under(s)), QStringList({QStringLiteral("win-folder=win-folder")}));
    }

    void aMissingTreeHasNoSkills()
    {
        QTemporaryDir dir;
        QVERIFY(SkillWalk::under(dir.filePath(QStringLiteral("skills"))).empty());
    }

    void namesComeFromTheFirstFrontmatterBlock_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("name");
        QTest::newRow("plain") << QByteArray("---\nname: deploy\n---\n") << QStringLiteral("deploy");
        QTest::newRow("double quotes") << QByteArray("---\nname: \"deploy\"\n---\n") << QStringLiteral("deploy");
        QTest::newRow("mixed quotes") << QByteArray("---\nname: '\"deploy'\"\n---\n") << QStringLiteral("deploy");
        QTest::newRow("indented, CRLF") << QByteArray("---\r\n  name:   deploy  \r\n---\r\n")
                                        << QStringLiteral("deploy");
        QTest::newRow("colon in value") << QByteArray("---\nname: a:b\n---\n") << QStringLiteral("a:b");
        QTest::newRow("empty value") << QByteArray("---\nname:\n---\n") << QStringLiteral("folder");
        QTest::newRow("only quotes") << QByteArray("---\nname: ''\n---\n") << QStringLiteral("folder");
        QTest::newRow("after the block") << QByteArray("---\ndescription: d\n---\nname: late\n")
                                         << QStringLiteral("folder");
        QTest::newRow("before any block")
            << QByteArray("name: early\n---\nname: inside\n---\n") << QStringLiteral("inside");
        QTest::newRow("no frontmatter") << QByteArray("# Title\nname: x\n") << QStringLiteral("folder");
        QTest::newRow("non-ASCII") << QString::fromUtf8("---\nname: d\u00e9ploy\n---\n").toUtf8()
                                   << QString::fromUtf8("d\u00e9ploy");
        QTest::newRow("first name empty, second set")
            << QByteArray("---\nname: \nname: second\n---\n") << QStringLiteral("second");
        QTest::newRow("form feed and vertical tab")
            << QByteArray("\f---\v\n\vname:\f x \t\n---\n") << QStringLiteral("x");
        // Hermes reads SKILL.md as utf-8, not utf-8-sig: a byte order mark stays, so the first
        // line is no "---" and the block opens only at the next "---" line.
        QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF---\nname: bom\n---\nbody\n")
                                         << QStringLiteral("folder");
        QTest::newRow("byte order mark, a later block")
            << QByteArray("\xEF\xBB\xBF---\nname: bom\n---\nname: late\n---\n") << QStringLiteral("late");
        // Python's str.strip() also strips the ASCII separators 0x1c-0x1f.
        QTest::newRow("ASCII separators")
            << QByteArray("\x1c---\x1d\n\x1ename: sep\x1f\n---\n") << QStringLiteral("sep");
        QTest::newRow("ASCII separators, non-ASCII text")
            << QByteArray("\x1c---\x1d\n\x1ename: s\xC3\xA9p\x1f\n---\n") << QString::fromUtf8("s\u00e9p");
        // 4,000 characters are code points, as Python counts them, not UTF-16 units.
        QTest::newRow("astral characters count once")
            << ("---\n" + QByteArray("\xF0\x9F\x98\x80").repeated(3900) + "\nname: astral\n---\n")
            << QStringLiteral("astral");
        QTest::newRow("past 4,000 characters")
            << ("---\ndescription: " + QByteArray(4000, 'x') + "\nname: far\n---\n") << QStringLiteral("folder");
    }

    void namesComeFromTheFirstFrontmatterBlock()
    {
        QFETCH(QByteArray, head);
        QFETCH(QString, name);
        QCOMPARE(SkillWalk::frontmatterName(head, QStringLiteral("folder")), name);
    }
};

QTEST_GUILESS_MAIN(SkillWalkTest)
#include "skill_walk_test.moc"
