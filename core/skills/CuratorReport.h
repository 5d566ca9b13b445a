#pragma once

#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

// The result of one curator pass: the counts of docs/user-guide.md#skills and the plan, one entry per transition.
//
// Counting (following Hermes' apply_automatic_transitions): `checked` is every agent-created
// skill the rules looked at, pinned and already-archived ones included (Hermes counts a pinned
// skill as checked before skipping it); `skipped_pinned` is the pinned part of `checked`;
// `skipped_not_agent` the user, hub and bundled skills, which the rules never look at. So
// checked + skipped_not_agent is every skill in the workspace.
struct CuratorReport {
    struct Step {
        QString name;
        QString from;
        QString to;
        QString why;
        QString anchor;                     // ISO-8601 UTC
        std::optional<QString> archivePath; // archives: where the folder goes, relative to skills/
        std::optional<QString> error;       // a real pass that could not carry the step out
        QString folder;                     // archives: the live folder, relative to skills/
    };

    QString at; // the injected clock's time, ISO-8601 UTC
    bool dryRun = false;
    // On a Hermes home the pass follows Hermes' curator: its counts come first, in its order,
    // and bundled skills seen for the first time are seeded rather than transitioned.
    bool hermes = false;
    int staleAfterDays = 30;
    int archiveAfterDays = 90;
    bool pruneBuiltins = true;
    qint64 seeded = 0;
    qint64 skippedCron = 0; // named by a cron job: protected like a pinned skill
    QStringList seededNames;
    QStringList warnings; // e.g. an unreadable cron/jobs.json
    qint64 checked = 0;
    qint64 markedStale = 0;
    qint64 archived = 0;
    qint64 reactivated = 0;
    qint64 skippedPinned = 0;
    qint64 skippedNotAgent = 0;
    qint64 failed = 0;
    std::vector<Step> plan;
    std::optional<QString> writeBackError; // .usage.json could not be updated (the DB was)

    // {"checked", "marked_stale", ..., "failed"}; on a Hermes home {"marked_stale", "archived",
    // "reactivated", "checked", "seeded", "skipped_pinned", "skipped_cron", ..., "failed"}.
    Json counts() const;
    Json toJson() const; // counts + "dry_run", "at", "plan"
};

} // namespace sediment
