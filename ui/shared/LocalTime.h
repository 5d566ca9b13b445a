#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace sediment::ui {

// A stored time as the reader reads it: in their own zone, spelt `format` (to the minute unless a
// view needs less or more). Every view of the app shows times this way; the store keeps UTC.
QString localTime(const QDateTime& at, const QString& format = QStringLiteral("yyyy-MM-dd HH:mm"));
// Nothing for no time.
QString localTime(const std::optional<QDateTime>& at, const QString& format = QStringLiteral("yyyy-MM-dd HH:mm"));
// A stored ISO 8601 text; the text itself when it is not one, so that nothing stored is hidden.
QString localTime(const QString& iso, const QString& format = QStringLiteral("yyyy-MM-dd HH:mm"));

} // namespace sediment::ui
