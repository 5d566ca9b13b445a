#pragma once

#include "WorkspacePage.h"

#include <QList>

#include <memory>

class QAction;
class QLabel;
class QLineEdit;
class QTableView;
class QSplitter;

namespace sediment::ui {

class DetailPane;
class EmptyListStack;
class InboxPreflight;
class InboxDecider;
class InboxTableModel;
class InboxBackground;
class InboxSearchBar;
class InboxSelection;
class InboxUpkeep;
class OwnWrites;
class InboxTriage;
class RecordTable;

// The triage surface (docs/user-guide.md#inbox, docs/user-guide.md#the-window): a lazy table of proposals, the search box with its query
// language and the detail pane, with the selection kept across refreshes. The keyboard flow
// (A approve, R refuse, E patch, J/K move, Ctrl+Z undo the last decision, / search) is
// InboxTriage's; every decision goes through InboxService, which writes the store, the item and
// its audit row together, and then the page advances to the next pending item.
class InboxPage final : public WorkspacePage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InboxPage)

public:
    InboxPage(Workspace& workspace, const Clock& clock, QWidget* parent = nullptr);
    ~InboxPage() override;

    QString pageId() const override { return QStringLiteral("inbox"); }
    QString title() const override { return tr("Inbox"); }
    QString badge() const override;

    QTableView* table() const;
    InboxTableModel* model() const { return m_model; }
    DetailPane* detail() const { return m_detail; }
    InboxPreflight* preflight() const { return m_preflight; }
    int decidedThisSession() const;
    QLineEdit* searchBox() const;
    QLabel* queryError() const;
    qint64 currentId() const;
    QList<qint64> selectedIds() const;
    // The topmost selected row: where a decision on the selection moves on from.
    int firstSelectedRow() const;
    bool selectId(qint64 id);
    void selectRow(int row);
    // After a decision on the item at `row`: refreshes and selects the next pending item.
    void advanceFrom(int row);
    // The current item is pending and its target changed since it was proposed.
    bool currentIsStale() const;
    InboxTriage* triage() const { return m_triage; }
    // Files the intake and keeps the free-text index caught up while the page is open.
    InboxUpkeep* upkeep() const;
    // Where the files this page's decisions write are recorded as the window's own.
    void setOwnWrites(OwnWrites* writes);

public Q_SLOTS:
    void reload() override;
    void applyQuery();

protected:
    void showEvent(QShowEvent* event) override;

private:
    // The constructor's steps, in the order the widgets are made.
    void buildList();
    QSplitter* buildSplitter();
    void connectSignals();
    void restoreLayout();
    void showCurrent();
    void showGroupResult();
    void updateEmptyState();
    void saveLayout() const;

    std::unique_ptr<InboxDecider> m_decider;
    InboxTriage* m_triage = nullptr;
    InboxTableModel* m_model = nullptr;
    RecordTable* m_table = nullptr;
    InboxSelection* m_selection = nullptr;
    DetailPane* m_detail = nullptr;
    InboxSearchBar* m_bar = nullptr;
    EmptyListStack* m_listStack = nullptr;
    QSplitter* m_splitter = nullptr;
    InboxBackground* m_background = nullptr;
    InboxPreflight* m_preflight = nullptr;
    QString m_appliedQuery;
    bool m_currentStale = false;
};

} // namespace sediment::ui
