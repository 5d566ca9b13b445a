#pragma once

class QAbstractButton;
class QWidget;

namespace sediment::ui {

// In a dialog whose text boxes take Return as a new line, Ctrl+Return (and Ctrl+Enter on the
// keypad) presses `button`, as in most editors; its tooltip says so.
void pressOnCtrlReturn(QWidget* dialog, QAbstractButton* button);

} // namespace sediment::ui
