#include "inbox/SecretScanner.h"

#include <QRegularExpression>

#include <array>

namespace sediment {

namespace {

struct Shape {
    const char* kind;
    const char* pattern;
};

// Longer, more specific prefixes first (sk-ant- before sk-).
constexpr std::array<Shape, 13> kShapes{{
    {"private key", R"(-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----)"},
    {"Anthropic API key", R"(\bsk-ant-[A-Za-z0-9_-]{20,})"},
    {"OpenAI API key", R"(\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,})"},
    {"GitHub token", R"(\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}|\bgithub_pat_[A-Za-z0-9_]{22,})"},
    {"GitLab token", R"(\bglpat-[A-Za-z0-9_-]{20,})"},
    {"AWS access key", R"(\b(?:AKIA|ASIA)[0-9A-Z]{16}\b)"},
    {"Google API key", R"(\bAIza[0-9A-Za-z_-]{35})"},
    {"Slack token", R"(\bxox[abposr]-[A-Za-z0-9-]{10,})"},
    {"Stripe key", R"(\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,})"},
    {"Hugging Face token", R"(\bhf_[A-Za-z0-9]{30,})"},
    {"JSON web token", R"(\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})"},
    {"credentials in a URL", R"(\b[a-z][a-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@)"},
    {"token in a URL", R"([?&](?:access_token|token|api_key|apikey|key|secret|password|auth)=[^&\s#]{12,})"},
}};

QString masked(const QString& match)
{
    if (match.size() <= 12)
        return QString(match.size(), QLatin1Char('*'));
    return match.left(6) + QStringLiteral("…") + match.right(2);
}

} // namespace

std::optional<SecretScanner::Finding> SecretScanner::scan(const QString& text)
{
    static const auto compiled = [] {
        std::array<QRegularExpression, kShapes.size()> out;
        for (size_t i = 0; i < kShapes.size(); ++i)
            out[i] = QRegularExpression(QString::fromLatin1(kShapes[i].pattern));
        return out;
    }();
    for (size_t i = 0; i < kShapes.size(); ++i) {
        const QRegularExpressionMatch m = compiled[i].match(text);
        if (m.hasMatch())
            return Finding{QString::fromLatin1(kShapes[i].kind), masked(m.captured(0))};
    }
    return std::nullopt;
}

} // namespace sediment
