#pragma once

#include "inbox/BudgetPreview.h"
#include "inbox/MemoryRoom.h"
#include "model/InboxItem.h"

#include <QDialog>

class QDialogButtonBox;
class QHBoxLayout;
class QLabel;
class QListWidget;
class QPushButton;

namespace sediment::ui {

// Approves a memory write that does not fit its store by making room in the same decision
// (issue 15, item 5): the store's entries as they are now, each with its size; the reviewer
// checks entries to remove, or checks several and merges them into one text; the budget line
// says live what the store would hold after the room and the write, and the approval is offered
// only once it fits. The room and the write are applied together by InboxService::makeRoom; its
// refusal comes back here and the dialog stays open.
class MakeRoomDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MakeRoomDialog)

public:
    MakeRoomDialog(const InboxItem& item, BudgetPreview::Input input, QWidget* parent = nullptr);

    qint64 itemId() const { return m_id; }
    const MemoryRoom& room() const { return m_room; }
    // What the store would hold with the room as chosen, and whether the write would be taken.
    QString budgetText() const;
    bool fits() const { return m_fits; }
    void showError(const QString& message);

    // For tests and the keyboard: checks the entry at `row` (a removal when submitted).
    void setChecked(int row, bool checked);
    // Merges the checked entries into `text` (the text typed in the merge dialog).
    bool mergeChecked(const QString& text);
    QListWidget* entryList() const { return m_list; }
    QPushButton* approveButton() const { return m_approve; }

Q_SIGNALS:
    void submitted(const sediment::MemoryRoom& room);

private:
    // The constructor's steps, top to bottom.
    QLabel* buildIntro(const QString& file);
    QListWidget* buildEntryList();
    QHBoxLayout* buildMergeRow();
    QLabel* buildBudgetLine();
    QLabel* buildErrorLine();
    QDialogButtonBox* buildButtons();
    void connectSignals(QDialogButtonBox* buttons);
    void applyColors();
    void rebuildRoom();
    void refresh();
    void askMerge();
    void undoMerges();
    QStringList checkedEntries() const;

    qint64 m_id = 0;
    Json m_itemOp;
    BudgetPreview::Input m_input;
    BudgetPreview m_now;                    // the write alone, on the store as it is
    std::vector<MemoryRoom::Edit> m_merges; // merges made so far; checked rows add removals
    MemoryRoom m_room;
    bool m_fits = false;
    bool m_budgetBad = true; // the budget line reads as a problem, not as "fits"
    QLabel* m_budget = nullptr;
    QLabel* m_error = nullptr;
    QListWidget* m_list = nullptr;
    QPushButton* m_merge = nullptr;
    QPushButton* m_unmerge = nullptr;
    QPushButton* m_approve = nullptr;
};

} // namespace sediment::ui
