#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace sediment {

// How long the oldest pending item has been waiting, as the sidebar, the status bar and
// `hermes status` say it: whole days once it is a day old, else hours, else minutes.
struct WaitingAge {
    qint64 seconds = 0;

    // nullopt when `createdAt` is not a time Sediment stores; a future time waits 0 seconds.
    static std::optional<WaitingAge> since(const QString& createdAt, const QDateTime& now);

    qint64 days() const { return seconds / 86400; }
    // "12 days", "1 day", "5 hours", "3 minutes", "less than a minute" (translatable).
    QString text() const;
};

} // namespace sediment
