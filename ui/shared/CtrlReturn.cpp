#include "shared/CtrlReturn.h"

#include <QAbstractButton>
#include <QShortcut>

namespace sediment::ui {

void pressOnCtrlReturn(QWidget* dialog, QAbstractButton* button)
{
    button->setToolTip(QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText));
    for (const QKeySequence& keys : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto* press = new QShortcut(keys, dialog);
        QObject::connect(press, &QShortcut::activated, button, &QAbstractButton::click);
    }
}

} // namespace sediment::ui
