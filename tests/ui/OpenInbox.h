#pragma once

// The real window as a reviewer meets it: shown, active, its Inbox page at hand. Null when the
// window never became active or has no Inbox page.

#include "inbox/InboxPage.h"
#include "MainWindow.h"

#include <QApplication>
#include <QTest>

namespace sediment::testing {

inline ui::InboxPage* openInbox(ui::MainWindow& window)
{
    window.show();
    QApplication::setActiveWindow(&window);
    if (!QTest::qWaitForWindowActive(&window))
        return nullptr;
    return qobject_cast<ui::InboxPage*>(window.page(QStringLiteral("inbox")));
}

} // namespace sediment::testing
