#include "hermes/SkillFrontmatter.h"

#include "util/PyText.h"
#include "util/pyyaml/Document.h"

#include <QLocale>
#include <QRegularExpression>

namespace sediment {

namespace {

qsizetype codePoints(const QString& s) { return s.toUcs4().size(); }

// Python's f"{n:,}".
QString grouped(qsizetype n)
{
    QString digits = QString::number(n);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

} // namespace

std::optional<QString> SkillFrontmatter::validate(const QString& input)
{
    // Python's strip() and `\s`: its white space includes U+001C..U+001F, which Qt's does not.
    if (pytext::strip(pytext::toU(input)).empty())
        return QStringLiteral("Content cannot be empty.");
    QString content = input;
    while (content.startsWith(QChar(0xFEFF)))
        content.remove(0, 1);
    if (!content.startsWith(QLatin1String("---")))
        return QStringLiteral("SKILL.md must start with YAML frontmatter (---). See existing skills "
                              "for format.");
    static const QRegularExpression closing(
        QStringLiteral("\\n---[\\t\\n\\x0b\\x0c\\r\\x1c-\\x20\\x85\\xa0\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}"
                       "\\x{202f}\\x{205f}\\x{3000}]*\\n"));
    const auto m = closing.match(content, 3);
    if (!m.hasMatch())
        return QStringLiteral("SKILL.md frontmatter is not closed. Ensure you have a closing '---' "
                              "line.");
    const QString yamlText = content.mid(3, m.capturedStart() - 3);
    // PyYAML's own reading: whether the text parses, the error's words, and the values.
    const auto loaded = pyyaml::Document::load(yamlText);
    if (!loaded)
        return QStringLiteral("YAML frontmatter parse error: ") + loaded.error().message;
    const pyyaml::Value parsed = loaded->root();
    if (parsed.kind() != pyyaml::Value::Kind::Dict)
        return QStringLiteral("Frontmatter must be a YAML mapping (key: value pairs).");
    if (!parsed[u"name"].exists())
        return QStringLiteral("Frontmatter must include 'name' field.");
    const pyyaml::Value description = parsed[u"description"];
    if (!description.exists())
        return QStringLiteral("Frontmatter must include 'description' field.");
    if (codePoints(description.str()) > kMaxDescriptionChars) // len(str(description))
        return QStringLiteral("Description exceeds %1 characters.").arg(kMaxDescriptionChars);
    if (pytext::strip(pytext::toU(content.mid(m.capturedEnd()))).empty())
        return QStringLiteral("SKILL.md must have content after the frontmatter (instructions, "
                              "procedures, etc.).");
    return std::nullopt;
}

std::optional<QString> SkillFrontmatter::checkSize(const QString& content, const QString& label)
{
    const qsizetype n = codePoints(content);
    if (n <= kMaxContentChars)
        return std::nullopt;
    return QStringLiteral("%1 content is %2 characters (limit: %3). Consider splitting into a "
                          "smaller SKILL.md with supporting files in references/ or templates/.")
        .arg(label, grouped(n), grouped(kMaxContentChars));
}

} // namespace sediment
