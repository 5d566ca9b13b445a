#include "shared/FilterChoices.h"

#include <QComboBox>

#include <algorithm>

namespace sediment::ui {

void setFilterChoices(QComboBox* box, const QString& any, const QStringList& values)
{
    const QString keep = box->currentData().toString();
    box->clear();
    box->addItem(any, QString());
    for (const QString& v : values)
        box->addItem(v, v);
    box->setCurrentIndex(std::max(0, box->findData(keep)));
}

} // namespace sediment::ui
