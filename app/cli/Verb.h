#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace sediment::cli {

class Context;

// A top-level verb. Each verb's file registers itself with a static VerbRegistration, so adding
// a verb never means editing a central switch.
struct Verb {
    QString name;
    QString summary; // one line, for `sediment --help`
    QString usage;   // the full help text, for `sediment help VERB` and the man page
    int (*run)(Context& ctx);
};

class VerbRegistry final {
public:
    static void add(Verb verb);
    static const Verb* find(const QString& name);
    static std::vector<Verb> all(); // sorted by name
};

struct VerbRegistration {
    explicit VerbRegistration(Verb verb) { VerbRegistry::add(std::move(verb)); }
};

} // namespace sediment::cli
