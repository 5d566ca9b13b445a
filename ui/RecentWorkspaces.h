#pragma once

#include <QStringList>

namespace sediment::ui {

// The workspaces opened last, newest first, kept in the app's settings for File ▸ Open Recent.
class RecentWorkspaces final {
public:
    static QStringList list();
    // Puts `root` first, once, and forgets the oldest beyond the menu's length.
    static void remember(const QString& root);
    // Takes `root` off the list (a folder moved or deleted since).
    static void forget(const QString& root);
};

} // namespace sediment::ui
