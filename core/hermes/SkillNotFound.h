#pragma once

#include <QString>

namespace sediment {

// Hermes' "Skill 'x' not found in active profile 'p'." (`_skill_not_found_error`): when another
// profile of the same Hermes root holds a skill of that name, the message says where, since the
// usual cause is editing from the wrong profile.
class SkillNotFound final {
public:
    static QString message(const QString& home, const QString& name, const QString& suffix = {});
    // Hermes' profile name of a home: "default", or <name> under `<root>/profiles/`.
    static QString profileOf(const QString& home);
};

} // namespace sediment
