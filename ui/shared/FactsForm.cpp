#include "shared/FactsForm.h"

#include <QFormLayout>
#include <QMargins>

namespace sediment::ui {

QFormLayout* factsForm(QWidget* owner, const QMargins& margins, int rowSpacing)
{
    auto* form = new QFormLayout(owner);
    form->setContentsMargins(margins);
    form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setVerticalSpacing(rowSpacing);
    return form;
}

} // namespace sediment::ui
