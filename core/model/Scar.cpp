#include "model/Scar.h"

namespace sediment {

Json Scar::toJson() const
{
    return Json{{"id", id},
                {"kind", toStd(kind)},
                {"title", toStd(title)},
                {"context", toStd(context)},
                {"lesson", toStd(lesson)},
                {"importance", importance},
                {"learnable", learnable},
                {"source", orNull(source)},
                {"scope", toStd(scope)},
                {"created_at", toStd(createdAt)},
                {"recall_count", recallCount},
                {"last_recalled_at", orNull(lastRecalledAt)},
                {"archived", archived},
                {"suggestion_id", orNull(suggestionId)}};
}

bool Scar::isKnownKind(const QString& k) { return findWord<ScarKind>(k).has_value(); }

Status Scar::validate() const
{
    if (!isKnownKind(kind))
        return fail(Error::invalid(QStringLiteral("unknown scar kind '%1' (use failure or victory)").arg(kind)));
    if (title.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("a scar needs a title")));
    if (importance < 0 || importance > 10)
        return fail(Error::invalid(QStringLiteral("importance must be an integer in [0,10] (got %1)").arg(importance)));
    if (scope.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("a scar's scope cannot be empty")));
    return {};
}

} // namespace sediment
