#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>

namespace sediment {

// A command the user configured as a hook (a decision's signal, the scar proposer), run as
// `/bin/sh -c command` in `dir` with a request on its stdin. `name` says which hook it is in
// the errors, so each hook keeps its own words: "<name> did not start: <command>",
// "<name> timed out on <subject>", "<name> failed on <subject> (exit N)".
struct ShellCommand {
    QString name;
    QString command;
    QString dir;
    int timeoutMs = 30000;

    // Its stdout, once it has exited 0 within the time-out; a hung command is killed.
    Result<QByteArray> run(const QByteArray& input, const QString& subject) const;
};

} // namespace sediment
