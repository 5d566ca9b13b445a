#include "shared/PaneSplit.h"

#include <QSplitter>

namespace sediment::ui {

QSplitter* paneSplit(Qt::Orientation orientation, const char* name, QWidget* first, QWidget* second, int firstShare,
                     int secondShare, QWidget* parent)
{
    auto* split = new QSplitter(orientation, parent);
    if (*name)
        split->setObjectName(QString::fromLatin1(name));
    split->addWidget(first);
    split->addWidget(second);
    split->setStretchFactor(0, firstShare);
    split->setStretchFactor(1, secondShare);
    split->setChildrenCollapsible(false);
    return split;
}

} // namespace sediment::ui
