#include "demo/DemoText.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// The texts are data, in resources/demo/ beside the qrc that embeds them. The library is static,
// so its resources are registered by hand, from outside any namespace as Qt requires.
static void registerDemoResources() { Q_INIT_RESOURCE(demo); }

namespace sediment::demo {

namespace {

// A resource built into this library: missing, the build itself is broken, not the user's input.
QByteArray resource(const char* name)
{
    static const bool registered = (registerDemoResources(), true);
    Q_UNUSED(registered);
    QFile file(QLatin1String(":/demo/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the demo text :/demo/%s is not built into this program", name);
    return file.readAll();
}

// Every list of texts.json, read once.
const QHash<QString, QStringList>& lists()
{
    static const QHash<QString, QStringList> all = [] {
        QHash<QString, QStringList> read;
        const QJsonObject object = QJsonDocument::fromJson(resource("texts.json")).object();
        for (auto it = object.begin(); it != object.end(); ++it)
            for (const QJsonValue& v : it.value().toArray())
                read[it.key()].append(v.toString());
        return read;
    }();
    return all;
}

const QStringList& listNamed(const char* key)
{
    const auto it = lists().constFind(QLatin1String(key));
    if (it == lists().constEnd() || it->isEmpty())
        qFatal("the demo text list '%s' is missing from :/demo/texts.json", key);
    return *it;
}

} // namespace

const QStringList& DemoText::projects() { return listNamed("projects"); }

const QStringList& DemoText::memoryFacts() { return listNamed("memory_facts"); }

const QStringList& DemoText::userFacts() { return listNamed("user_facts"); }

const QStringList& DemoText::claudeRules() { return listNamed("claude_rules"); }

QString DemoText::claudeMd() { return QString::fromUtf8(resource("CLAUDE.md")); }

QString DemoText::settingsJson() { return QString::fromUtf8(resource("settings.json")); }

const QStringList& DemoText::noteTitles() { return listNamed("note_titles"); }

const QStringList& DemoText::chantierTitles() { return listNamed("chantier_titles"); }

const QStringList& DemoText::skillNames() { return listNamed("skill_names"); }

const QStringList& DemoText::scarTitles() { return listNamed("scar_titles"); }

const QStringList& DemoText::scarLessons() { return listNamed("scar_lessons"); }

const QStringList& DemoText::decisionTexts() { return listNamed("decision_texts"); }

} // namespace sediment::demo
