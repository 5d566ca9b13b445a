#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringView>

namespace sediment {

// The kind of a Claude Code auto-memory topic file, the `type` of its front matter
// (docs/user-guide.md#claude-code). Claude Code writes these four words; one table spells them.
enum class ClaudeMemoryType {
    User,
    Feedback,
    Project,
    Reference,
};

QString toString(ClaudeMemoryType type);
// Exact: another word is an Invalid error naming it.
Result<ClaudeMemoryType> parseClaudeMemoryType(QStringView text);

} // namespace sediment
