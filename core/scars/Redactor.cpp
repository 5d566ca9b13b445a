#include "scars/Redactor.h"

#include <QRegularExpression>

namespace sediment {

namespace {

constexpr auto kUnicode = QRegularExpression::UseUnicodePropertiesOption;

// Replaces every match of `re` accepted by `accept` and counts the replacements.
template <typename Accept>
int replaceAll(QString& text, const QRegularExpression& re, const QString& with, Accept accept)
{
    int n = 0;
    QString out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        if (!accept(m.captured(0)))
            continue;
        out += QStringView(text).mid(last, m.capturedStart(0) - last);
        out += with;
        last = m.capturedEnd(0);
        ++n;
    }
    if (n > 0) {
        out += QStringView(text).mid(last);
        text = out;
    }
    return n;
}

bool always(const QString&) { return true; }

int digitCount(const QString& s)
{
    int n = 0;
    for (QChar c : s)
        n += c.isDigit() ? 1 : 0;
    return n;
}

// A long run of token characters that mixes letters and digits reads as a secret, not a word.
bool looksLikeSecret(const QString& s)
{
    bool letter = false;
    bool digit = false;
    for (QChar c : s) {
        letter = letter || c.isLetter();
        digit = digit || c.isDigit();
    }
    return letter && digit;
}

} // namespace

Redactor::Result Redactor::redact(const QString& input)
{
    static const QRegularExpression email(QStringLiteral(R"([\w.+%-]+@[\w-]+(?:\.[\w-]+)+)"), kUnicode);
    // Assignments of a secret: the name stays so the text still reads, the value goes.
    static const QRegularExpression assignment(
        QStringLiteral(R"((?i)\b(?:api[_-]?key|access[_-]?key|secret|token|password|passwd|pwd)"
                       R"(\s*[:=]\s*)["']?[^\s"',;]+)"));
    static const QRegularExpression bearer(QStringLiteral(R"((?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,})"));
    static const QRegularExpression prefixed(
        QStringLiteral(R"(\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"
                       R"(|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}))"));
    static const QRegularExpression longToken(QStringLiteral(R"([A-Za-z0-9_+=-]{24,})"));
    static const QRegularExpression phone(QStringLiteral(R"((?<![\w.])\+?\(?\d[\d\s().-]{6,}\d(?![\w]))"));

    Result r;
    r.text = input;
    r.emails = replaceAll(r.text, email, QStringLiteral("[email]"), always);
    r.keys += replaceAll(r.text, prefixed, QStringLiteral("[key]"), always);
    r.keys += replaceAll(r.text, bearer, QStringLiteral("Bearer [key]"), always);
    {
        // Keep the name of the assignment, replace only its value.
        QString out;
        qsizetype last = 0;
        auto it = assignment.globalMatch(r.text);
        static const QRegularExpression sep(QStringLiteral(R"(\s*[:=]\s*["']?)"));
        while (it.hasNext()) {
            const auto m = it.next();
            const QString whole = m.captured(0);
            if (whole.endsWith(QLatin1String("[key]")))
                continue;
            const auto s = sep.match(whole);
            out += QStringView(r.text).mid(last, m.capturedStart(0) - last);
            out += whole.left(s.capturedEnd(0)) + QStringLiteral("[key]");
            last = m.capturedEnd(0);
            ++r.keys;
        }
        if (last > 0) {
            out += QStringView(r.text).mid(last);
            r.text = out;
        }
    }
    r.keys += replaceAll(r.text, longToken, QStringLiteral("[key]"), looksLikeSecret);
    // Nine digits or more: dates (8 digits) and version numbers stay readable.
    r.phones =
        replaceAll(r.text, phone, QStringLiteral("[phone]"), [](const QString& m) { return digitCount(m) >= 9; });
    return r;
}

Json Redactor::redactJson(const Json& value, Result& found)
{
    if (value.is_string()) {
        const Result r = redact(fromStd(value.get<std::string>()));
        found.emails += r.emails;
        found.phones += r.phones;
        found.keys += r.keys;
        return toStd(r.text);
    }
    if (value.is_array()) {
        Json out = Json::array();
        for (const auto& item : value)
            out.push_back(redactJson(item, found));
        return out;
    }
    if (value.is_object()) {
        Json out = Json::object();
        for (const auto& [key, item] : value.items())
            out[key] = redactJson(item, found);
        return out;
    }
    return value;
}

} // namespace sediment
