#include "inbox/InboxTriage.h"
#include "model/InboxStatus.h"
#include "model/RefusalCode.h"

#include "inbox/BudgetPreview.h"
#include "inbox/DetailPane.h"
#include "inbox/InboxDecider.h"
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxService.h"
#include "inbox/MakeRoomDialog.h"
#include "inbox/PatchEditor.h"
#include "inbox/RefuseChord.h"
#include "inbox/RefuseDialog.h"
#include "shared/CommandPalette.h"

#include <QAction>
#include <QApplication>
#include <QCursor>
#include <QIcon>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QToolButton>

namespace sediment::ui {

namespace {

// A dialog's submission decided: on failure the error shows in the dialog and the list reloads
// (a failed apply still records the item as failed); on success `describe` goes to the status
// bar, the dialog closes and the list moves on from the row the item stood in.
template <typename Dialog, typename Decide, typename Describe>
bool submitFrom(InboxPage& page, Dialog* dialog, Decide decide, Describe describe)
{
    const int row = page.table()->currentIndex().row();
    auto done = decide();
    if (!done) {
        dialog->showError(done.error().message);
        page.reload();
        Q_EMIT page.workspaceChanged();
        return false;
    }
    Q_EMIT page.statusMessage(describe(*done));
    dialog->accept();
    page.advanceFrom(row);
    return true;
}

// `decide` run on the current item: what it says goes to the status bar, and the list moves on
// from the row the item stood in.
template <typename Decide>
void decideCurrent(InboxPage& page, Decide decide)
{
    const qint64 id = page.currentId();
    if (!id)
        return;
    const int row = page.table()->currentIndex().row();
    Q_EMIT page.statusMessage(decide(id));
    page.advanceFrom(row);
}

} // namespace

InboxTriage::InboxTriage(InboxPage& page, InboxDecider& decider) : QObject(&page), m_page(page), m_decider(decider)
{
    m_chord = new RefuseChord([this](const QString& code) { refuseWith(code); }, [this] { refuseWithDialog(); }, this);
    connect(m_chord, &RefuseChord::message, &m_page, &InboxPage::statusMessage);
    buildActions();
}

void InboxTriage::buildActions()
{
    struct Spec {
        const char* text;
        QKeySequence key;
        const char* icon;
        void (InboxTriage::*slot)();
        const char* tip;
    };
    const Spec specs[] = {
        {QT_TR_NOOP("Approve"), QKeySequence(Qt::Key_A), "approve", &InboxTriage::approveSelected,
         QT_TR_NOOP("Apply the selected proposals (A)")},
        {QT_TR_NOOP("Refuse…"), QKeySequence(Qt::Key_R), "refuse", &InboxTriage::refuseSelected,
         QT_TR_NOOP("Refuse the selected proposals: R then a reason's digit (1 duplicate … 7 other), "
                    "or R twice for a note")},
        {QT_TR_NOOP("Edit…"), QKeySequence(Qt::Key_E), "edit", &InboxTriage::editCurrent,
         QT_TR_NOOP("Edit the payload, then apply the edited version (E)")},
        {QT_TR_NOOP("Make room…"), QKeySequence(Qt::Key_M), nullptr, &InboxTriage::makeRoomCurrent,
         QT_TR_NOOP("Approve a memory write that does not fit, removing or merging entries in the "
                    "same decision (M)")},
        {QT_TR_NOOP("Approve group"), QKeySequence(Qt::SHIFT | Qt::Key_A), nullptr, &InboxTriage::approveGroup,
         QT_TR_NOOP("Apply every pending proposal aimed at this one's target, in order, as one decision "
                    "(Shift+A)")},
        {QT_TR_NOOP("Keep only this one"), QKeySequence(Qt::Key_O), nullptr, &InboxTriage::keepOnly,
         QT_TR_NOOP("Refuse the other proposals aimed at this one's target as superseded by it (O)")},
        {QT_TR_NOOP("Undo"), QKeySequence(Qt::CTRL | Qt::Key_Z), "undo", &InboxTriage::undoLast,
         QT_TR_NOOP("Undo the last decision: revert an approval, take back a refusal (Ctrl+Z)")},
        {QT_TR_NOOP("Next"), QKeySequence(Qt::Key_J), nullptr, &InboxTriage::next, QT_TR_NOOP("Next proposal (J)")},
        {QT_TR_NOOP("Previous"), QKeySequence(Qt::Key_K), nullptr, &InboxTriage::previous,
         QT_TR_NOOP("Previous proposal (K)")},
        {QT_TR_NOOP("Search"), QKeySequence(Qt::Key_Slash), nullptr, &InboxTriage::focusSearch,
         QT_TR_NOOP("Search (/)")},
        {QT_TR_NOOP("Commands"), QKeySequence(Qt::CTRL | Qt::Key_K), nullptr, &InboxTriage::openPalette,
         QT_TR_NOOP("Every command with its key (Ctrl+K)")},
    };
    for (const Spec& s : specs) {
        auto* action = new QAction(tr(s.text), &m_page);
        action->setObjectName(QStringLiteral("action") + QString::fromUtf8(s.text).remove(QChar(0x2026)));
        action->setShortcut(s.key);
        // Window-wide while the page is shown (a hidden page's actions are inactive), so a letter
        // decides wherever the focus is: the sidebar, the detail pane. Text fields keep their
        // letters: a line edit claims printable keys before any shortcut sees them.
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(tr(s.tip));
        if (s.icon)
            action->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(QString::fromLatin1(s.icon))));
        connect(action, &QAction::triggered, this, s.slot);
        m_page.addAction(action);
    }
    // A view, not a decision: a toggle, its state the query's.
    m_groups = new QAction(QIcon(QStringLiteral(":/icons/group.svg")), tr("Group by target"), &m_page);
    m_groups->setObjectName(QStringLiteral("actionGroup by target"));
    m_groups->setCheckable(true);
    m_groups->setShortcut(QKeySequence(Qt::Key_G));
    m_groups->setShortcutContext(Qt::WindowShortcut);
    m_groups->setToolTip(tr("List the proposals aimed at the same target together, the largest group first "
                            "(G, or group:target in the search)"));
    connect(m_groups, &QAction::triggered, this, &InboxTriage::toggleGroups);
    m_page.addAction(m_groups);
    buildPaletteCommands();
    auto* leave = new QAction(&m_page);
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setShortcutContext(Qt::WidgetShortcut);
    connect(leave, &QAction::triggered, m_page.table(), qOverload<>(&QWidget::setFocus));
    m_page.searchBox()->addAction(leave);
}

void InboxTriage::buildPaletteCommands()
{
    // Keys the palette should teach but no QAction carries: the table's own Ctrl+A, and the
    // refusal chord's R then a digit (RefuseChord reads those keys). These actions are added to
    // no widget, so their keys stay the table's and the chord's; the palette lists them (it
    // gathers the window's actions) and runs them like any other.
    auto* selectAll = new QAction(tr("Select all"), &m_page);
    selectAll->setObjectName(QStringLiteral("actionSelect all"));
    selectAll->setShortcut(QKeySequence::SelectAll);
    connect(selectAll, &QAction::triggered, m_page.table(), &QAbstractItemView::selectAll);
    const QStringList& codes = InboxService::refusalCodes();
    for (qsizetype i = 0; i < codes.size(); ++i) {
        const QString code = codes[i];
        auto* refuse = new QAction(tr("Refuse as %1").arg(RefuseChord::spoken(code)), &m_page);
        refuse->setObjectName(QStringLiteral("actionRefuse as ") + code);
        refuse->setShortcut(QKeySequence(QStringLiteral("R, %1").arg(i + 1)));
        connect(refuse, &QAction::triggered, this, [this, code] { refuseWith(code); });
    }
}

void InboxTriage::approveSelected()
{
    const QList<qint64> ids = m_page.selectedIds();
    if (ids.isEmpty())
        return;
    if (ids.size() == 1 && m_page.currentIsStale() && ids.front() == m_page.currentId()) {
        Q_EMIT m_page.statusMessage(tr("#%1 is outdated: its target changed since it "
                                       "was proposed. Press E to patch it, or R to "
                                       "refuse it.")
                                        .arg(ids.front()));
        return;
    }
    // A write that would not fit would only fail: the reviewer is offered to make room instead.
    if (ids.size() == 1 && ids.front() == m_page.currentId() && m_page.detail()->offersRoom()) {
        makeRoomCurrent();
        return;
    }
    const int row = m_page.firstSelectedRow();
    Q_EMIT m_page.statusMessage(m_decider.approve(ids, &m_page));
    m_page.advanceFrom(row);
}

void InboxTriage::approveGroup()
{
    decideCurrent(m_page, [this](qint64 id) { return m_decider.approveGroup(id, &m_page); });
}

void InboxTriage::keepOnly()
{
    decideCurrent(m_page, [this](qint64 id) { return m_decider.keepOnly(id); });
}

void InboxTriage::toggleGroups(bool on)
{
    QLineEdit* box = m_page.searchBox();
    QStringList words = box->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    words.removeIf([](const QString& w) { return w.compare(QLatin1String("group:target"), Qt::CaseInsensitive) == 0; });
    if (on)
        words.prepend(QStringLiteral("group:target"));
    box->setText(words.join(QLatin1Char(' ')));
    m_page.applyQuery();
}

void InboxTriage::showGroupsOn(bool on)
{
    if (m_groups)
        m_groups->setChecked(on);
}

void InboxTriage::refuseSelected()
{
    if (m_page.selectedIds().isEmpty())
        return;
    // A click on the toolbar's button asks for the dialog (the pointer is on it when the action
    // fires); the key arms the chord.
    if (const auto* button = qobject_cast<QToolButton*>(QApplication::widgetAt(QCursor::pos()));
        button && button->defaultAction() && button->defaultAction()->objectName() == QLatin1String("actionRefuse")) {
        refuseWithDialog();
        return;
    }
    m_chord->arm();
}

void InboxTriage::refuseWithDialog(const QString& presetCode)
{
    const QList<qint64> ids = m_page.selectedIds();
    if (ids.isEmpty())
        return;
    auto* dialog = new RefuseDialog(int(ids.size()), &m_page);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!presetCode.isEmpty())
        dialog->setCode(presetCode);
    connect(dialog, &QDialog::accepted, this, [this, dialog, ids] {
        const int row = m_page.firstSelectedRow();
        Q_EMIT m_page.statusMessage(m_decider.refuse(ids, dialog->code(), dialog->text(), deadNotes(ids)));
        m_page.advanceFrom(row);
    });
    dialog->open();
}

std::map<qint64, QString> InboxTriage::deadNotes(const QList<qint64>& ids) const
{
    std::map<qint64, QString> notes;
    for (qint64 id : ids)
        if (const PreflightVerdict* v = m_page.preflight()->verdictOf(id); v && v->isDead() && !v->message.isEmpty())
            notes[id] = v->message;
    return notes;
}

void InboxTriage::refuseWith(const QString& code)
{
    const QList<qint64> ids = m_page.selectedIds();
    if (ids.isEmpty())
        return;
    const std::map<qint64, QString> notes = deadNotes(ids);
    // "Other" says nothing by itself: without a preflight message for every item, the dialog
    // asks for the note.
    if (isWord(code, RefusalCode::Other) && notes.size() < size_t(ids.size())) {
        refuseWithDialog(code);
        return;
    }
    const int row = m_page.firstSelectedRow();
    Q_EMIT m_page.statusMessage(m_decider.refuse(ids, code, QString(), notes));
    m_page.advanceFrom(row);
}

void InboxTriage::openPalette()
{
    // The page's commands and the window's (its menus), each with its key.
    QList<QAction*> actions = m_page.actions();
    if (QWidget* window = m_page.window())
        for (QAction* a : window->findChildren<QAction*>())
            if (!actions.contains(a) && !a->text().isEmpty() && !a->menu() && !a->isSeparator())
                actions << a;
    auto* palette = new CommandPalette(actions, &m_page);
    palette->setAttribute(Qt::WA_DeleteOnClose);
    palette->open();
}

std::optional<InboxItem> InboxTriage::currentOpen(const QString& what)
{
    const qint64 id = m_page.currentId();
    if (!id)
        return std::nullopt;
    auto item = m_decider.service().item(id);
    if (!item) {
        Q_EMIT m_page.statusMessage(item.error().message);
        return std::nullopt;
    }
    if (!isWord(item->status, InboxStatus::Pending) && !isWord(item->status, InboxStatus::Failed)) {
        Q_EMIT m_page.statusMessage(
            tr("#%1 is %2: only pending or failed proposals can %3.").arg(id).arg(item->status, what));
        return std::nullopt;
    }
    return std::move(*item);
}

void InboxTriage::editCurrent()
{
    auto item = currentOpen(tr("be edited"));
    if (!item)
        return;
    auto* editor = new PatchEditor(*item, &m_page);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(editor, &PatchEditor::submitted, this, [this, editor](const Json& op) {
        submitFrom(
            m_page, editor, [&] { return m_decider.patch(editor->itemId(), op); },
            [](const InboxItem& done) { return tr("Applied your edit of #%1").arg(done.id); });
    });
    editor->open();
}

void InboxTriage::makeRoomCurrent()
{
    auto item = currentOpen(tr("make room"));
    if (!item)
        return;
    auto input = BudgetPreview::inputFor(m_decider.workspace(), *item);
    if (!input) {
        Q_EMIT m_page.statusMessage(input.error().message);
        return;
    }
    if (!*input) {
        Q_EMIT m_page.statusMessage(
            tr("#%1 writes to %2: only memory and user writes can make room.").arg(item->id).arg(item->destination));
        return;
    }
    auto* dialog = new MakeRoomDialog(*item, std::move(**input), &m_page);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &MakeRoomDialog::submitted, this, [this, dialog](const MemoryRoom& room) {
        const bool made = submitFrom(
            m_page, dialog, [&] { return m_decider.makeRoom(dialog->itemId(), room); },
            [](const InboxItem& done) {
                return tr("Approved #%1 and made room: %2").arg(done.id).arg(done.reason.value_or(QString()));
            });
        if (made)
            Q_EMIT m_page.workspaceChanged();
    });
    dialog->open();
}

void InboxTriage::undoLast()
{
    const InboxDecider::Undone undone = m_decider.undo(&m_page);
    Q_EMIT m_page.statusMessage(undone.message);
    m_page.reload();
    Q_EMIT m_page.workspaceChanged();
    // A refusal taken back puts the item in the pending view again: show it where it is.
    if (undone.pendingAgain)
        m_page.selectId(undone.id);
}

void InboxTriage::next()
{
    const int row = m_page.table()->currentIndex().row();
    m_page.selectRow(row < 0 ? 0 : row + 1);
}

void InboxTriage::previous()
{
    const int row = m_page.table()->currentIndex().row();
    m_page.selectRow(row <= 0 ? 0 : row - 1);
}

void InboxTriage::focusSearch()
{
    m_page.searchBox()->setFocus(Qt::ShortcutFocusReason);
    m_page.searchBox()->selectAll();
}

} // namespace sediment::ui
