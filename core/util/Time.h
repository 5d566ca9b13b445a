#pragma once

#include "util/Error.h"

#include <QDateTime>

namespace sediment::time {

// ISO-8601 UTC with milliseconds, the one format Sediment stores ("2026-11-22T05:39:45.123Z").
QString toIso(const QDateTime& t);

// Accepts ISO-8601 with or without offset (without means UTC), with or without fractional
// seconds (microseconds are kept to the millisecond), and a 'Z' suffix.
Result<QDateTime> parseIso(const QString& text);

} // namespace sediment::time
