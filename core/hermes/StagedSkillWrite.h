#pragma once

#include "hermes/StagedWrite.h"

namespace sediment {

// One skill write Hermes parked under `pending/skills/<id>.json` because `skills.write_approval`
// is on: the exact skill_manage arguments (action, name, content, category, file_path,
// file_content, old_string, new_string, replace_all, absorbed_into) to replay on approval. The
// record becomes a StagedWrite whose destination is `skill` and whose op is that payload.
//
// Only what Sediment cannot represent is refused here (not JSON, a field of the wrong type):
// an unknown action, a bad name or a path outside the skill are Hermes' own refusals, given with
// Hermes' message when the write is approved, so they stay in the inbox for a human to see.
class StagedSkillWrite final {
public:
    static Result<StagedWrite> parse(const QByteArray& bytes, const QString& fileName);

    // Checks a reviewer's edited payload as parse() checks a staged one; returns it normalised.
    static Result<Json> normalisePayload(const Json& payload);

    // Whether an inbox op is a Hermes skill_manage payload (rather than Sediment's own
    // {name, mode, ...} skill op).
    static bool isPayload(const Json& op);

    // Hermes' one-line gist of a skill write (its `skill_gist`), for records staged without one.
    static QString gist(const Json& payload);
};

} // namespace sediment
