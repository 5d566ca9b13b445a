#include "attention/TrayNotifier.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QTimer>

namespace sediment::ui {

namespace {

constexpr int kShownMs = 10000;

} // namespace

TrayNotifier::TrayNotifier(QObject* parent) : QObject(parent) {}

bool TrayNotifier::canNotify() const { return QSystemTrayIcon::isSystemTrayAvailable(); }

void TrayNotifier::notify(const QString& title, const QString& message)
{
    if (!canNotify())
        return;
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        m_tray->setToolTip(tr("Sediment"));
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, &TrayNotifier::activated);
        connect(m_tray, &QSystemTrayIcon::activated, this, &TrayNotifier::activated);
    }
    m_tray->show();
    m_tray->showMessage(title, message, QSystemTrayIcon::Information, kShownMs);
    QTimer::singleShot(kShownMs, m_tray, &QSystemTrayIcon::hide);
}

} // namespace sediment::ui
