#pragma once

// Skill folders written and walked the short way, for the walk's and its cache's tests.

#include "skills/SkillWalk.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace sediment::test {

inline QByteArray skillMd(const QByteArray& name) { return "---\nname: " + name + "\ndescription: d\n---\nbody\n"; }

// Each skill found as "folder=name", in the walk's order.
inline QStringList described(const std::vector<SkillWalk::Found>& found)
{
    QStringList out;
    for (const auto& f : found)
        out << f.folder + QLatin1Char('=') + f.name;
    return out;
}

} // namespace sediment::test
