#pragma once

#include <QString>

namespace sediment::ui {

// Where a desktop notification goes: the system tray in the app, a recorder in tests.
class NotifierPort {
public:
    virtual ~NotifierPort() = default;
    // False where the desktop has nowhere to show one (no system tray).
    virtual bool canNotify() const = 0;
    virtual void notify(const QString& title, const QString& message) = 0;
};

} // namespace sediment::ui
