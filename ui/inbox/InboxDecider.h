#pragma once

#include "inbox/InboxService.h"
#include "model/InboxItem.h"
#include "util/Error.h"

#include <map>
#include <memory>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <vector>

class QWidget;

namespace sediment {
class Clock;
class Workspace;
} // namespace sediment

namespace sediment::ui {

// The inbox page's decisions, one or a batch at a time, through InboxService (which writes the
// store, the item and its audit row in one transaction). Remembers this session's decisions so
// that Ctrl+Z can revert the last one. Each call returns the line the status bar shows.
class OwnWrites;

class InboxDecider final {
    Q_DECLARE_TR_FUNCTIONS(InboxDecider)

public:
    InboxDecider(Workspace& workspace, const Clock& clock);

    InboxService& service() { return *m_service; }
    Workspace& workspace() { return m_workspace; }
    // Where each decision's written file is recorded as the window's own; none by default.
    void setOwnWrites(OwnWrites* writes) { m_ownWrites = writes; }

    // `parent` hosts the progress dialog of a long batch and the dialog of an I/O error.
    QString approve(const QList<qint64>& ids, QWidget* parent);
    // `notes`: a note of its own for some items (a dead item's preflight message), `text` for
    // the others.
    QString refuse(const QList<qint64>& ids, const QString& code, const QString& text,
                   const std::map<qint64, QString>& notes = {});
    // The group of `id` (InboxService::approveGroup): its items applied in order as one decision.
    // Ctrl+Z then reverts the whole group.
    QString approveGroup(qint64 id, QWidget* parent);
    // Keeps `id` and refuses the other items of its group as superseded by it.
    QString keepOnly(qint64 id);
    // How many decisions this window made since it opened (the status bar's progress).
    int decidedThisSession() const { return m_decided; }
    // Applies the edited op. The error (or the store's refusal, as Refused) goes back to the
    // editor so that the reviewer can correct it.
    Result<InboxItem> patch(qint64 id, const Json& op);
    // Approves a memory write with the room `room` makes (InboxService::makeRoom); a refusal or
    // the store's "no" comes back as an error for the dialog.
    Result<InboxItem> makeRoom(qint64 id, const MemoryRoom& room);
    // Ctrl+Z: undoes this session's last decision. An approval (or a patch) is reverted (docs/user-guide.md#inbox);
    // a refusal is taken back, the item pending again (InboxService::undoRefusal); a failed
    // approval wrote nothing and stays on record.
    struct Undone {
        QString message;           // for the status bar
        qint64 id = 0;             // the item concerned, 0 when there was nothing to undo
        bool pendingAgain = false; // the item is back in the pending view
    };
    Undone undo(QWidget* parent);

    static bool isApplied(const QString& status);
    // Team mode: a decision recorded but not written here (waiting for the files host, or for a
    // second reviewer under the two-person rule).
    static bool isRecorded(const QString& status);

private:
    struct Decision {
        qint64 id;
        QString status; // what the decision made of it
    };

    // Keeps the decision for Ctrl+Z, and tells the workspace which file it wrote.
    void remember(const InboxItem& done);
    void noteWritten(const InboxItem& done);

    Workspace& m_workspace;
    std::unique_ptr<InboxService> m_service;
    std::vector<Decision> m_history;
    int m_decided = 0;
    OwnWrites* m_ownWrites = nullptr;
};

} // namespace sediment::ui
