#pragma once

#include "store/InboxReadModel.h"

#include <QCoreApplication>
#include <QVariant>

namespace sediment::ui {

// How one inbox row reads in the table: the text, tooltip, icon and alignment of each of
// InboxTableModel's columns and roles. Apart from the model, which only finds the row.
class InboxCells final {
    Q_DECLARE_TR_FUNCTIONS(InboxCells)

public:
    static QVariant data(const InboxRow& row, int column, int role);
    static QVariant header(int section);
};

} // namespace sediment::ui
