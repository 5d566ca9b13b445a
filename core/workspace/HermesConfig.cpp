#include "workspace/HermesConfig.h"

#include "util/PyText.h"
#include "util/pyyaml/Document.h"

#include <QFile>
#include <QStringList>

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace sediment {

namespace {

void note(QString& problem, const QString& more)
{
    problem = problem.isEmpty() ? more : problem + QStringLiteral(", ") + more;
}

using pyyaml::Value;

// Hermes' is_truthy_value(value, default=True) over the value PyYAML built: None is the default,
// a bool is itself, a str is on only for 1/true/yes/on (stripped, lower case), anything else is
// Python's bool() of it.
bool enabledFlag(const Value& v)
{
    switch (v.kind()) {
    case Value::Kind::Missing:
    case Value::Kind::None:
        return true;
    case Value::Kind::Str: {
        const QString word = pytext::fromU(pytext::strip(pytext::toU(v.text()))).toLower();
        return word == QLatin1String("1") || word == QLatin1String("true") || word == QLatin1String("yes")
               || word == QLatin1String("on");
    }
    default:
        return v.truth();
    }
}

// Days beyond this make Python's timedelta overflow; such a value keeps the fallback.
constexpr long long kMaxCuratorDays = 999999;

// The curator reads its keys with Python's int() and bool() on what PyYAML made of the text,
// so "20" (quoted), 20.9 and `true` are numbers to it while `null`, "abc" and a list are not.
void readCurator(const Value& root, HermesConfig& c)
{
    const Value curator = root[u"curator"];
    if (!curator.exists() || curator.kind() == Value::Kind::None)
        return;
    // Hermes' curator reads a curator section that is not a mapping as an empty one, without
    // the shipped defaults under it.
    const bool mapping = curator.kind() == Value::Kind::Dict;
    const Value section = mapping ? curator : Value();
    if (!mapping) {
        c.curatorStaleAfterDays = 30;
        c.curatorArchiveAfterDays = 90;
    }
    auto days = [&](QStringView key, int& out, int fallback) {
        const Value v = section[key];
        if (!v.exists())
            return;
        const auto n = v.toInt();
        out = n && std::llabs(*n) <= kMaxCuratorDays ? int(*n) : fallback;
    };
    days(u"stale_after_days", c.curatorStaleAfterDays, 30);
    days(u"archive_after_days", c.curatorArchiveAfterDays, 90);
    if (const Value prune = section[u"prune_builtins"]; prune.exists())
        c.curatorPruneBuiltins = prune.truth();
}

// tools/write_approval.py's gate: a YAML boolean is itself, a str is on when stripped and
// lower-cased it is one of Hermes' truthy words, anything else (a number, null) is off.
std::optional<bool> writeApprovalAt(const Value& section, QStringView key, const char* label, QString& problem)
{
    const Value v = section[key];
    if (!v.exists())
        return std::nullopt;
    if (v.kind() == Value::Kind::Bool)
        return v.truth();
    if (v.kind() == Value::Kind::Str) {
        static const QStringList truthy{QStringLiteral("on"), QStringLiteral("true"),    QStringLiteral("yes"),
                                        QStringLiteral("1"),  QStringLiteral("approve"), QStringLiteral("enabled")};
        if (truthy.contains(v.text().trimmed().toLower()))
            return true;
    }
    note(problem,
         QStringLiteral("%1.write_approval is not a boolean (Hermes reads it as off)").arg(QLatin1String(label)));
    return false;
}

// tools/memory_tool.py's load_on_disk_store builds the store from int() of both limits in one
// expression: when either is not a number int() reads, the store gets every default, both
// limits and both enable flags. A limit int() does read is kept as is, even a negative one.
void readMemory(const Value& memory, HermesConfig& c)
{
    c.memoryEnabled = enabledFlag(memory[u"memory_enabled"]);
    c.userProfileEnabled = enabledFlag(memory[u"user_profile_enabled"]);
    QStringList broken;
    auto limitAt = [&](QStringView key, std::optional<int>& out) {
        const Value v = memory[key];
        if (!v.exists())
            return;
        const auto n = v.toInt();
        if (!n) {
            broken << QStringLiteral("memory.%1").arg(key);
            return;
        }
        out = int(std::clamp<long long>(*n, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    };
    limitAt(u"memory_char_limit", c.memoryCharLimit);
    limitAt(u"user_char_limit", c.userCharLimit);
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
    // Hermes reads the file with yaml.safe_load, and so does pyyaml::Document: the same values.
    const auto loaded = pyyaml::Document::load(QString::fromUtf8(f.readAll()));
    if (!loaded) {
        // Hermes' load_config catches the parse error and keeps its whole default configuration,
        // so no value of a partly read file stays in force: every key is Hermes' default.
        c.problem = QStringLiteral("%1 is malformed YAML (%2); Hermes ignores the whole file, so its defaults "
                                   "apply to every key")
                        .arg(path, loaded.error().oneLine());
        return c;
    }
    const Value root = loaded->root();
    if (root.kind() == Value::Kind::None)
        return c;
    // hermes_cli/config.py merges the file into its defaults; a file that is not a mapping
    // makes that merge fail, and Hermes keeps its whole default configuration.
    if (root.kind() != Value::Kind::Dict) {
        c.problem = QStringLiteral("%1 is not a YAML mapping; Hermes' defaults apply to every key").arg(path);
        return c;
    }
    readCurator(root, c);
    if (const Value skills = root[u"skills"]; skills.exists())
        c.skillsWriteApproval = writeApprovalAt(skills, u"write_approval", "skills", c.problem);
    const Value memory = root[u"memory"];
    if (memory.kind() == Value::Kind::Dict) {
        readMemory(memory, c);
        c.writeApproval = writeApprovalAt(memory, u"write_approval", "memory", c.problem);
    } else if (memory.exists() && memory.kind() != Value::Kind::None) { // `memory:` with nothing under it is no problem
        note(c.problem, QStringLiteral("memory is not a mapping (Hermes then uses the default limits)"));
    }
    if (!c.problem.isEmpty())
        c.problem = QStringLiteral("%1: %2").arg(path, c.problem);
    return c;
}

} // namespace sediment
