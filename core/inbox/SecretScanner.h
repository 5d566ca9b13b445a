#pragma once

#include <QString>

#include <optional>

namespace sediment {

// Secrets by their well-known shapes (docs/user-guide.md#preflight), in any text an agent wants written: a private
// key block, a provider's API key by its prefix (Anthropic, OpenAI, GitHub, GitLab, AWS, Google,
// Slack, Stripe, Hugging Face), credentials or a token in a URL. A shape, not a proof: what it
// finds is flagged for a reviewer's look, never refused on its own.
class SecretScanner final {
public:
    struct Finding {
        QString kind;    // "private key", "GitHub token", "credentials in a URL", ...
        QString excerpt; // the match with its middle masked: the flag must not repeat the secret
    };
    static std::optional<Finding> scan(const QString& text);
};

} // namespace sediment
