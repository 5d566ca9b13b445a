#include "shared/FactRow.h"

#include <QFormLayout>
#include <QLabel>

namespace sediment::ui {

FactRow FactRow::add(QFormLayout* form, const QString& title, QLabel* value)
{
    const FactRow row{new QLabel(title, form->parentWidget()), value};
    form->addRow(row.label, row.value);
    return row;
}

void FactRow::setVisible(bool visible) const
{
    label->setVisible(visible);
    value->setVisible(visible);
}

QString FactRow::shownText() const { return value->isHidden() ? QString() : value->text(); }

} // namespace sediment::ui
