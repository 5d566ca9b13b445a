#include "workspace/HermesConfig.h"

#include <QFile>
#include <QStringList>

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <string>

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
        static const QStringList yes{QStringLiteral("yes"),  QStringLiteral("Yes"),  QStringLiteral("YES"),
                                     QStringLiteral("true"), QStringLiteral("True"), QStringLiteral("TRUE"),
                                     QStringLiteral("on"),   QStringLiteral("On"),   QStringLiteral("ON")};
        static const QStringList no{QStringLiteral("no"),    QStringLiteral("No"),    QStringLiteral("NO"),
                                    QStringLiteral("false"), QStringLiteral("False"), QStringLiteral("FALSE"),
                                    QStringLiteral("off"),   QStringLiteral("Off"),   QStringLiteral("OFF")};
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

// The curator reads its keys with Python's int() and bool() on what PyYAML made of the text,
// so "20" (quoted), 20.9 and `true` are numbers to it while `null`, "abc" and a list are not.
// The YAML 1.1 spellings PyYAML gives a plain scalar:
bool isYamlNull(const std::string& t) { return t.empty() || t == "~" || t == "null" || t == "Null" || t == "NULL"; }

std::optional<bool> yamlBool(const std::string& t)
{
    static const std::set<std::string> yes{"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"};
    static const std::set<std::string> no{"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"};
    if (yes.contains(t))
        return true;
    if (no.contains(t))
        return false;
    return std::nullopt;
}

// Python's int() of a str: surrounding blanks, a sign, decimal digits with single underscores
// between them.
std::optional<long long> pythonIntOfText(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([+-]?\\d+(?:_\\d+)*)\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const long long v = m.captured(1).remove(QLatin1Char('_')).toLongLong(&ok);
    return ok ? std::optional<long long>(v) : std::nullopt;
}

// PyYAML's int and float forms of a plain scalar (YAML 1.1, without the sexagesimal ones).
std::optional<long long> yamlInt(const std::string& raw)
{
    static const QRegularExpression re(QStringLiteral("^([+-]?)(0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]+|0|[1-9][0-9_]*)$"));
    const auto m = re.match(QString::fromStdString(raw));
    if (!m.hasMatch())
        return std::nullopt;
    QString digits = m.captured(2).remove(QLatin1Char('_'));
    int base = 10;
    if (digits.startsWith(QLatin1String("0b")) || digits.startsWith(QLatin1String("0x"))) {
        base = digits.at(1) == QLatin1Char('b') ? 2 : 16;
        digits = digits.mid(2);
    } else if (digits.size() > 1) {
        base = digits.startsWith(QLatin1Char('0')) ? 8 : 10;
    }
    bool ok = false;
    const long long v = digits.toLongLong(&ok, base);
    if (!ok)
        return std::nullopt;
    return m.captured(1) == QLatin1String("-") ? -v : v;
}

std::optional<double> yamlFloat(const std::string& raw)
{
    static const QRegularExpression re(
        QStringLiteral("^[+-]?(?:[0-9][0-9_]*\\.[0-9_]*|\\.[0-9_]+)(?:[eE][+-][0-9]+)?$"));
    QString t = QString::fromStdString(raw);
    if (!re.match(t).hasMatch())
        return std::nullopt;
    bool ok = false;
    const double v = t.remove(QLatin1Char('_')).toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

// int(value): booleans are 1/0, floats are truncated toward zero, a str goes through int(str);
// null, a list or a mapping is not a number.
std::optional<long long> pythonInt(const YAML::Node& node)
{
    if (!node.IsScalar())
        return std::nullopt;
    const std::string& t = node.Scalar();
    if (node.Tag() == "!") // quoted: a str
        return pythonIntOfText(QString::fromStdString(t));
    if (isYamlNull(t))
        return std::nullopt;
    if (const auto b = yamlBool(t))
        return *b ? 1 : 0;
    if (const auto i = yamlInt(t))
        return i;
    if (const auto f = yamlFloat(t)) {
        if (!std::isfinite(*f) || std::fabs(*f) > 9e18)
            return std::nullopt;
        return static_cast<long long>(*f);
    }
    return pythonIntOfText(QString::fromStdString(t));
}

// bool(value).
bool pythonTruth(const YAML::Node& node)
{
    if (node.IsNull())
        return false;
    if (node.IsSequence() || node.IsMap())
        return node.size() > 0;
    const std::string& t = node.Scalar();
    if (node.Tag() == "!")
        return !t.empty();
    if (isYamlNull(t))
        return false;
    if (const auto b = yamlBool(t))
        return *b;
    if (const auto i = yamlInt(t))
        return *i != 0;
    if (const auto f = yamlFloat(t))
        return *f != 0.0;
    return true;
}

// Days beyond this make Python's timedelta overflow; such a value keeps the fallback.
constexpr long long kMaxCuratorDays = 999999;

void readCurator(const YAML::Node& root, HermesConfig& c)
{
    const YAML::Node curator = root["curator"];
    if (!curator || curator.IsNull())
        return;
    // Hermes' curator reads a curator section that is not a mapping as an empty one, without
    // the shipped defaults under it.
    const YAML::Node section = curator.IsMap() ? curator : YAML::Node(YAML::NodeType::Map);
    if (!curator.IsMap()) {
        c.curatorStaleAfterDays = 30;
        c.curatorArchiveAfterDays = 90;
    }
    auto days = [&](const char* key, int& out, int fallback) {
        const YAML::Node v = section[key];
        if (!v)
            return;
        const auto n = pythonInt(v);
        out = n && std::llabs(*n) <= kMaxCuratorDays ? int(*n) : fallback;
    };
    days("stale_after_days", c.curatorStaleAfterDays, 30);
    days("archive_after_days", c.curatorArchiveAfterDays, 90);
    if (const YAML::Node prune = section["prune_builtins"])
        c.curatorPruneBuiltins = pythonTruth(prune);
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
            c.problem = QStringLiteral("%1 is not a YAML mapping; using the default limits").arg(path);
            return c;
        }
        readCurator(root, c);
        const YAML::Node memory = root["memory"];
        if (!memory || memory.IsNull()) // `memory:` with nothing under it, as Hermes reads it
            return c;
        if (!memory.IsMap()) {
            c.problem = QStringLiteral("%1: memory is not a mapping; using the default limits").arg(path);
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
        // Hermes' curator cannot load such a file either and uses its own fallbacks.
        c.curatorStaleAfterDays = 30;
        c.curatorArchiveAfterDays = 90;
        c.curatorPruneBuiltins = true;
        c.problem = QStringLiteral("%1 is malformed YAML (%2); using the default limits")
                        .arg(path, QString::fromStdString(e.what()));
    }
    return c;
}

} // namespace sediment
