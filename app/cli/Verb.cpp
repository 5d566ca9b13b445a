#include "cli/Verb.h"

#include <algorithm>

namespace sediment::cli {

namespace {

std::vector<Verb>& registry()
{
    static std::vector<Verb> verbs;
    return verbs;
}

} // namespace

void VerbRegistry::add(Verb verb) { registry().push_back(std::move(verb)); }

const Verb* VerbRegistry::find(const QString& name)
{
    for (const Verb& v : registry())
        if (v.name == name)
            return &v;
    return nullptr;
}

std::vector<Verb> VerbRegistry::all()
{
    std::vector<Verb> verbs = registry();
    std::sort(verbs.begin(), verbs.end(), [](const Verb& a, const Verb& b) { return a.name < b.name; });
    return verbs;
}

} // namespace sediment::cli
