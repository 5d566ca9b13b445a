#pragma once

#include <QString>

namespace sediment::json {

// What a JSON library error says, for a person: nlohmann prefixes each message with its own
// identifier ("[json.exception.parse_error.101] "), which names the library, not the mistake.
inline QString plainError(const char* what)
{
    QString message = QString::fromUtf8(what);
    if (message.startsWith(QLatin1String("[json.exception."))) {
        const qsizetype end = message.indexOf(QLatin1String("] "));
        if (end > 0)
            message.remove(0, end + 2);
    }
    return message;
}

} // namespace sediment::json
