#include "inbox/PreflightVerdict.h"

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

Json PreflightVerdict::toJson() const
{
    Json j{{"verdict", toStd(toString(kind))}, {"message", toStd(message)}, {"of", of ? Json(*of) : Json(nullptr)}};
    // Two decimals: a measure shown to people, not a value to compare bit for bit.
    j["similar_to"] =
        similarTo ? Json{{"id", *similarTo}, {"similarity", std::round(similarity * 100) / 100}} : Json(nullptr);
    j["unsafe"] = unsafe.isEmpty() ? Json(nullptr) : Json(toStd(unsafe));
    return j;
}

} // namespace sediment
