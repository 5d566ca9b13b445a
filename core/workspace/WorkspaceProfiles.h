#pragma once

#include <QString>

#include <vector>

namespace sediment {

class Workspace;

// One profile of the workspace: a home of its own (config.yaml, memories/, skills/, pending/,
// cron/). The workspace is laid out as a Hermes home is (docs/user-guide.md#opening-a-workspace), profiles included, so its
// memory and skill stores are found here, in the domain; what only Hermes does with a profile
// (its pending/ queue, claims, settling) is the Hermes adapter's.
struct WorkspaceProfile {
    QString name; // "default" for the root itself
    QString home; // absolute path of the profile's home

    bool isDefault() const;
};

// The profiles of a workspace, as Hermes lays them out: the root is the `default` profile and
// each `profiles/<name>/` is a named one. Names follow Hermes' profile id grammar (lowercase
// letters, digits, `_` and `-`, at most 64); other folders, `profiles/default` and profiles
// Hermes marked deleted (`profiles/.deleted/<name>`) are not profiles. A name's grammar is
// ProfileName's, and the profile an inbox item was staged in is InboxItem::hermesProfile().
class WorkspaceProfiles final {
public:
    // `default` first, then the named profiles in name order. Reads only the folder listing.
    static std::vector<WorkspaceProfile> list(const QString& root);
    // The home of a profile by name; the root for `default` (and for an empty name).
    static QString homeOf(const QString& root, const QString& name);
    // The home relative to the root: "" for `default`, "profiles/<name>/" otherwise.
    static QString prefixOf(const QString& name);

    // A profile's memory store: its own memories/ file, and the limits of its own config.yaml
    // unless sediment.json sets them (a broken value falls back to the default, as Hermes does).
    // An empty name or `default` is the workspace's own store.
    static QString memoryFile(const Workspace& ws, const QString& target, const QString& profile);
    static int charLimit(const Workspace& ws, const QString& target, const QString& profile);
};

} // namespace sediment
