#include "hermes/SkillFrontmatter.h"

#include "hermes/PyYamlCheck.h"
#include "util/PyText.h"

#include <QLocale>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

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

// Python's str() of the value yaml.safe_load gives for `description`, as far as its length goes.
qsizetype descriptionLength(const YAML::Node& node)
{
    if (node.IsNull())
        return 4; // "None"
    if (node.IsScalar())
        return codePoints(QString::fromStdString(node.Scalar()));
    YAML::Emitter out;
    out << YAML::Flow << node;
    return codePoints(QString::fromUtf8(out.c_str()));
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
    const QString parseError = QStringLiteral("YAML frontmatter parse error: ");
    // PyYAML decides whether the text parses and words the error; yaml-cpp only builds the values.
    if (const auto error = PyYamlCheck::firstError(yamlText))
        return parseError + *error;
    YAML::Node parsed;
    try {
        parsed = YAML::Load(yamlText.toStdString());
    } catch (const YAML::Exception& e) {
        // PyYAML would load it, yaml-cpp cannot: refuse rather than guess at name and description.
        return parseError + QString::fromStdString(e.what());
    }
    if (!parsed.IsMap())
        return QStringLiteral("Frontmatter must be a YAML mapping (key: value pairs).");
    std::optional<YAML::Node> name, description;
    for (const auto& kv : parsed) {
        if (!kv.first.IsScalar())
            continue;
        if (kv.first.Scalar() == "name")
            name = kv.second;
        else if (kv.first.Scalar() == "description")
            description = kv.second;
    }
    if (!name)
        return QStringLiteral("Frontmatter must include 'name' field.");
    if (!description)
        return QStringLiteral("Frontmatter must include 'description' field.");
    if (descriptionLength(*description) > kMaxDescriptionChars)
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
