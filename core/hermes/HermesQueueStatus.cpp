#include "hermes/HermesQueueStatus.h"

#include "inbox/WaitingAge.h"
#include "store/HermesRepository.h"
#include "store/PendingAgeReadModel.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QSet>

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
            {"oldest_created_at", orNull(oldestCreatedAt)},
            {"oldest_age_seconds", orNull(oldestAgeSeconds)}};
}

HermesQueueStatus::Profile& HermesQueueStatus::profileNamed(const QString& name)
{
    auto it = std::find_if(profiles.begin(), profiles.end(), [&](const Profile& p) { return p.name == name; });
    if (it == profiles.end()) // a profile deleted since its writes were imported
        it = profiles.insert(profiles.end(), Profile{name, {}, {}, {}});
    return *it;
}

void HermesQueueStatus::add(const QString& profile, const QString& subsystem, qint64 count, const QString& createdAt,
                            const QDateTime& now)
{
    Profile& p = profileNamed(profile);
    (subsystem == QLatin1String("skills") ? p.skills : p.memory).add(count, createdAt, now);
    p.all.add(count, createdAt, now);
    all.add(count, createdAt, now);
}

Result<HermesQueueStatus> HermesQueueStatus::read(Workspace& workspace, const Clock& clock,
                                                  const std::vector<PendingQueue::ScannedFile>& scanned)
{
    auto figures = PendingAgeReadModel(workspace.db()).hermesPending();
    if (!figures)
        return fail(figures.error());
    auto records = HermesRepository(workspace.db()).all();
    if (!records)
        return fail(records.error());
    HermesQueueStatus status;
    for (const WorkspaceProfile& p : WorkspaceProfiles::list(workspace.root()))
        status.profiles.push_back({p.name, {}, {}, {}});
    const QDateTime now = clock.now();
    for (const auto& f : *figures)
        status.add(f.profile, f.subsystem, f.pending, f.oldestCreatedAt, now);
    QSet<QString> known;
    for (const auto& r : *records)
        known.insert(HermesRepository::keyOf(r.hermesId, r.profile));
    for (const auto& f : scanned) {
        if (f.write && !known.contains(HermesRepository::keyOf(f.write->id, f.profile)))
            status.add(f.profile, f.subsystem, 1, PendingQueue::createdAtOf(*f.write, clock), now);
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
