#pragma once

#include "util/Error.h"
#include "workspace/PathResolver.h"

#include <QString>

namespace sediment {

// Confines agent-supplied paths to the workspace (docs/verbs.md#propose): relative, normalised, inside the
// workspace once every symlink on the way is resolved, never under brain/permanent/, never the
// database. The check runs at validation and again right before a write, since a symlink can
// appear in between.
class PathGuard final : public PathResolver {
public:
    explicit PathGuard(QString workspaceRoot);

    // The absolute path to write, or an error saying why the path is refused.
    Result<QString> resolve(const QString& relative) const override;

private:
    QString m_root; // canonical
};

} // namespace sediment
