#pragma once

#include "hermes/PendingQueue.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

class Workspace;

// What is waiting in Hermes' staged queues, per profile and subsystem: how many writes, and
// how long the oldest has waited. Every profile of the root is listed, an empty one too, so a
// status bar can show "nothing waiting" rather than lose the profile.
struct HermesQueueStatus {
    struct Queue {
        qint64 pending = 0;
        std::optional<QString> oldestCreatedAt;
        std::optional<qint64> oldestAgeSeconds;

        void add(qint64 count, const QString& createdAt, const QDateTime& now);
        Json toJson() const;
    };
    struct Profile {
        QString name;
        Queue all;
        Queue memory;
        Queue skills;
    };
    std::vector<Profile> profiles; // default first, then by name
    Queue all;

    // The imported writes still open (pending, or failed and kept), then the staged files no
    // import has read yet (a status bar asking before the app or `import-pending` ran): both wait
    // for a reviewer. `scanned` is PendingQueue::scan()'s reading of the folders.
    static Result<HermesQueueStatus> read(Workspace& workspace, const Clock& clock,
                                          const std::vector<PendingQueue::ScannedFile>& scanned);

    Json toJson() const;
    // One line per profile: "work: 3 waiting (memory 2, skills 1), oldest waiting 12 days".
    QStringList lines() const;

private:
    Profile& profileNamed(const QString& name);
    void add(const QString& profile, const QString& subsystem, qint64 count, const QString& createdAt,
             const QDateTime& now);
};

} // namespace sediment
