#include "RecentWorkspaces.h"

#include <QSettings>

namespace sediment::ui {

namespace {

constexpr int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("recentWorkspaces");

} // namespace

QStringList RecentWorkspaces::list() { return QSettings().value(kRecentKey).toStringList(); }

void RecentWorkspaces::remember(const QString& root)
{
    QStringList recent = list();
    recent.removeAll(root);
    recent.prepend(root);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
}

void RecentWorkspaces::forget(const QString& root)
{
    QStringList recent = list();
    if (recent.removeAll(root) > 0)
        QSettings().setValue(kRecentKey, recent);
}

} // namespace sediment::ui
