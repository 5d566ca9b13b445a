#pragma once

#include "model/InboxItem.h"

#include <QObject>
#include <QString>

#include <map>
#include <optional>

class QAction;

namespace sediment::ui {

class InboxDecider;
class InboxPage;
class RefuseChord;

// The inbox's keyboard triage (docs/user-guide.md#the-window): the actions A approve, R then a digit refuse (R R: with
// a note), Ctrl+K the command palette, E patch, M make room (a
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
    // R: arms the refusal chord (R then a digit); the dialog is R twice, or the button.
    void refuseSelected();
    // The dialog, for a reason to explain.
    void refuseWithDialog(const QString& presetCode = {});
    // The selection refused with `code` and no dialog; a dead item's note is its preflight
    // message, so a selection of dead items is refused in one step with each one's reason.
    void refuseWith(const QString& code);
    // Ctrl+K: every command of the window with its key, filtered as one types.
    void openPalette();
    void editCurrent();
    // Opens the make-room dialog for the current item, a pending memory write.
    void makeRoomCurrent();
    // Shift+A: the current item's group (every pending item aimed at its target) applied in
    // order as one decision. O: the current item kept, the others of its group refused as
    // superseded by it. G: the group:target view on or off (a toolbar toggle too).
    void approveGroup();
    void keepOnly();
    void toggleGroups(bool on);
    // Follows the query: the toggle is on exactly when the applied query has group:target.
    void showGroupsOn(bool on);
    void undoLast();
    void next();
    void previous();
    void focusSearch();

private:
    void buildActions();
    void buildPaletteCommands();
    // The current item when it is still open (pending, or failed and so to be tried again);
    // otherwise nothing, and the status bar says why ("#7 is applied: only pending or failed
    // proposals can be edited", `what` being "be edited").
    std::optional<InboxItem> currentOpen(const QString& what);
    // The preflight messages of the dead items among `ids`: their refusal notes.
    std::map<qint64, QString> deadNotes(const QList<qint64>& ids) const;

    InboxPage& m_page;
    InboxDecider& m_decider;
    RefuseChord* m_chord = nullptr;
    QAction* m_groups = nullptr;
};

} // namespace sediment::ui
