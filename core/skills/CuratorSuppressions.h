#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringList>

namespace sediment {

// skills/.curator_suppressed: the built-in skills the curator archived, one name a line, which
// Hermes' update-time re-seeder must leave archived. Archiving a bundled skill adds its name,
// restoring it removes it, as Hermes' archive_skill and restore_skill do.
class CuratorSuppressions final {
public:
    explicit CuratorSuppressions(QString skillsDir) : m_dir(std::move(skillsDir)) {}

    QStringList names() const; // blank lines and "#" comments skipped
    Status add(const QStringList& names) const;
    Status remove(const QString& name) const;

private:
    Status write(const QStringList& names) const;
    QString m_dir;
};

} // namespace sediment
