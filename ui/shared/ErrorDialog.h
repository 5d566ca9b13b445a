#pragma once

#include "util/Error.h"

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace sediment::ui {

// Error dialogs that say what happened and what to do about it. They open window-modal and
// return at once, so a keyboard flow (and a test driving it) is never stuck inside exec().
class ErrorDialog final {
    Q_DECLARE_TR_FUNCTIONS(ErrorDialog)

public:
    static void show(QWidget* parent, const QString& what, const QString& whatToDo);
    // The advice follows the error's kind: fix the input, or fix the environment and retry.
    static void show(QWidget* parent, const QString& what, const Error& error);
};

} // namespace sediment::ui
