#include "hermes/HermesQueueStatus.h"

#include "hermes/HermesProfiles.h"
#include "inbox/WaitingAge.h"
#include "store/PendingAgeReadModel.h"
#include "workspace/Workspace.h"

#include <algorithm>

namespace sediment {

void HermesQueueStatus::Queue::add(qint64 count, const QString& createdAt, const QDateTime& now)
{
    pending += count;
    if (count == 0 || (oldestCreatedAt && *oldestCreatedAt <= createdAt))
        return;
    oldestCreatedAt = createdAt;
    const auto age = WaitingAge::since(createdAt, now);
    oldestAgeSeconds = age ? std::optional<qint64>(age->seconds) : std::nullopt;
}

Json HermesQueueStatus::Queue::toJson() const
{
    return {{"pending", pending},
            {"oldest_created_at", oldestCreatedAt ? Json(toStd(*oldestCreatedAt)) : Json(nullptr)},
            {"oldest_age_seconds", oldestAgeSeconds ? Json(*oldestAgeSeconds) : Json(nullptr)}};
}

Result<HermesQueueStatus> HermesQueueStatus::read(Workspace& workspace, const Clock& clock)
{
    auto figures = PendingAgeReadModel(workspace.db()).hermesPending();
    if (!figures)
        return fail(figures.error());
    HermesQueueStatus status;
    for (const HermesProfile& p : HermesProfiles::list(workspace.root()))
        status.profiles.push_back({p.name, {}, {}, {}});
    const QDateTime now = clock.now();
    for (const auto& f : *figures) {
        auto it = std::find_if(status.profiles.begin(), status.profiles.end(),
                               [&](const Profile& p) { return p.name == f.profile; });
        if (it == status.profiles.end()) // a profile deleted since its writes were imported
            it = status.profiles.insert(status.profiles.end(), Profile{f.profile, {}, {}, {}});
        (f.subsystem == QLatin1String("skills") ? it->skills : it->memory).add(f.pending, f.oldestCreatedAt, now);
        it->all.add(f.pending, f.oldestCreatedAt, now);
        status.all.add(f.pending, f.oldestCreatedAt, now);
    }
    return status;
}

Json HermesQueueStatus::toJson() const
{
    Json list = Json::array();
    for (const Profile& p : profiles) {
        Json j = p.all.toJson();
        j["profile"] = toStd(p.name);
        j["subsystems"] = {{"memory", p.memory.toJson()}, {"skills", p.skills.toJson()}};
        list.push_back(std::move(j));
    }
    Json j = all.toJson();
    j["profiles"] = std::move(list);
    return j;
}

QStringList HermesQueueStatus::lines() const
{
    QStringList out;
    for (const Profile& p : profiles) {
        QString line = QStringLiteral("%1: %2 waiting (memory %3, skills %4)")
                           .arg(p.name)
                           .arg(p.all.pending)
                           .arg(p.memory.pending)
                           .arg(p.skills.pending);
        if (p.all.oldestAgeSeconds)
            line += QStringLiteral(", oldest waiting %1").arg(WaitingAge{*p.all.oldestAgeSeconds}.text());
        out << line;
    }
    return out;
}

} // namespace sediment
