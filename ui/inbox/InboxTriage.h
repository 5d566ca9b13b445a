#pragma once

#include "inbox/InboxItem.h"

#include <QObject>
#include <QString>

#include <optional>

namespace sediment::ui {

class InboxDecider;
class InboxPage;

// The inbox's keyboard triage (docs/user-guide.md#the-window): the actions A approve, R refuse, E patch, M make room (a
// memory write that does not fit), Ctrl+Z undo the last decision, J/K next/previous and / search, installed on the page (and shown as its toolbar
// buttons), and what each does. The page owns the layout and the selection; this controller
// reads the selection from it, decides through InboxDecider, reports on the status bar, and asks
// the page to move on to the next pending item.
class InboxTriage final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxTriage)

public:
    InboxTriage(InboxPage& page, InboxDecider& decider);

public Q_SLOTS:
    void approveSelected();
    void refuseSelected();
    void editCurrent();
    // Opens the make-room dialog for the current item, a pending memory write.
    void makeRoomCurrent();
    void undoLast();
    void next();
    void previous();
    void focusSearch();

private:
    void buildActions();
    // The current item when it is still open (pending, or failed and so to be tried again);
    // otherwise nothing, and the status bar says why ("#7 is applied: only pending or failed
    // proposals can be edited", `what` being "be edited").
    std::optional<InboxItem> currentOpen(const QString& what);

    InboxPage& m_page;
    InboxDecider& m_decider;
};

} // namespace sediment::ui
