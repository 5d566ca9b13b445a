#include "claudecode/ClaudeMemoryTopic.h"

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace sediment {

namespace {

// A scalar field of `map`, else of its `metadata:` mapping; empty when neither holds one.
QString field(const YAML::Node& map, const char* key)
{
    // A missing key is an invalid node, which throws when asked anything but its truth.
    if (const YAML::Node top = map[key]; top && top.IsScalar())
        return QString::fromStdString(top.Scalar()).trimmed();
    if (const YAML::Node meta = map["metadata"]; meta && meta.IsMap())
        if (const YAML::Node inner = meta[key]; inner && inner.IsScalar())
            return QString::fromStdString(inner.Scalar()).trimmed();
    return {};
}

} // namespace

Result<ClaudeMemoryTopic> ClaudeMemoryTopic::parse(const QString& text)
{
    // "---" on the first line, the mapping, "---" on a line of its own.
    static const QRegularExpression frontMatter(
        QStringLiteral("\\A\\x{FEFF}?---[ \\t]*\\r?\\n(.*?)^---[ \\t]*(?:\\r?\\n|\\z)"),
        QRegularExpression::DotMatchesEverythingOption | QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = frontMatter.match(text);
    if (!m.hasMatch())
        return fail(Error::invalid(QStringLiteral("no front matter (a '---' block with name, description and type)")));
    YAML::Node root;
    try {
        root = YAML::Load(m.captured(1).toStdString());
    } catch (const YAML::Exception& e) {
        return fail(Error::invalid(QStringLiteral("front matter is not YAML: %1").arg(QString::fromStdString(e.msg))));
    }
    if (!root.IsMap())
        return fail(Error::invalid(QStringLiteral("front matter is not a mapping of fields")));
    ClaudeMemoryTopic t;
    // yaml-cpp reports a wrong access by exception too; nothing of it may leave this function.
    try {
        t.m_name = field(root, "name");
        t.m_description = field(root, "description");
        t.m_typeWord = field(root, "type");
    } catch (const YAML::Exception& e) {
        return fail(
            Error::invalid(QStringLiteral("front matter cannot be read: %1").arg(QString::fromStdString(e.msg))));
    }
    if (auto type = parseWord<ClaudeMemoryType>(t.m_typeWord))
        t.m_type = *type;
    t.m_body = text.mid(m.capturedEnd(0));
    return t;
}

} // namespace sediment
