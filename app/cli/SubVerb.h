#pragma once

#include <QString>
#include <QStringList>

#include <span>

namespace sediment::cli {

class Context;

// One subcommand of a verb (`scars add`, `decisions review`) and what runs it with the words
// after it.
struct SubVerb {
    const char* name;
    int (*run)(Context& ctx, const QStringList& rest);
};

// Runs the subcommand the verb's first word names; without one, or with a word none answers to,
// the usage error lists the accepted words from the same table, so the two never disagree.
int runSubVerb(Context& ctx, const QString& verb, std::span<const SubVerb> subVerbs);

} // namespace sediment::cli
