#include "shared/LocalTime.h"

#include "util/Time.h"

namespace sediment::ui {

QString localTime(const QDateTime& at, const QString& format) { return at.toLocalTime().toString(format); }

QString localTime(const std::optional<QDateTime>& at, const QString& format)
{
    return at ? localTime(*at, format) : QString();
}

QString localTime(const QString& iso, const QString& format)
{
    const auto at = time::parseIso(iso);
    return at ? localTime(*at, format) : iso;
}

} // namespace sediment::ui
