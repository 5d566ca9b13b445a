#include "inbox/WaitingAge.h"

#include "util/Time.h"

#include <QCoreApplication>

#include <algorithm>

namespace sediment {

std::optional<WaitingAge> WaitingAge::since(const QString& createdAt, const QDateTime& now)
{
    auto at = time::parseIso(createdAt);
    if (!at)
        return std::nullopt;
    return WaitingAge{std::max<qint64>(0, at->secsTo(now))};
}

QString WaitingAge::text() const
{
    // Singular and plural spelled out: without a translation loaded, Qt's "%n day(s)" would
    // print the parenthesis.
    const auto count = [](qint64 n, const char* one, const char* many) {
        return n == 1 ? QCoreApplication::translate("WaitingAge", one)
                      : QCoreApplication::translate("WaitingAge", many).arg(n);
    };
    if (seconds >= 86400)
        return count(days(), "1 day", "%1 days");
    if (seconds >= 3600)
        return count(seconds / 3600, "1 hour", "%1 hours");
    if (seconds >= 60)
        return count(seconds / 60, "1 minute", "%1 minutes");
    return QCoreApplication::translate("WaitingAge", "less than a minute");
}

} // namespace sediment
