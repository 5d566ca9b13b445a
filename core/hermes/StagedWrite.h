#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>
#include <QString>

namespace sediment {

// One memory write Hermes parked under `pending/memory/<id>.json` because its
// `memory.write_approval` setting is on (docs/verbs.md#hermes). The file is the agent's, so it is untrusted input:
// parse() checks every field it relies on and refuses the file with one clear reason rather than
// guessing; fields it does not know are kept so the provenance loses nothing.
struct StagedWrite {
    QString id;                                   // Hermes' pending id, normally 8 hex digits
    QString fileName;                             // e.g. "fdb7ce9d.json"
    QString subsystem = QStringLiteral("memory"); // memory | skills: the pending/ folder it lives in
    QString origin;                               // background_review | foreground | assistant_tool | ...
    QString summary;                              // Hermes' one-line description ("add to memory: ...")
    Json createdAt;                               // as Hermes wrote it: seconds since the epoch (a number), or null
    QString target;                               // memory | user
    Json op;                        // the inbox op: {action, content?, old_text?} or {action:"batch", operations}
    Json unknown = Json::object();  // top-level fields Sediment does not interpret
    Json sanitized = Json::array(); // what sanitising stripped or cut from the summary (docs/verbs.md#propose)

    static Result<StagedWrite> parse(const QByteArray& bytes, const QString& fileName);
    // The record of `pending/<subsystem>/`: memory writes here, skill writes in StagedSkillWrite.
    static Result<StagedWrite> parseIn(const QString& subsystem, const QByteArray& bytes, const QString& fileName);
    // "pending/memory/fdb7ce9d.json", relative to the home.
    QString stagedPath() const;

    bool isBatch() const;
    // The inbox item's destination: the store the write targets.
    const QString& destination() const { return target; }
    // The inbox item's provenance (`source`): agent, hermes_id, origin, summary, created_at and
    // every unknown top-level field.
    Json source() const;
    // SHA-256 hex of destination and the canonical op, as the inbox keys duplicates.
    QString contentHash() const;
};

} // namespace sediment
