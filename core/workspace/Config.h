#pragma once

#include "model/GateKind.h"
#include "util/Error.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// sediment.json (docs/user-guide.md#configuration). Every key is optional; an unknown key or a wrong type is an error that
// names the key, so a typo never silently falls back to a default.
struct Config {
    QString gate = toString(GateKind::Human); // a GateKind word: human | score | score-then-human
    double scoreThreshold = 0.7;
    std::optional<int> memoryCharLimit;  // unset: config.yaml of a Hermes home, else 2200
    std::optional<int> userCharLimit;    // unset: config.yaml of a Hermes home, else 1375
    std::optional<int> staleAfterDays;   // unset: config.yaml of a Hermes home, else 30
    std::optional<int> archiveAfterDays; // unset: config.yaml of a Hermes home, else 90
    QString reviewer;                    // empty: the login name
    QString claudeMd = QStringLiteral("CLAUDE.md");
    QString settingsJson = QStringLiteral("settings.json");
    // Team mode (docs/user-guide.md#team-mode): a libpq connection string; empty keeps the
    // embedded sediment.db. The schema holds this workspace's tables on that server.
    QString database;
    QString databaseSchema = QStringLiteral("sediment");
    // Team mode's rights (docs/user-guide.md#team-mode): destinations only an admin may
    // approve, and destinations that need two approvals from different reviewers.
    // A workspace on a team's server holds the server's copy instead (TeamPolicy), and an admin's
    // file changes that copy only with the keys it sets.
    QStringList adminDestinations;
    QStringList twoPersonDestinations;
    bool adminDestinationsSet = false;
    bool twoPersonDestinationsSet = false;
    // `claude_code.fail_open`: when the workspace cannot be used, let Claude Code's watched
    // writes through unreviewed rather than deny them (docs/verbs.md#claude-code).
    bool claudeCodeFailOpen = false;

    static Result<Config> parse(const QByteArray& json, const QString& origin);
    static Result<Config> load(const QString& path); // a missing file gives the defaults
};

} // namespace sediment
