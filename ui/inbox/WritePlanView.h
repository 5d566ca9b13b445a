#pragma once

#include "shared/FactRow.h"

#include <QStringList>
#include <QWidget>

class QLabel;

namespace sediment {
class Workspace;
struct InboxItem;
} // namespace sediment

namespace sediment::ui {

// The part of the detail pane that explains a staged Hermes write and a batch (docs/verbs.md#hermes, docs/user-guide.md#memory batch):
// where Hermes staged it from (origin: background_review, assistant_tool, ...), Hermes' own
// summary, and for a batch every operation in order with its target store and the net effect of
// the whole write on that store's budget. The figures come from core (MemoryWritePlan); this
// widget only lays them out. Hidden for items that are neither.
class WritePlanView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WritePlanView)

public:
    explicit WritePlanView(QWidget* parent = nullptr);

    // Fills the view for `item` and shows it when it has something to say; returns that.
    bool showItem(Workspace& workspace, const InboxItem& item);

    // For tests and accessibility: the texts as shown.
    QString originText() const;
    // What kind of staging it was, said only of a background review's consolidation.
    QString kindText() const;
    QString summaryText() const;
    QStringList operationTexts() const;
    QString budgetText() const;

private:
    void applyColors();

    QLabel* m_heading = nullptr;
    QLabel* m_kind = nullptr;
    FactRow m_origin;
    FactRow m_summary;
    FactRow m_operations;
    FactRow m_budget;
    QStringList m_operationTexts;
    bool m_budgetBad = false;
};

} // namespace sediment::ui
