#include "shared/ErrorDialog.h"

#include <QMessageBox>

namespace sediment::ui {

void ErrorDialog::show(QWidget* parent, const QString& what, const QString& whatToDo)
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Sediment"), what, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("errorDialog"));
    box->setInformativeText(whatToDo);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void ErrorDialog::show(QWidget* parent, const QString& what, const Error& error)
{
    QString advice;
    switch (error.kind) {
    case ErrorKind::Refused:
        advice = tr("Nothing was changed. %1").arg(error.message);
        break;
    case ErrorKind::Invalid:
        advice = tr("Nothing was changed. Correct the input and try again: %1").arg(error.message);
        break;
    case ErrorKind::Io:
        advice = tr("Nothing was changed. Check that the workspace folder is "
                    "reachable and writable, then try again.\n\n%1")
                     .arg(error.message);
        break;
    }
    show(parent, what, advice);
}

} // namespace sediment::ui
