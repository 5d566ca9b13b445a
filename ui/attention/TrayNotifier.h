#pragma once

#include "attention/NotifierPort.h"

#include <QObject>

class QSystemTrayIcon;

namespace sediment::ui {

// Notifications through the system tray: the icon is shown only while a message is up, so the
// app does not keep an icon of its own in the tray. Clicking the message raises the window.
class TrayNotifier final : public QObject, public NotifierPort {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayNotifier)

public:
    explicit TrayNotifier(QObject* parent = nullptr);

    bool canNotify() const override;
    void notify(const QString& title, const QString& message) override;

Q_SIGNALS:
    void activated();

private:
    QSystemTrayIcon* m_tray = nullptr;
};

} // namespace sediment::ui
