#include "workspace/HermesConfig.h"

#include "util/PyText.h"

#include <QFile>
#include <QStringList>

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>

namespace sediment {

namespace {

void note(QString& problem, const QString& more)
{
    problem = problem.isEmpty() ? more : problem + QStringLiteral(", ") + more;
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
        return pytext::intOf(QString::fromStdString(t));
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
    return pytext::intOf(QString::fromStdString(t));
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

// tools/write_approval.py's gate: a YAML boolean is itself, a str is on when stripped and
// lower-cased it is one of Hermes' truthy words, anything else (a number, null) is off.
std::optional<bool> writeApprovalAt(const YAML::Node& section, const char* key, const char* label, QString& problem)
{
    const YAML::Node node = section.IsMap() ? section[key] : YAML::Node();
    if (!node)
        return std::nullopt;
    bool isString = false;
    if (node.IsScalar()) {
        const std::string& t = node.Scalar();
        if (node.Tag() != "!") {
            if (const auto b = yamlBool(t))
                return *b;
            isString = !isYamlNull(t) && !yamlInt(t) && !yamlFloat(t);
        } else {
            isString = true;
        }
        if (isString) {
            static const QStringList truthy{QStringLiteral("on"), QStringLiteral("true"),    QStringLiteral("yes"),
                                            QStringLiteral("1"),  QStringLiteral("approve"), QStringLiteral("enabled")};
            if (truthy.contains(QString::fromStdString(t).trimmed().toLower()))
                return true;
        }
    }
    note(problem,
         QStringLiteral("%1.write_approval is not a boolean (Hermes reads it as off)").arg(QLatin1String(label)));
    return false;
}

// tools/memory_tool.py's load_on_disk_store builds the store from int() of both limits in one
// expression: when either is not a number int() reads, the store gets every default, both
// limits and both enable flags. A limit int() does read is kept as is, even a negative one.
void readMemory(const YAML::Node& memory, HermesConfig& c)
{
    c.memoryEnabled = enabledFlag(memory["memory_enabled"]);
    c.userProfileEnabled = enabledFlag(memory["user_profile_enabled"]);
    QStringList broken;
    auto limitAt = [&](const char* key, std::optional<int>& out) {
        const YAML::Node node = memory[key];
        if (!node)
            return;
        const auto n = pythonInt(node);
        if (!n) {
            broken << QStringLiteral("memory.%1").arg(QLatin1String(key));
            return;
        }
        out = int(std::clamp<long long>(*n, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    };
    limitAt("memory_char_limit", c.memoryCharLimit);
    limitAt("user_char_limit", c.userCharLimit);
    if (broken.isEmpty())
        return;
    c.memoryCharLimit.reset();
    c.userCharLimit.reset();
    c.memoryEnabled = c.userProfileEnabled = true;
    note(c.problem, QStringLiteral("%1 is not an integer (Hermes then uses the default limits 2200 and 1375 "
                                   "and enables both stores)")
                        .arg(broken.join(QStringLiteral(" and "))));
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
        // hermes_cli/config.py merges the file into its defaults; a file that is not a mapping
        // makes that merge fail, and Hermes keeps its whole default configuration.
        if (!root.IsMap()) {
            c.problem = QStringLiteral("%1 is not a YAML mapping; Hermes' defaults apply to every key").arg(path);
            return c;
        }
        readCurator(root, c);
        if (const YAML::Node skills = root["skills"])
            c.skillsWriteApproval = writeApprovalAt(skills, "write_approval", "skills", c.problem);
        const YAML::Node memory = root["memory"];
        if (memory && memory.IsMap()) {
            readMemory(memory, c);
            c.writeApproval = writeApprovalAt(memory, "write_approval", "memory", c.problem);
        } else if (memory && !memory.IsNull()) { // `memory:` with nothing under it is no problem
            note(c.problem, QStringLiteral("memory is not a mapping (Hermes then uses the default limits)"));
        }
        if (!c.problem.isEmpty())
            c.problem = QStringLiteral("%1: %2").arg(path, c.problem);
    } catch (const YAML::Exception& e) {
        // Hermes' load_config catches the parse error and keeps its whole default configuration,
        // so no value of a partly read file stays in force: every key is Hermes' default.
        c = HermesConfig();
        c.problem = QStringLiteral("%1 is malformed YAML (%2); Hermes ignores the whole file, so its defaults "
                                   "apply to every key")
                        .arg(path, QString::fromStdString(e.what()));
    }
    return c;
}

} // namespace sediment
