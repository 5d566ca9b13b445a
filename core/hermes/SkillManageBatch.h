#pragma once

#include "hermes/SkillManage.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class WriteHook;

// Hermes' atomic skill batch replayed on approval (`_skill_manage_batch` in
// `tools/skill_manager_batch.py`): the batch's checks, then every operation through the
// single-op SkillManage, all or nothing. The first operation Hermes refuses rolls every touched
// skill back (skills the batch created are removed) and the batch fails with Hermes' message
// naming that operation. A `delete` alone is applied as the single delete it is.
class SkillManageBatch final {
public:
    explicit SkillManageBatch(QString home);

    // `hook`, when given, journals the batch as one decision (SkillBatchUndo's marker);
    // `workspaceRoot` keeps the undo copies. An Error is the journal's, or I/O trouble.
    Result<SkillManage::Outcome> apply(const Json& payload, const QDateTime& now, WriteHook* hook,
                                       const QString& workspaceRoot) const;

    // What approving would change, file by file, as apply() would change it: the operations run
    // on a scratch copy of the touched skills. `note` is Hermes' refusal, if the batch would fail.
    std::vector<SkillManage::Preview> preview(const Json& payload, QString* note) const;
    // preview() as one comparison, each file under a heading of its own.
    SkillManage::Preview combinedPreview(const Json& payload) const;

    // The checks Hermes makes before anything is written: the batch's own (SkillBatch), then
    // each operation's SkillManage::check, an operation that fails them named in Hermes' batch
    // failure message. Nothing when the batch would get as far as the files.
    static std::optional<QString> check(const Json& payload);

private:
    static QString failure(qsizetype index, const Json& op, const QString& name, const QString& error,
                           const QString& note);
    // Each operation's flat payload checked as a staged single op is, then written; `applied`
    // is the payload written, for the telemetry recorded once the batch stands.
    static SkillManage::Outcome applyOne(const SkillManage& manage, const Json& op, Json* applied);

    QString m_home;
};

} // namespace sediment
