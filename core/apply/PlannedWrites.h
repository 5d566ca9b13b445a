#pragma once

#include "apply/WriteHook.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <optional>

namespace sediment {

// The writes of a group's steps, planned one on top of the other (InOrderApplier). Each step's
// applier reads what the steps before it planned (planned()) and is stopped at its write, which
// becomes the plan; only the write numbered `commitAt` goes through: to `real` (the decision
// journal, or a dry run), told the target's bytes on disk before the first step, and then to the
// disk.
class PlannedWrites final : public WriteHook {
public:
    // `commitAt`: the 1-based number of the write that goes through; 0 plans every write.
    PlannedWrites(WriteHook* real, int commitAt) : m_real(real), m_commitAt(commitAt) {}

    Status beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                       const std::optional<QByteArray>& next) override;
    const std::optional<QByteArray>* planned(const QString& absolutePath) const override;

    int writes() const { return m_writes; }
    // The paths written, in the order of their first write.
    const QStringList& paths() const { return m_paths; }
    // A path's bytes before the first step (no value: it did not exist).
    std::optional<QByteArray> original(const QString& absolutePath) const { return m_original.value(absolutePath); }

private:
    WriteHook* m_real;
    int m_commitAt;
    int m_writes = 0;
    QStringList m_paths;
    QHash<QString, std::optional<QByteArray>> m_original;
    QHash<QString, std::optional<QByteArray>> m_planned;
};

} // namespace sediment
