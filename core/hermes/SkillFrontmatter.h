#pragma once

#include <QString>

#include <optional>

namespace sediment {

// Hermes' checks of a SKILL.md before skill_manage writes it (`_validate_frontmatter`,
// `_validate_content_size`): a `---` YAML mapping with `name` and `description` (at most 1,024
// characters), closed by a `---` line and followed by a body; at most 100,000 characters in all.
// Each returns Hermes' message, or nothing when the text passes. Lengths are code points.
class SkillFrontmatter final {
public:
    static constexpr int kMaxContentChars = 100000;
    static constexpr int kMaxDescriptionChars = 1024;

    static std::optional<QString> validate(const QString& content);
    static std::optional<QString> checkSize(const QString& content, const QString& label = QStringLiteral("SKILL.md"));
};

} // namespace sediment
