#pragma once

#include "model/Skill.h"
#include "util/Error.h"

#include <QByteArray>
#include <QDateTime>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace sediment {

// Hermes' skills/.usage.json: an object keyed by skill name, each value a record with
// use/view/patch counts and times, created_at, state, pinned, archived_at (and created_by in
// some versions). Hermes writes it with json.dump(indent=2, sort_keys=True,
// ensure_ascii=False), times as datetime.isoformat() ("2026-05-01T10:00:00.123456+00:00"), no
// trailing newline; this class reads that and writes the same.
class HermesUsageFile final {
public:
    struct Skipped {
        QString name;
        QString why;
    };
    struct Parsed {
        std::vector<Skill> skills;
        std::vector<Skipped> skipped;
        QSet<QString> agentMarked; // `created_by: agent` or `agent_created: true` in the file
    };

    // Skills Hermes keeps apart from the agent's own: names in skills/.bundled_manifest
    // ("name:hash" lines) and those HubLock reads from skills/.hub/lock.json.
    struct Provenance {
        QSet<QString> bundled;
        QSet<QString> hub;
        // Hermes' provenance(): "hub", else "bundled", whatever the skill's record says (a
        // record's created_by names the creator only of a skill neither lists); else nothing.
        std::optional<QString> upstream(const QString& name) const;
    };
    static Provenance readProvenance(const QString& skillsDir);

    // A wrong type or an unreadable time is an error naming the skill and the key (nothing is
    // imported); a record that is not an object or a name Sediment cannot hold is skipped.
    // Unknown keys go to Skill::extra. created_at missing means `now`, as Hermes backfills it.
    // The usual file goes through HermesUsageScanner; any other through parseTree.
    static Result<Parsed> parse(const QByteArray& text, const Provenance& provenance, const QDateTime& now);
    // The same through a whole JSON tree, for every file: what the scanner is held to in the
    // tests and the fuzzer.
    static Result<Parsed> parseTree(const QByteArray& text, const Provenance& provenance, const QDateTime& now);

    // What a write-back sets in a record, as Hermes' own writers do and nothing more:
    // set_state sets `state`, and `archived_at` to the time when archived or to null when
    // active (a stale one keeps it); set_pinned sets `pinned`.
    enum class Field { State, Pinned };

    // Sets `field` of each changed skill in the file, keeping every other key and record as the
    // file holds them now (Hermes may have written since). A record missing from the file is
    // Hermes' baseline record (emptyRecord at `now`) with that field set, as Hermes' _mutate
    // makes it. `seeded` names get the baseline record unless the file has one by then. The
    // read, change and atomic replace happen under <file>.lock, the lock Hermes' telemetry takes;
    // a file that no longer parses as an object is never overwritten.
    static Status writeBack(const QString& path, Field field, const std::vector<Skill>& changed, const QDateTime& now,
                            const QStringList& seeded = {});

    // One read-modify-write of the file at `path`, as Hermes' telemetry does it: under
    // <file>.lock, an absent or blank file read as {}, one that is not a JSON object refused
    // (never overwritten), entries that are not objects dropped (Hermes' load_usage drops them,
    // so its next save does not write them), and the file replaced atomically only when
    // `change` says it changed something.
    static Status update(const QString& path, const std::function<bool(nlohmann::json&)>& change);

    // Hermes' `_empty_record()`: no creator, zero counts, created_at = `now`, active, unpinned.
    static nlohmann::json emptyRecord(const QDateTime& now);

    // Python's json.dump(value, indent=2, sort_keys=True, ensure_ascii=False).
    static std::string serialize(const nlohmann::json& value);

    // Python's datetime.isoformat() of an aware UTC time: microseconds only when non-zero.
    static QString hermesTime(const QDateTime& t);

private:
    static void merge(nlohmann::json& data, Field field, const std::vector<Skill>& changed, const QDateTime& now,
                      const QStringList& seeded);
};

} // namespace sediment
