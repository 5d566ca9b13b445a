#pragma once

#include "inbox/PreflightVerdict.h"
#include "store/InboxReadModel.h"

#include <QCoreApplication>
#include <QVariant>

namespace sediment::ui {

// How one inbox row reads in the table: the text, tooltip, icon and alignment of each of
// InboxTableModel's columns and roles. Apart from the model, which only finds the row.
class InboxCells final {
    Q_DECLARE_TR_FUNCTIONS(InboxCells)

public:
    // `verdict`: the row's preflight, none while it is not known (or the row is decided).
    static QVariant data(const InboxRow& row, int column, int role, const PreflightVerdict* verdict = nullptr);
    static QVariant header(int section);
    // A destination as the window names it ("CLAUDE.md", "brain inbox"): the list and the
    // detail pane say the same.
    static QString destinationLabel(const QString& destination);

private:
    static QVariant checkCell(const InboxRow& row, int role, const PreflightVerdict* verdict);
};

} // namespace sediment::ui
