#include "workspace/HermesConfig.h"

#include <QFile>
#include <QStringList>

#include <yaml-cpp/yaml.h>

namespace sediment {

namespace {

void note(QString& problem, const QString& more)
{
    problem = problem.isEmpty() ? more : problem + QStringLiteral(", ") + more;
}

std::optional<int> limitAt(const YAML::Node& memory, const char* key, QString& problem)
{
    const YAML::Node node = memory[key];
    if (!node)
        return std::nullopt;
    try {
        const long long v = node.as<long long>();
        if (v < 0 || v > 100000000) {
            note(problem, QStringLiteral("memory.%1 is out of range").arg(QLatin1String(key)));
            return std::nullopt;
        }
        return int(v);
    } catch (const YAML::Exception&) {
        note(problem, QStringLiteral("memory.%1 is not an integer").arg(QLatin1String(key)));
        return std::nullopt;
    }
}

// Hermes' is_truthy_value(value, default=True) over what PyYAML would have produced: a YAML
// 1.1 boolean is itself, a number is on unless zero, a string is on only for 1/true/yes/on, a
// list or mapping is on unless empty.
bool enabledFlag(const YAML::Node& node)
{
    if (!node || node.IsNull())
        return true;
    if (!node.IsScalar())
        return node.size() > 0;
    const QString text = QString::fromStdString(node.Scalar());
    const bool quoted = node.Tag() == "!";
    if (!quoted) {
        static const QStringList yes{QStringLiteral("yes"), QStringLiteral("Yes"), QStringLiteral("YES"),
                                     QStringLiteral("true"), QStringLiteral("True"), QStringLiteral("TRUE"),
                                     QStringLiteral("on"), QStringLiteral("On"), QStringLiteral("ON")};
        static const QStringList no{QStringLiteral("no"), QStringLiteral("No"), QStringLiteral("NO"),
                                    QStringLiteral("false"), QStringLiteral("False"), QStringLiteral("FALSE"),
                                    QStringLiteral("off"), QStringLiteral("Off"), QStringLiteral("OFF")};
        if (yes.contains(text))
            return true;
        if (no.contains(text))
            return false;
        bool isNumber = false;
        const double number = text.toDouble(&isNumber);
        if (isNumber)
            return number != 0.0;
    }
    static const QStringList truthy{QStringLiteral("1"), QStringLiteral("true"), QStringLiteral("yes"),
                                    QStringLiteral("on")};
    return truthy.contains(text.trimmed().toLower());
}

} // namespace

HermesConfig HermesConfig::load(const QString& path)
{
    HermesConfig c;
    QFile f(path);
    if (!f.exists())
        return c;
    if (!f.open(QIODevice::ReadOnly)) {
        c.problem = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return c;
    }
    const QByteArray bytes = f.readAll();
    try {
        const YAML::Node root = YAML::Load(bytes.toStdString());
        if (!root || root.IsNull())
            return c;
        if (!root.IsMap()) {
            c.problem = QStringLiteral("%1 is not a YAML mapping; using the default limits")
                            .arg(path);
            return c;
        }
        const YAML::Node memory = root["memory"];
        if (!memory || memory.IsNull()) // `memory:` with nothing under it, as Hermes reads it
            return c;
        if (!memory.IsMap()) {
            c.problem = QStringLiteral("%1: memory is not a mapping; using the default limits")
                            .arg(path);
            return c;
        }
        c.memoryEnabled = enabledFlag(memory["memory_enabled"]);
        c.userProfileEnabled = enabledFlag(memory["user_profile_enabled"]);
        c.memoryCharLimit = limitAt(memory, "memory_char_limit", c.problem);
        c.userCharLimit = limitAt(memory, "user_char_limit", c.problem);
        if (const YAML::Node wa = memory["write_approval"]) {
            try {
                c.writeApproval = wa.as<bool>();
            } catch (const YAML::Exception&) {
                note(c.problem, QStringLiteral("memory.write_approval is not a boolean"));
            }
        }
        if (!c.problem.isEmpty())
            c.problem = QStringLiteral("%1: %2; the default is used instead").arg(path, c.problem);
    } catch (const YAML::Exception& e) {
        // A partly read file must not leave half its values in force.
        c.memoryCharLimit.reset();
        c.userCharLimit.reset();
        c.writeApproval.reset();
        c.memoryEnabled = c.userProfileEnabled = true;
        c.problem = QStringLiteral("%1 is malformed YAML (%2); using the default limits")
                        .arg(path, QString::fromStdString(e.what()));
    }
    return c;
}

} // namespace sediment
