// A Claude Code project's auto memory read from real files (docs/user-guide.md#claude-code): the
// index and the links it holds, each topic file's name, description and type from its front
// matter (top level or under metadata:), and files whose front matter cannot be read.
#include "claudecode/ClaudeMemoryProjects.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class ClaudeMemoryProjectTest final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QString memoryDir(const QString& slug) const
    {
        return m_home.path() + QStringLiteral("/.claude/projects/") + slug + QStringLiteral("/memory");
    }
    void write(const QString& path, const QByteArray& bytes)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }

private Q_SLOTS:
    void init()
    {
        QDir(m_home.path() + QStringLiteral("/.claude")).removeRecursively();
        QVERIFY(QDir(m_home.path()).exists());
        const QString dir = memoryDir(QStringLiteral("-home-ana-shop"));
        write(dir + QStringLiteral("/MEMORY.md"), "# Memory\n\n"
                                                  "- [Run the tests first](feedback_tests.md) — before a commit\n"
                                                  "- [Ana](./user_role.md) — who she is\n");
        write(dir + QStringLiteral("/feedback_tests.md"), "---\n"
                                                          "name: Run the tests first\n"
                                                          "description: Ana wants ctest run before every commit\n"
                                                          "type: feedback\n"
                                                          "---\n\nRun `ctest -j1` before committing.\n");
        write(dir + QStringLiteral("/user_role.md"), "---\n"
                                                     "metadata:\n"
                                                     "  name: Ana\n"
                                                     "  description: \"Backend lead, terse answers\"\n"
                                                     "  type: user\n"
                                                     "---\nShe owns the payment service.\n");
        write(dir + QStringLiteral("/scratch.md"), "No front matter here.\n");
        write(dir + QStringLiteral("/odd.md"), "---\nname: Odd\ntype: mood\n---\nbody\n");
        // A project with sessions but no memory yet is not a memory source.
        QDir().mkpath(m_home.path() + QStringLiteral("/.claude/projects/-home-ana-empty"));
    }

    void findsEachProjectWithAMemoryFolder()
    {
        const ClaudeMemoryProjects all = ClaudeMemoryProjects::scan(m_home.path());
        QCOMPARE(all.projects().size(), std::size_t(1));
        QVERIFY(all.problems().isEmpty());
        const ClaudeMemoryProject& p = all.projects().front();
        QCOMPARE(p.slug(), QStringLiteral("-home-ana-shop"));
        QCOMPARE(p.memoryDir(), memoryDir(QStringLiteral("-home-ana-shop")));
        QVERIFY(p.index().has_value());
        QVERIFY(p.index()->startsWith("# Memory"));
        QVERIFY(!p.projectPath()); // /home/ana/shop is not on this machine
    }

    void takesTheProjectsFolderFromItsSessionTranscript()
    {
        write(m_home.path() + QStringLiteral("/.claude/projects/-home-ana-shop/0b1c.jsonl"),
              "{\"type\":\"summary\"}\n{\"type\":\"user\",\"cwd\":\"/home/ana/shop\",\"sessionId\":\"0b1c\"}\n");
        const ClaudeMemoryProject p = ClaudeMemoryProjects::scan(m_home.path()).projects().front();
        QCOMPARE(p.projectPath(), std::optional<QString>(QStringLiteral("/home/ana/shop")));
    }

    void readsTheIndexLinks()
    {
        QCOMPARE(ClaudeMemoryProject::linkedFiles(QStringLiteral("- [A](a.md) — x\n- [B](./b.md)\n[a again](a.md)\n"
                                                                 "[web](https://example.org/c.md) [dir](sub/d.md)")),
                 (QStringList{QStringLiteral("a.md"), QStringLiteral("b.md")}));
    }

    void readsEachTopicsTypeAndDescription()
    {
        const ClaudeMemoryProject p = ClaudeMemoryProjects::scan(m_home.path()).projects().front();
        QStringList names;
        for (const auto& f : p.topics())
            names << f.fileName;
        // MEMORY.md is the index, not a topic.
        QCOMPARE(names, (QStringList{QStringLiteral("feedback_tests.md"), QStringLiteral("odd.md"),
                                     QStringLiteral("scratch.md"), QStringLiteral("user_role.md")}));
        const auto& tests = p.topics()[0];
        QVERIFY(tests.indexed);
        QVERIFY2(tests.topic, tests.topic ? "" : qPrintable(tests.topic.error().message));
        QCOMPARE(tests.topic->name(), QStringLiteral("Run the tests first"));
        QCOMPARE(tests.topic->description(), QStringLiteral("Ana wants ctest run before every commit"));
        QVERIFY(tests.topic->type() == ClaudeMemoryType::Feedback);
        QCOMPARE(tests.topic->body(), QStringLiteral("\nRun `ctest -j1` before committing.\n"));

        const auto& role = p.topics()[3];
        QVERIFY(role.indexed); // linked as ./user_role.md
        QVERIFY(role.topic);
        QCOMPARE(role.topic->name(), QStringLiteral("Ana"));
        QCOMPARE(role.topic->description(), QStringLiteral("Backend lead, terse answers"));
        QVERIFY(role.topic->type() == ClaudeMemoryType::User);
    }

    void keepsAnUnknownTypesWordAndNamesAMissingFrontMatter()
    {
        const ClaudeMemoryProject p = ClaudeMemoryProjects::scan(m_home.path()).projects().front();
        const auto& odd = p.topics()[1];
        QVERIFY(odd.topic);
        QVERIFY(!odd.topic->type());
        QCOMPARE(odd.topic->typeWord(), QStringLiteral("mood"));
        QVERIFY(!odd.indexed);
        const auto& scratch = p.topics()[2];
        QVERIFY(!scratch.topic);
        QVERIFY(scratch.topic.error().message.contains(QStringLiteral("no front matter")));
        QCOMPARE(scratch.bytes, QByteArray("No front matter here.\n"));
    }

    void refusesAFrontMatterThatIsNotAMapping()
    {
        auto t = ClaudeMemoryTopic::parse(QStringLiteral("---\n- a\n- b\n---\nbody"));
        QVERIFY(!t);
        QCOMPARE(t.error().kind, ErrorKind::Invalid);
        auto broken = ClaudeMemoryTopic::parse(QStringLiteral("---\nname: [unclosed\n---\nbody"));
        QVERIFY(!broken);
        QVERIFY(broken.error().message.startsWith(QStringLiteral("front matter is not YAML")));
    }

    void typesAreSpeltOnce()
    {
        for (const auto t : {ClaudeMemoryType::User, ClaudeMemoryType::Feedback, ClaudeMemoryType::Project,
                             ClaudeMemoryType::Reference})
            QVERIFY(*parseWord<ClaudeMemoryType>(toString(t)) == t);
        QVERIFY(!parseWord<ClaudeMemoryType>(u"Feedback"));
    }

    void aHomeWithoutClaudeHasNoProjects()
    {
        QTemporaryDir other;
        QVERIFY(ClaudeMemoryProjects::scan(other.path()).projects().empty());
    }
};

QTEST_GUILESS_MAIN(ClaudeMemoryProjectTest)
#include "claude_memory_project_test.moc"
