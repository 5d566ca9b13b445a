#include "team/MemorySnapshots.h"

#include "memory/MemoryFile.h"
#include "model/Destination.h"
#include "model/ProfileName.h"
#include "store/Database.h"
#include "util/AtomicFile.h"
#include "util/Clock.h"
#include "util/Sha256.h"
#include "util/Time.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <algorithm>

namespace sediment {

Result<int> MemorySnapshots::publish()
{
    MemorySnapshotRepository repo(m_workspace.db());
    auto known = repo.keys();
    if (!known)
        return fail(known.error());
    const QString host = FilesHost::thisHost();
    const QString now = time::toIso(m_clock.now());
    std::vector<MemorySnapshot> changed;
    for (const WorkspaceProfile& profile : WorkspaceProfiles::list(m_workspace.root())) {
        for (const QString& target : {toString(Destination::Memory), toString(Destination::User)}) {
            const QString path = WorkspaceProfiles::memoryFile(m_workspace, target, profile.name);
            auto bytes = AtomicFile::read(path, true);
            if (!bytes)
                return fail(bytes.error());
            MemorySnapshot s{target,
                             profile.name,
                             {},
                             WorkspaceProfiles::charLimit(m_workspace, target, profile.name),
                             bytes->isEmpty() ? QString() : QString::fromLatin1(Sha256::hex(bytes->toStdString())),
                             host,
                             now};
            const bool same = std::any_of(known->begin(), known->end(), [&](const MemorySnapshot& k) {
                return k.destination == s.destination && k.profile == s.profile && k.fileHash == s.fileHash
                       && k.charLimit == s.charLimit && k.host == s.host;
            });
            if (same)
                continue;
            // A file that is not UTF-8 has no entries to show; a write to it is refused on this
            // host too, with the reason. Its last good snapshot stays until it is fixed.
            auto entries = MemoryFile::parse(*bytes);
            if (!entries)
                continue;
            s.entries = std::move(*entries);
            changed.push_back(std::move(s));
        }
    }
    if (changed.empty())
        return 0;
    auto tx = m_workspace.db().begin();
    if (!tx)
        return fail(tx.error());
    for (const MemorySnapshot& s : changed)
        if (auto p = repo.publish(s); !p)
            return fail(p.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return int(changed.size());
}

Result<std::optional<MemorySnapshot>> MemorySnapshots::published(Workspace& workspace, const QString& destination,
                                                                 const QString& profile)
{
    return MemorySnapshotRepository(workspace.db())
        .find(destination, profile.isEmpty() ? ProfileName::defaultName() : profile);
}

} // namespace sediment
