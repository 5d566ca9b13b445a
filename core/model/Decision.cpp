#include "model/Decision.h"

#include "util/Time.h"

#include <cmath>
#include <tuple>

namespace sediment {

namespace {

Result<std::optional<QString>> optString(const Json& record, const char* key)
{
    const auto it = record.find(key);
    if (it == record.end() || it->is_null())
        return std::optional<QString>{};
    if (!it->is_string())
        return fail(Error::invalid(QStringLiteral("%1 must be a string").arg(QLatin1String(key))));
    return std::optional<QString>(fromStd(it->get<std::string>()));
}

Result<QString> oneOf(const Json& record, const char* key, const QStringList& allowed, std::optional<QString> fallback)
{
    auto v = optString(record, key);
    if (!v)
        return fail(v.error());
    if (!*v) {
        if (fallback)
            return *fallback;
        return fail(Error::invalid(QStringLiteral("%1 is required").arg(QLatin1String(key))));
    }
    if (!allowed.contains(**v))
        return fail(Error::invalid(QStringLiteral("unknown %1 '%2' (use %3)")
                                       .arg(QLatin1String(key), **v, allowed.join(QStringLiteral(", ")))));
    return **v;
}

Result<std::optional<QString>> optTime(const Json& record, const char* key)
{
    auto v = optString(record, key);
    if (!v)
        return fail(v.error());
    if (!*v)
        return std::optional<QString>{};
    auto t = time::parseIso(**v);
    if (!t)
        return fail(Error::invalid(QStringLiteral("%1: %2").arg(QLatin1String(key), t.error().message)));
    return std::optional<QString>(time::toIso(*t));
}

} // namespace

const QStringList& Decision::categories() { return wordTexts<DecisionCategory>(); }

const QStringList& Decision::stakesLevels() { return wordTexts<DecisionStakes>(); }

const QStringList& Decision::outcomes() { return wordTexts<DecisionOutcome>(); }

Json Decision::toJson() const
{
    return Json{{"id", id},
                {"ext_id", orNull(extId)},
                {"description", toStd(description)},
                {"context", toStd(context)},
                {"pattern", toStd(pattern)},
                {"confidence", confidence},
                {"category", toStd(category)},
                {"stakes", toStd(stakes)},
                {"outcome", toStd(outcome)},
                {"outcome_text", orNull(outcomeText)},
                {"reviewer", orNull(reviewer)},
                {"reviewed_at", orNull(reviewedAt)},
                {"superseded_by", orNull(supersededBy)},
                {"created_at", toStd(createdAt)},
                {"session", orNull(session)}};
}

Result<Decision> Decision::fromJson(const Json& r, const QString& defaultTime)
{
    if (!r.is_object())
        return fail(Error::invalid(QStringLiteral("a decision must be a JSON object")));
    Decision d;
    if (const auto it = r.find("id"); it != r.end() && !it->is_null()) {
        if (it->is_string())
            d.extId = fromStd(it->get<std::string>());
        else if (it->is_number_integer())
            d.extId = QString::number(it->get<qint64>());
        else
            return fail(Error::invalid(QStringLiteral("id must be a string or an integer")));
    }
    auto description = optString(r, "description");
    if (!description)
        return fail(description.error());
    if (!*description || (*description)->trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("description is required")));
    d.description = **description;
    for (auto [key, field] : {std::pair{"context", &d.context}, std::pair{"pattern", &d.pattern}}) {
        auto v = optString(r, key);
        if (!v)
            return fail(v.error());
        *field = v->value_or(QString());
    }
    const auto conf = r.find("confidence");
    if (conf == r.end() || !conf->is_number() || !std::isfinite(conf->get<double>()) || conf->get<double>() < 0
        || conf->get<double>() > 1)
        return fail(Error::invalid(
            QStringLiteral("confidence must be a number in [0,1]%1")
                .arg(conf == r.end() ? QString() : QStringLiteral(" (got %1)").arg(fromStd(conf->dump())))));
    d.confidence = conf->get<double>();
    const std::tuple<const char*, const QStringList&, std::optional<QString>, QString*> words[] = {
        {"category", categories(), std::nullopt, &d.category},
        {"stakes", stakesLevels(), toString(DecisionStakes::Medium), &d.stakes},
        {"outcome", outcomes(), toString(DecisionOutcome::Pending), &d.outcome},
    };
    for (const auto& [key, allowed, fallback, field] : words) {
        auto word = oneOf(r, key, allowed, fallback);
        if (!word)
            return fail(word.error());
        *field = *word;
    }
    // The outcome text may also be called "result"; both spellings are accepted.
    auto text = optString(r, "outcome_text");
    if (!text)
        return fail(text.error());
    if (!*text) {
        text = optString(r, "result");
        if (!text)
            return fail(text.error());
    }
    d.outcomeText = *text;
    for (auto [key, field] : {std::pair{"reviewer", &d.reviewer}, std::pair{"session", &d.session}}) {
        auto v = optString(r, key);
        if (!v)
            return fail(v.error());
        *field = *v;
    }
    auto created = optTime(r, "created_at");
    if (!created)
        return fail(created.error());
    d.createdAt = created->value_or(defaultTime);
    auto reviewed = optTime(r, "reviewed_at");
    if (!reviewed)
        return fail(reviewed.error());
    d.reviewedAt = *reviewed;
    if (d.isReviewed() && !d.reviewedAt)
        d.reviewedAt = defaultTime;
    if (!d.isReviewed() && d.reviewedAt)
        return fail(Error::invalid(QStringLiteral("reviewed_at is set but the outcome is pending")));
    if (const auto it = r.find("superseded_by"); it != r.end() && !it->is_null()) {
        if (!it->is_number_integer())
            return fail(Error::invalid(QStringLiteral("superseded_by must be a decision id")));
        d.supersededBy = it->get<qint64>();
    }
    return d;
}

} // namespace sediment
