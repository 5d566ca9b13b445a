// Preflight from the outside (docs/user-guide.md#preflight): `sediment inbox list --json` on a Hermes-shaped home
// whose queue holds every verdict, each with the store's or Hermes' own message; is:dead,
// is:dup, is:ok and is:unsafe select by them; and listing writes nothing, anywhere.
#include "CliRun.h"
#include "util/Json.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;
using clitest::Run;

namespace {

bool writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace

class PreflightCliTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::map<std::string, qint64> m_ids; // Hermes id -> inbox id

    QString path(const QString& rel) const { return m_dir.path() + QLatin1Char('/') + rel; }
    Run run(const QStringList& args) { return clitest::sediment(m_dir.path(), args); }

    void stage(const char* id, const char* subsystem, const Json& payload, double at)
    {
        const Json r = {{"id", id},
                        {"subsystem", subsystem},
                        {"action", payload.value("action", std::string())},
                        {"summary", "staged"},
                        {"origin", "foreground"},
                        {"created_at", at},
                        {"payload", payload}};
        QVERIFY(writeAll(path(QStringLiteral("pending/%1/%2.json").arg(QLatin1String(subsystem), QLatin1String(id))),
                         QByteArray::fromStdString(r.dump(2))));
    }

    // Every file of the home but the database and its sidecars, with its bytes' hash.
    std::map<QString, QByteArray> snapshot() const
    {
        std::map<QString, QByteArray> files;
        QDirIterator it(m_dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString p = it.next();
            const QString rel = QDir(m_dir.path()).relativeFilePath(p);
            if (rel.startsWith(QLatin1String("sediment.db")) || rel.endsWith(QLatin1String(".lock")))
                continue;
            QFile f(p);
            if (f.open(QIODevice::ReadOnly))
                files[rel] = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
        }
        return files;
    }

    Json list(const QString& query = {})
    {
        QStringList args{QStringLiteral("inbox"), QStringLiteral("list")};
        if (!query.isEmpty())
            args << query;
        const Run r = run(args << QStringLiteral("--json"));
        return r.code == 0 ? r.json() : Json();
    }

    // The Hermes ids a query lists, in the list's order.
    QStringList idsOf(const QString& query)
    {
        QStringList out;
        for (const Json& it : list(query))
            out << QString::fromStdString(it.value("ext_id", std::string())).mid(7); // "hermes:"
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(
            writeAll(path(QStringLiteral("config.yaml")),
                     "memory:\n  write_approval: true\n  memory_char_limit: 400\nskills:\n  write_approval: true\n"));
        QVERIFY(writeAll(path(QStringLiteral("memories/MEMORY.md")),
                         "First entry\n\u00a7\nThe user prefers short answers."));
        QVERIFY(writeAll(path(QStringLiteral("skills/deploy/SKILL.md")),
                         "---\nname: deploy\ndescription: Deploy the app\n---\n\nStep one.\n"));
        const auto memory = [](const char* action, const std::string& content) {
            return Json{{"action", action}, {"target", "memory"}, {"content", content}};
        };
        stage("a0000001", "memory", memory("add", "Deploys run on Tuesdays."), 1);
        stage("a0000002", "memory", memory("add", "deploys  run on TUESDAYS!"), 2);       // same text
        stage("a0000003", "memory", memory("add", "The user prefers short answers."), 3); // held already
        stage("a0000004", "memory",
              Json{{"action", "replace"},
                   {"target", "memory"},
                   {"old_text", "Gone"},
                   {"content", "New"},
                   {"matched_entry", "Gone entry"}},
              4);
        stage("a0000005", "memory", memory("add", "The CI cache key includes the compiler version."), 5);
        stage("a0000006", "memory", memory("add", "The CI cache key includes the compilers version!!"), 6); // near
        stage("a0000007", "memory", memory("add", std::string(500, 'x')), 7); // over the budget
        stage("b0000001", "skills",
              Json{{"action", "patch"}, {"name", "deploy"}, {"old_string", "Step one."}, {"new_string", "Step two."}},
              8);
        stage("b0000002", "skills",
              Json{{"action", "patch"}, {"name", "deploy"}, {"old_string", "Step zero."}, {"new_string", "x"}}, 9);
        stage("b0000003", "skills", Json{{"action", "create"}, {"name", "Bad Name"}, {"content", "x"}}, 10);
        stage("b0000004", "skills",
              Json{{"action", "patch"},
                   {"name", "deploy"},
                   {"old_string", "Step one."},
                   {"new_string", "Step one: export GITHUB_TOKEN=ghp_" + std::string(36, 'a')}},
              11);
        const Json imported =
            run({QStringLiteral("hermes"), QStringLiteral("import-pending"), QStringLiteral("--json")}).json();
        QCOMPARE(imported["imported"].size(), size_t(11));
        for (const Json& w : imported["imported"])
            m_ids[w.value("hermes_id", std::string())] = w.value("inbox_id", qint64(0));
    }

    void everyPendingItemCarriesItsVerdictWithTheExactMessage()
    {
        const auto before = snapshot();
        const Json all = list();
        QCOMPARE(all.size(), size_t(11));
        std::map<std::string, Json> by;
        for (const Json& it : all)
            by[it.value("ext_id", std::string()).substr(7)] = it["preflight"];
        const auto verdict = [&](const char* id) { return by[id].value("verdict", std::string()); };
        const auto message = [&](const char* id) { return by[id].value("message", std::string()); };
        QCOMPARE(verdict("a0000001"), std::string("applies"));
        QCOMPARE(message("a0000001"), std::string());
        QVERIFY(by["a0000001"]["of"].is_null());
        QCOMPARE(verdict("a0000002"), std::string("duplicate"));
        QCOMPARE(by["a0000002"]["of"].get<qint64>(), m_ids["a0000001"]);
        QCOMPARE(verdict("a0000003"), std::string("present"));
        QCOMPARE(message("a0000003"), std::string("Entry already exists (no duplicate added)."));
        QCOMPARE(verdict("a0000004"), std::string("fails"));
        QVERIFY(message("a0000004").starts_with("Entry changed since it was staged"));
        // Near duplicates annotate each other; the verdict stays.
        QCOMPARE(verdict("a0000005"), std::string("applies"));
        QCOMPARE(verdict("a0000006"), std::string("applies"));
        QCOMPARE(by["a0000005"]["similar_to"].value("id", qint64(0)), m_ids["a0000006"]);
        QCOMPARE(by["a0000006"]["similar_to"].value("id", qint64(0)), m_ids["a0000005"]);
        QVERIFY(by["a0000006"]["similar_to"].value("similarity", 0.0) >= 0.8);
        QVERIFY(by["a0000001"]["similar_to"].is_null());
        QCOMPARE(verdict("a0000007"), std::string("fails"));
        QVERIFY2(message("a0000007").starts_with("Memory at "), message("a0000007").c_str());
        QVERIFY(message("a0000007").find("would exceed the limit") != std::string::npos);
        QCOMPARE(verdict("b0000001"), std::string("applies"));
        QCOMPARE(verdict("b0000002"), std::string("fails"));
        QVERIFY(message("b0000002").starts_with("Could not find a match for old_string"));
        QCOMPARE(verdict("b0000003"), std::string("fails"));
        QVERIFY(message("b0000003").starts_with("Invalid skill name 'Bad Name'."));
        // A flag beside the verdict, for every destination: the skill patch would write a token.
        QCOMPARE(verdict("b0000004"), std::string("applies"));
        QVERIFY2(by["b0000004"].value("unsafe", std::string()).starts_with("GitHub token (ghp_aa"),
                 by["b0000004"].dump().c_str());
        QVERIFY(by["a0000001"]["unsafe"].is_null());
        QCOMPARE(snapshot(), before);
    }

    void theQueryLanguageSelectsByVerdict()
    {
        QCOMPARE(idsOf(QStringLiteral("is:dead")),
                 (QStringList{QStringLiteral("a0000004"), QStringLiteral("a0000007"), QStringLiteral("b0000002"),
                              QStringLiteral("b0000003")}));
        QCOMPARE(idsOf(QStringLiteral("is:dup")),
                 (QStringList{QStringLiteral("a0000002"), QStringLiteral("a0000003")}));
        QCOMPARE(idsOf(QStringLiteral("is:ok")),
                 (QStringList{QStringLiteral("a0000001"), QStringLiteral("a0000005"), QStringLiteral("a0000006"),
                              QStringLiteral("b0000001"), QStringLiteral("b0000004")}));
        QCOMPARE(idsOf(QStringLiteral("is:ok dest:skill")),
                 (QStringList{QStringLiteral("b0000001"), QStringLiteral("b0000004")}));
        QCOMPARE(idsOf(QStringLiteral("is:unsafe")), QStringList{QStringLiteral("b0000004")});
        QCOMPARE(idsOf(QStringLiteral("is:dead,dup")).size(), 6);
        QCOMPARE(idsOf(QStringLiteral("-is:dead")).size(), 7);
        // Separate terms must all hold: the unsafe flag narrows a verdict, it does not add to it.
        QCOMPARE(idsOf(QStringLiteral("is:ok is:unsafe")), QStringList{QStringLiteral("b0000004")});
        QCOMPARE(idsOf(QStringLiteral("is:unsafe is:ok")), QStringList{QStringLiteral("b0000004")});
        QCOMPARE(idsOf(QStringLiteral("is:dead is:unsafe")), QStringList());
        QCOMPARE(idsOf(QStringLiteral("is:dead,ok is:unsafe")), QStringList{QStringLiteral("b0000004")});
        QCOMPARE(idsOf(QStringLiteral("is:ok -is:unsafe")).size(), 4);
        const Run bad = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("is:dying")});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("unknown is:dying (use is:stale, is:dead, is:dup, is:ok or is:unsafe)"));
    }

    void aDecisionChangesTheVerdictsOfTheRest()
    {
        // Approving the first of two equal texts: the second is then held by the store, though
        // Hermes' own check (exact) would write it a second time.
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(m_ids["a0000001"])}).code, 0);
        const Json all = list();
        for (const Json& it : all) {
            const std::string id = it.value("ext_id", std::string()).substr(7);
            if (id == "a0000001")
                QVERIFY(it["preflight"].is_null()); // decided: no verdict
            if (id == "a0000002") {
                QCOMPARE(it["preflight"].value("verdict", std::string()), std::string("present"));
                QCOMPARE(it["preflight"].value("message", std::string()),
                         std::string("memory already holds the same text: 'Deploys run on Tuesdays.'"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(PreflightCliTest)
#include "preflight_cli_test.moc"
