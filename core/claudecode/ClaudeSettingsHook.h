#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

// Sediment's entry in a Claude Code settings.json (docs/verbs.md#claude-code): a PreToolUse
// hook for the matcher "Write|Edit|MultiEdit" running `command`. Installing merges it in and
// keeps every other key, hook and matcher as they were; a hook of ours already there takes the
// new command in its place. Removing takes out only hooks whose command runs
// `sediment ... claude-code hook`, the program named alone or by a path. Both are idempotent.
// The file is written atomically, after copying the old one to `<file>.sediment-backup`.
class ClaudeSettingsHook final {
public:
    static constexpr const char* kMatcher = "Write|Edit|MultiEdit";

    // Whether a hook command is Sediment's.
    static bool isOurs(const QString& command);
    // `word` as one word of a shell command: as it is when it holds nothing the shell reads,
    // else in single quotes.
    static QString shellQuoted(const QString& word);
    // The settings with the hook running `command` in; `changed` tells whether it was missing or
    // ran another command.
    static Json withHook(Json settings, const QString& command, bool* changed);
    static Json withoutHook(Json settings, bool* changed);
    static bool installed(const Json& settings);

    struct Outcome {
        QString file;
        bool changed = false;
        QString backup; // empty: nothing was backed up (no file, or nothing changed)
    };
    // Invalid when the file is not a JSON object (nothing is written then); Io otherwise.
    static Result<Outcome> install(const QString& settingsFile, const QString& command);
    static Result<Outcome> uninstall(const QString& settingsFile);
    // The file's settings ({} when it does not exist).
    static Result<Json> read(const QString& settingsFile);
};

} // namespace sediment
