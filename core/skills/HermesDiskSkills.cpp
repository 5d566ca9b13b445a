#include "skills/HermesDiskSkills.h"

#include "model/SkillState.h"
#include "skills/HermesCuratorScope.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillWalk.h"
#include "store/Database.h"
#include "store/SkillRepository.h"
#include "workspace/Workspace.h"

namespace sediment {

Result<int> HermesDiskSkills::adopt(Workspace& workspace, const QDateTime& now)
{
    if (!HermesCuratorScope::isHermesHome(workspace.root()))
        return 0;
    const QString skillsDir = workspace.path(QStringLiteral("skills"));
    const std::vector<SkillWalk::Found> found = SkillWalk::under(skillsDir);
    if (found.empty())
        return 0;
    const HermesUsageFile::Provenance provenance = HermesUsageFile::readProvenance(skillsDir);
    Database& db = workspace.db();
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    SkillRepository repo(db);
    int added = 0;
    for (const SkillWalk::Found& f : found) {
        if (!Skill::isHermesName(f.name))
            continue; // a name that would not stay one folder inside skills/, as the import skips it
        auto known = repo.find(f.name);
        if (!known)
            return fail(known.error());
        if (*known)
            continue;
        Skill s;
        s.name = f.name;
        s.createdBy = provenance.upstream(f.name).value_or(QStringLiteral("user"));
        s.state = toString(SkillState::Active);
        s.createdAt = now;
        if (auto saved = repo.save(s); !saved)
            return fail(saved.error());
        ++added;
    }
    if (added == 0)
        return 0;
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return added;
}

} // namespace sediment
