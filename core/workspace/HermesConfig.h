#pragma once

#include <QString>

#include <optional>

namespace sediment {

// The part of a Hermes home's config.yaml that Sediment honours: the memory limits and flags,
// the write-approval gates and the curator's thresholds. A missing or malformed file yields
// Hermes' defaults and an explanation, never a failure (docs/verbs.md#hermes).
struct HermesConfig {
    std::optional<int> memoryCharLimit;
    std::optional<int> userCharLimit;
    // memory.write_approval / skills.write_approval as Hermes' gate reads them; unset when absent.
    std::optional<bool> writeApproval;
    std::optional<bool> skillsWriteApproval;
    // memory.memory_enabled / memory.user_profile_enabled: a store that is off refuses writes.
    // Read as Hermes reads them: absent or null is on, a string is on only when it says so.
    bool memoryEnabled = true;
    bool userProfileEnabled = true;
    // curator.* as Hermes' curator reads them: absent means Hermes' shipped defaults (14 and 30
    // days), a value int() cannot read means the curator's own fallbacks (30 and 90 days), and
    // prune_builtins is Python truthiness (default true). A file that does not parse is
    // Hermes' default configuration: 14 and 30.
    int curatorStaleAfterDays = 14;
    int curatorArchiveAfterDays = 30;
    bool curatorPruneBuiltins = true;
    QString problem; // why the file could not be used, empty when it was fine or absent

    static HermesConfig load(const QString& path);
};

} // namespace sediment
