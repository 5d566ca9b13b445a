#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QDateTime>
#include <QString>

namespace sediment {

// Hermes' skill ledger, skills/.curator_ledger.jsonl: one JSON object per line for every skill
// mutation, which `hermes curator` lists. Sediment appends its own pins, unpins, restores and
// curator transitions there, but only where the agent keeps a ledger (the file exists): a home
// without one is not given one.
class SkillLedger final {
public:
    enum class Actor { User, Curator };

    explicit SkillLedger(QString skillsDir) : m_dir(std::move(skillsDir)) {}

    bool exists() const;

    // One line as Hermes writes it: {"id", "ts", "actor", "action", "skill", "evidence",
    // "before", "after"} with Python's json.dumps separators, UTF-8 as is. Sediment keeps no
    // file snapshots, so before/after are empty. A missing ledger is left missing.
    Status append(Actor actor, const QString& action, const QString& skill, const Json& evidence,
                  const QDateTime& at) const;

    // The line append() would write, without the id's randomness (for tests of the format).
    static std::string line(const QString& id, Actor actor, const QString& action, const QString& skill,
                            const Json& evidence, const QDateTime& at);

private:
    QString m_dir;
};

} // namespace sediment
