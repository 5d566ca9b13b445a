// The house as docs/architecture.json draws it, held against the includes of core/, app/ and ui/:
// every part names folders that exist, every source file is on a part, and no file of a part
// includes a file of a part it must never reach. The libraries of core/CMakeLists.txt make a
// call upward a link error; this makes an include upward a test failure, with the never's reason.
#include "util/Json.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace sediment;

namespace {

// The includes that still break a never, each `from -> to`: none since the domain reaches the
// Hermes and Claude Code adapters only through its agent port (core/agent/AgentHome.h,
// docs/architecture.md#agent-homes). Was 32 pairs when the list was made. Kept so that a pair let in knowingly is named here.
const QStringList kWaitingForTheAgentPort = {};

struct Never {
    QString from;
    QString to;
    QString why;
};

struct House {
    std::map<QString, QStringList> parts; // name -> paths ("core/store/" or a file)
    std::vector<Never> nevers;
};

House readHouse(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + f.errorString();
        return {};
    }
    const Json j = Json::parse(f.readAll().toStdString(), nullptr, false);
    if (j.is_discarded() || !j.contains("parts") || !j.contains("never")) {
        *error = path + QStringLiteral(": not the whiteboard shape (parts, never)");
        return {};
    }
    House h;
    for (const auto& [name, part] : j["parts"].items())
        for (const auto& p : part["is"])
            h.parts[fromStd(name)].append(fromStd(p.get<std::string>()));
    for (const auto& n : j["never"])
        h.nevers.push_back({fromStd(n[0].get<std::string>()), fromStd(n[1].get<std::string>()),
                            n.size() > 2 ? fromStd(n[2].get<std::string>()) : QString()});
    return h;
}

// The part a file is on: the longest of the parts' paths that names it or a folder above it.
QString partOf(const House& h, const QString& file)
{
    QString best;
    qsizetype bestLength = -1;
    for (const auto& [name, paths] : h.parts)
        for (const QString& p : paths) {
            const bool on = p.endsWith(QLatin1Char('/')) ? file.startsWith(p) : file == p;
            if (on && p.size() > bestLength) {
                best = name;
                bestLength = p.size();
            }
        }
    return best;
}

QStringList sourcesUnder(const QString& root)
{
    QStringList out;
    for (const char* top : {"core", "app", "ui"}) {
        QDirIterator it(root + QLatin1Char('/') + QLatin1String(top), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            out.append(QDir(root).relativeFilePath(it.next()));
    }
    out.sort();
    return out;
}

// Where `#include "x"` in `file` lands, as the build's include folders find it: the including
// file's folder, then its own tree's root (app/, ui/), then core/.
QString resolve(const QString& root, const QString& file, const QString& include)
{
    const QString top = file.section(QLatin1Char('/'), 0, 0);
    const QStringList bases = {QFileInfo(file).path(), top, QStringLiteral("core")};
    for (const QString& base : bases) {
        const QString candidate = QDir::cleanPath(base + QLatin1Char('/') + include);
        if (QFileInfo::exists(root + QLatin1Char('/') + candidate))
            return candidate;
    }
    return QString();
}

// Every `from -> to` include that breaks one of the house's nevers, with the never it breaks.
std::map<QString, QString> breaches(const House& h, const QString& root)
{
    static const QRegularExpression include(QStringLiteral(R"(^\s*#\s*include\s*"([^"]+)\")"),
                                            QRegularExpression::MultilineOption);
    std::map<QString, QString> out;
    for (const QString& file : sourcesUnder(root)) {
        const QString from = partOf(h, file);
        QFile f(root + QLatin1Char('/') + file);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(f.readAll());
        for (auto m = include.globalMatch(text); m.hasNext();) {
            const QString target = resolve(root, file, m.next().captured(1));
            if (target.isEmpty())
                continue;
            const QString to = partOf(h, target);
            for (const Never& n : h.nevers)
                if (n.from == from && n.to == to)
                    out[file + QStringLiteral(" -> ") + target] =
                        QStringLiteral("never %1 -> %2: %3").arg(n.from, n.to, n.why);
        }
    }
    return out;
}

void write(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class LayersTest : public QObject {
    Q_OBJECT

    const QString m_root = QStringLiteral(SEDIMENT_SOURCE_DIR);
    House m_house;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_house = readHouse(m_root + QStringLiteral("/docs/architecture.json"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(m_house.parts.size() >= 8);
        QVERIFY(m_house.nevers.size() >= 6);
    }

    void everyPartNamesWhatExists()
    {
        for (const auto& [name, paths] : m_house.parts)
            for (const QString& p : paths)
                QVERIFY2(
                    QFileInfo::exists(m_root + QLatin1Char('/') + p),
                    qPrintable(name + QStringLiteral(" names ") + p + QStringLiteral(", which is not in the tree")));
        for (const Never& n : m_house.nevers) {
            QVERIFY2(m_house.parts.contains(n.from), qPrintable(n.from));
            QVERIFY2(m_house.parts.contains(n.to), qPrintable(n.to));
        }
    }

    void everySourceIsOnAPart()
    {
        QStringList lost;
        for (const QString& file : sourcesUnder(m_root))
            if (partOf(m_house, file).isEmpty())
                lost.append(file);
        QVERIFY2(lost.isEmpty(), qPrintable(QStringLiteral("on no part of docs/architecture.json: ")
                                            + lost.join(QStringLiteral(", "))));
    }

    void noIncludeBreaksANever()
    {
        const auto found = breaches(m_house, m_root);
        QStringList fresh;
        for (const auto& [pair, never] : found)
            if (!kWaitingForTheAgentPort.contains(pair)) {
                fresh.append(pair + QStringLiteral("  (") + never + QLatin1Char(')'));
                qWarning("%s", qPrintable(fresh.back())); // QVERIFY2 cuts a long message short
            }
        QVERIFY2(fresh.isEmpty(), qPrintable(QStringLiteral("\n") + fresh.join(QLatin1Char('\n'))));
        QStringList gone;
        for (const QString& pair : kWaitingForTheAgentPort)
            if (!found.contains(pair))
                gone.append(pair);
        QVERIFY2(gone.isEmpty(), qPrintable(QStringLiteral("no longer breaks a never, take it off the list: ")
                                            + gone.join(QStringLiteral(", "))));
    }

    // The checker itself, on a house of three files: a value that includes the store is caught
    // with the never's reason, and an include downward is not.
    void catchesAnIncludeUpward()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        write(dir.filePath(QStringLiteral("core/model/Item.h")), "#include \"store/Db.h\"\n#include \"util/Json.h\"\n");
        write(dir.filePath(QStringLiteral("core/store/Db.h")), "#include \"model/Item.h\"\n");
        write(dir.filePath(QStringLiteral("core/util/Json.h")), "#pragma once\n");
        House h;
        h.parts = {{QStringLiteral("Model"), {QStringLiteral("core/model/")}},
                   {QStringLiteral("Store"), {QStringLiteral("core/store/")}},
                   {QStringLiteral("Util"), {QStringLiteral("core/util/")}}};
        h.nevers = {{QStringLiteral("Model"), QStringLiteral("Store"), QStringLiteral("values know no SQL")},
                    {QStringLiteral("Util"), QStringLiteral("Model"), QStringLiteral("utilities know no domain")}};
        const auto found = breaches(h, dir.path());
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.begin()->first, QStringLiteral("core/model/Item.h -> core/store/Db.h"));
        QCOMPARE(found.begin()->second, QStringLiteral("never Model -> Store: values know no SQL"));
    }
};

QTEST_GUILESS_MAIN(LayersTest)
#include "layers_test.moc"
