#pragma once

#include "util/Error.h"

#include <QDateTime>

#include <optional>
#include <string_view>

namespace sediment::time {

// ISO-8601 UTC with milliseconds, the one format Sediment stores ("2026-11-22T05:39:45.123Z").
QString toIso(const QDateTime& t);

// Accepts ISO-8601 with or without offset (without means UTC), with or without fractional
// seconds (microseconds are kept to the millisecond), and a 'Z' suffix.
Result<QDateTime> parseIso(const QString& text);

// The same time as parseIso for the forms Hermes and Sediment write — "YYYY-MM-DDTHH:MM:SS",
// optional fraction, then nothing, "Z" or a zero offset — read without a regular expression or a
// time zone (a .usage.json of 100,000 skills holds 300,000 of them). nullopt for anything else,
// valid or not: then parseIso decides.
std::optional<QDateTime> parseIsoUtcFast(std::string_view text);

} // namespace sediment::time
