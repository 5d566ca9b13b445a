#pragma once

#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

// A staged skill batch (`{"action": "batch", "operations": [...]}`, Hermes' atomic
// skill_manage(operations=[...])) read as Hermes reads it before it writes anything: the checks
// in Hermes' order with Hermes' messages, then each operation as the flat skill_manage payload
// the single-op path applies. Nothing here touches the disk.
class SkillBatch final {
public:
    // Hermes routes to its batch path whenever `operations` is given (not null), whatever the
    // top-level action says.
    static bool isBatch(const Json& payload);

    struct Plan {
        std::vector<Json> ops; // one flat payload per operation, `name` filled in
        QStringList names;     // the skill each operation targets, in order
        bool soleDelete = false;
        QStringList touched() const; // the distinct skill names, first use first
    };
    // The plan, or Hermes' refusal message.
    struct Checked {
        std::optional<Plan> plan;
        QString refusal;
    };
    static Checked check(const Json& payload);

    // Hermes' gist of a batch: `batch(N ops: create, patch) on a, b`.
    static QString gist(const Json& payload);

private:
    static QString defaultName(const Json& payload);
    static std::optional<QString> checkOps(const Json& ops, const QString& fallback, QStringList& names);
    static std::optional<QString> clobber(const Json& ops, const QStringList& names);
};

} // namespace sediment
