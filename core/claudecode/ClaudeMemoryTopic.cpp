#include "claudecode/ClaudeMemoryTopic.h"

#include "util/pyyaml/Document.h"

#include <QRegularExpression>

namespace sediment {

namespace {

using pyyaml::Value;

// A scalar field of `map`, else of its `metadata:` mapping; empty when neither holds one. A null
// (`name:`, `name: ~`) holds none.
QString field(const Value& map, QStringView key)
{
    const auto scalar = [](const Value& v) { return v.isScalar() && v.kind() != Value::Kind::None; };
    if (const Value top = map[key]; scalar(top))
        return top.text().trimmed();
    if (const Value meta = map[u"metadata"]; meta.kind() == Value::Kind::Dict)
        if (const Value inner = meta[key]; scalar(inner))
            return inner.text().trimmed();
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
    const auto loaded = pyyaml::Document::load(m.captured(1));
    if (!loaded)
        return fail(Error::invalid(QStringLiteral("front matter is not YAML: %1").arg(loaded.error().oneLine())));
    const Value root = loaded->root();
    if (root.kind() != Value::Kind::Dict)
        return fail(Error::invalid(QStringLiteral("front matter is not a mapping of fields")));
    ClaudeMemoryTopic t;
    t.m_name = field(root, u"name");
    t.m_description = field(root, u"description");
    t.m_typeWord = field(root, u"type");
    if (auto type = parseWord<ClaudeMemoryType>(t.m_typeWord))
        t.m_type = *type;
    t.m_body = text.mid(m.capturedEnd(0));
    return t;
}

} // namespace sediment
