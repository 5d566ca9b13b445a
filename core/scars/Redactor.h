#pragma once

#include "util/Json.h"

#include <QString>
#include <QStringList>

namespace sediment {

// Strips personal data before text leaves for an external model, and again on what comes back
// (defence in depth): e-mail addresses → [email], phone numbers → [phone], key-like
// tokens (API keys, bearer tokens, `password=...`, long mixed letter-and-digit strings) → [key].
class Redactor final {
public:
    struct Result {
        QString text;
        int emails = 0;
        int phones = 0;
        int keys = 0;
        int total() const { return emails + phones + keys; }
    };

    static Result redact(const QString& text);
    // Every string inside a JSON value; adds what it found to `found`.
    static Json redactJson(const Json& value, Result& found);
};

} // namespace sediment
