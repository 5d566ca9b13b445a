#pragma once

#include "inbox/PreflightVerdict.h"
#include "model/InboxItem.h"
#include "shared/FactRow.h"

#include <QWidget>

#include <optional>

class QLabel;
class QFormLayout;
class QPushButton;
class QVBoxLayout;

namespace sediment {
class Workspace;
}

namespace sediment::ui {

class DiffView;
class WritePlanView;

// Everything a reviewer needs to decide one item: the change as a word-level diff, rationale,
// score, provenance, seen count, stale flag, threat scan and, for memory, the budget preview; for
// a staged Hermes write its origin and summary, and for a batch every operation (WritePlanView).
class DetailPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailPane)

public:
    explicit DetailPane(Workspace& workspace, QWidget* parent = nullptr);

    // Shows the item; re-checks its staleness against the target as it is now.
    void showItem(const InboxItem& item, bool staleNow);
    void showMessage(const QString& message);
    // What approving the shown item would do (InboxPreflight); none: still being checked, or
    // not pending.
    void showPreflight(const PreflightVerdict* verdict, bool pending);
    // The group view (docs/user-guide.md#groups): the diff becomes the group's combined result, the
    // final file once every item of it is applied in order against today's, and the banner says
    // so, or why the group would not apply as a whole.
    void showGroupResult(const PreflightVerdict& verdict);
    QString preflightText() const;
    std::optional<qint64> itemId() const { return m_id; }

    // For tests and for the status bar.
    QString budgetText() const;
    QString threatText() const;
    QString approvalsText() const;
    QString claimText() const; // who holds the item (inbox next), empty when nobody does
    bool staleShown() const;
    // A pending memory write that does not fit its store: the pane offers to make room.
    bool offersRoom() const;
    DiffView* diffView() const { return m_diff; }
    WritePlanView* writePlan() const { return m_plan; }

Q_SIGNALS:
    // "Make room…" was pressed for the shown item.
    void makeRoomRequested();

private:
    // The constructor's steps.
    void buildHeading(QVBoxLayout* outer);
    QWidget* buildFacts();
    void applyColors();

    Workspace& m_workspace;
    std::optional<qint64> m_id;
    QLabel* m_title = nullptr;
    QLabel* m_subtitle = nullptr;
    QLabel* m_banner = nullptr;
    DiffView* m_diff = nullptr;
    WritePlanView* m_plan = nullptr;
    QLabel* m_rationale = nullptr;
    QLabel* m_score = nullptr;
    QLabel* m_provenance = nullptr;
    QLabel* m_seen = nullptr;
    QLabel* m_stale = nullptr;
    bool m_staleShown = false; // kept apart from m_stale's text, which a translation changes
    QLabel* m_threat = nullptr;
    FactRow m_budget;
    QPushButton* m_makeRoom = nullptr; // over-budget pending memory writes
    FactRow m_approvals;               // team mode, two-person destinations: who approved so far
    QLabel* m_preflight = nullptr;
    FactRow m_claim; // a reviewer walking the queue holds the item
    FactRow m_group; // the other pending items aimed at the same target
    QWidget* m_content = nullptr;
    QLabel* m_placeholder = nullptr;
    bool m_bannerWarning = false;
    bool m_budgetOver = false;
    bool m_threatFound = false;
};

} // namespace sediment::ui
