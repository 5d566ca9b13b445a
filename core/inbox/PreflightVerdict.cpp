#include "inbox/PreflightVerdict.h"

#include <algorithm>

#include <array>
#include <cmath>
#include <utility>

namespace sediment {

namespace {

constexpr std::array<std::pair<PreflightKind, const char*>, 5> kWords{{{PreflightKind::Applies, "applies"},
                                                                       {PreflightKind::Fails, "fails"},
                                                                       {PreflightKind::Stale, "stale"},
                                                                       {PreflightKind::Duplicate, "duplicate"},
                                                                       {PreflightKind::Present, "present"}}};

} // namespace

QString toString(PreflightKind kind)
{
    for (const auto& [k, word] : kWords)
        if (k == kind)
            return QString::fromLatin1(word);
    return {};
}

Result<PreflightKind> parsePreflightKind(QStringView text)
{
    for (const auto& [k, word] : kWords)
        if (text == QLatin1String(word))
            return k;
    return fail(Error::invalid(QStringLiteral("unknown preflight verdict '%1'").arg(text.toString())));
}

std::tuple<qsizetype, qint64, qsizetype> PreflightVerdict::groupRank(qint64 id) const
{
    if (group.empty())
        return {0, id, 0};
    const auto at = std::ranges::find(group, id);
    return {-qsizetype(group.size()), group.front(), at - group.begin()};
}

Json PreflightVerdict::toJson() const
{
    Json j{{"verdict", toStd(toString(kind))}, {"message", toStd(message)}, {"of", orNull(of)}};
    // Two decimals: a measure shown to people, not a value to compare bit for bit.
    j["similar_to"] =
        similarTo ? Json{{"id", *similarTo}, {"similarity", std::round(similarity * 100) / 100}} : Json(nullptr);
    j["unsafe"] = unsafe.isEmpty() ? Json(nullptr) : Json(toStd(unsafe));
    j["group"] = group.empty() ? Json(nullptr) : Json{{"target", toStd(groupTarget)}, {"items", group}};
    return j;
}

} // namespace sediment
